/*
 * Copyright 2026 the RuleFilter authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.rulefilter.artemis.cluster;

import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.management.CoreNotificationType;
import org.apache.activemq.artemis.api.core.management.ManagementHelper;
import org.apache.activemq.artemis.core.postoffice.Binding;
import org.apache.activemq.artemis.core.server.cluster.RemoteQueueBinding;
import org.apache.activemq.artemis.core.server.management.ManagementService;
import org.apache.activemq.artemis.core.server.management.Notification;
import org.apache.activemq.artemis.utils.UUIDGenerator;
import org.apache.activemq.artemis.utils.collections.TypedProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.Executor;

/**
 * Keeps other nodes' copies of this node's queues without a filter, so that they forward whatever reaches the address
 * and this node's {@link ForwardedMessageGuard} decides. A filter on the copy would be a stale superset: Artemis tells
 * other nodes a queue's filter string (the SQL part of a rule's selector form), never its rules, and a rule widened
 * through management would lose the messages the old filter string rejects.
 * <p>
 * Artemis sets the filter of a copy when the copy is made (a binding hook: cleared here) and when the queue's filter is
 * replaced through Artemis ({@code BINDING_UPDATED}, no hook on the receiving node). For the latter this node follows
 * Artemis's notification with one of its own that carries no filter; it is sent from another thread, because Artemis
 * calls notification listeners before it sends the notification to other nodes, under a lock that keeps them in order.
 */
final class RemoteFilters {

   /** Marks the notifications this class sends, so that it does not answer its own. */
   static final SimpleString OWNER_DECIDES = SimpleString.of("_RF_OWNER_DECIDES");
   private static final Logger LOG = LoggerFactory.getLogger(RemoteFilters.class);

   private final ManagementService management;
   private final Executor executor;

   RemoteFilters(ManagementService management, Executor executor) {
      this.management = management;
      this.executor = executor;
   }

   /** Another node's queue was copied here: forward it everything, its node decides. */
   static void bindingAdded(Binding binding) {
      if (binding instanceof RemoteQueueBinding remote && remote.getFilter() != null) {
         remote.setFilter(null);
      }
   }

   /** Whether the notification is one this class sent. */
   static boolean isOwn(Notification notification) {
      return notification.getProperties() != null && notification.getProperties().containsProperty(OWNER_DECIDES);
   }

   /** Artemis announced a new filter of one of this node's queues: announce, after it, that the copies take none. */
   void filterAnnounced(Notification notification) {
      TypedProperties announced = notification.getProperties();
      if (notification.getType() != CoreNotificationType.BINDING_UPDATED || announced == null || isOwn(notification)
            || !announced.containsProperty(ManagementHelper.HDR_FILTERSTRING)) {
         return;
      }
      TypedProperties none = new TypedProperties();
      none.putSimpleStringProperty(ManagementHelper.HDR_CLUSTER_NAME,
            announced.getSimpleStringProperty(ManagementHelper.HDR_CLUSTER_NAME));
      none.putSimpleStringProperty(ManagementHelper.HDR_ADDRESS, announced.getSimpleStringProperty(ManagementHelper.HDR_ADDRESS));
      none.putIntProperty(ManagementHelper.HDR_DISTANCE, announced.getIntProperty(ManagementHelper.HDR_DISTANCE));
      none.putBooleanProperty(OWNER_DECIDES, true);
      executor.execute(() -> send(new Notification(UUIDGenerator.getInstance().generateStringUUID(),
            CoreNotificationType.BINDING_UPDATED, none)));
   }

   private void send(Notification notification) {
      try {
         management.sendNotification(notification);
      } catch (Exception e) {
         LOG.warn("RFL2601 RuleFilter: could not tell other cluster nodes to forward every message to "
               + "queue '{}'; they filter by its filter string until its node restarts",
               notification.getProperties().getSimpleStringProperty(ManagementHelper.HDR_CLUSTER_NAME), e);
      }
   }
}

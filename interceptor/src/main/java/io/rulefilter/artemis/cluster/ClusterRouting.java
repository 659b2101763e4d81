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

import org.apache.activemq.artemis.core.postoffice.Binding;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.ServerConsumer;
import org.apache.activemq.artemis.core.server.management.Notification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * RuleFilter's part in Artemis's clustering (see the package comment): on a clustered broker it clears the filters of
 * other nodes' queue copies, follows Artemis's filter announcements, and judges what other nodes forward. On a broker
 * without a cluster connection it does nothing.
 */
public final class ClusterRouting {

   private static final Logger LOG = LoggerFactory.getLogger(ClusterRouting.class);

   private final ActiveMQServer server;
   private final boolean clustered;
   private final ClusterBridges bridges;
   private final ForwardedMessageGuard guard;
   private final RemoteFilters remoteFilters;

   public ClusterRouting(ActiveMQServer server) {
      this.server = server;
      this.clustered = !server.getConfiguration().getClusterConfigurations().isEmpty();
      this.bridges = new ClusterBridges(server);
      this.guard = new ForwardedMessageGuard(bridges, server::getPostOffice);
      this.remoteFilters = new RemoteFilters(server.getManagementService(),
            command -> server.getExecutorFactory().getExecutor().execute(command));
   }

   public void start() {
      if (clustered) {
         server.getRemotingService().addIncomingInterceptor(guard);
         LOG.info("RFL1020 RuleFilter: clustered; each node's rules decide what enters its own queues, for messages "
               + "published on any node (other nodes forward every message of an address to a node with queues on it)");
      }
   }

   public void stop() {
      if (clustered) {
         server.getRemotingService().removeIncomingInterceptor(guard);
      }
   }

   /** A binding is about to be added: another node's queue copied here forwards everything. */
   public void bindingAdded(Binding binding) {
      RemoteFilters.bindingAdded(binding);
   }

   public void consumerCreated(ServerConsumer consumer) {
      if (clustered) {
         bridges.consumerCreated(consumer);
      }
   }

   /**
    * A notification of this broker: Artemis's announcement of a new filter is followed by RuleFilter's own.
    *
    * @return false for a notification RuleFilter sent itself, which nothing else needs to look at
    */
   public boolean notified(Notification notification) {
      if (RemoteFilters.isOwn(notification)) {
         return false;
      }
      if (clustered) {
         remoteFilters.filterAnnounced(notification);
      }
      return true;
   }

   /** Forwarded queue deliveries judged on this node, and how many were rejected. */
   public long forwardedJudged() {
      return guard.judged();
   }

   public long forwardedRejected() {
      return guard.rejected();
   }
}

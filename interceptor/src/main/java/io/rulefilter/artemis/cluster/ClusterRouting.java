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

import io.rulefilter.artemis.management.PeerChanges;
import io.rulefilter.artemis.management.RuleManagement;
import org.apache.activemq.artemis.core.postoffice.Binding;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.ServerConsumer;
import org.apache.activemq.artemis.core.server.cluster.RemoteQueueBinding;
import org.apache.activemq.artemis.core.server.management.Notification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.Executor;

/**
 * RuleFilter's part in Artemis's clustering (see the package comment): on a clustered broker it clears the filters of
 * other nodes' queue copies, follows Artemis's filter announcements, judges what other nodes forward, and keeps
 * management changes in step with the other nodes. On a broker without a cluster connection it does nothing.
 */
public final class ClusterRouting {

   private static final Logger LOG = LoggerFactory.getLogger(ClusterRouting.class);

   private final ActiveMQServer server;
   private final boolean clustered;
   private final ClusterBridges bridges;
   private final ForwardedMessageGuard guard;
   private final RemoteFilters remoteFilters;
   private final RuleManagement management;
   private final PeerSync peers;

   public ClusterRouting(ActiveMQServer server, RuleManagement management) {
      this.server = server;
      this.clustered = !server.getConfiguration().getClusterConfigurations().isEmpty();
      this.bridges = new ClusterBridges(server);
      this.guard = new ForwardedMessageGuard(bridges, server::getPostOffice);
      Executor executor = command -> server.getExecutorFactory().getExecutor().execute(command);
      this.remoteFilters = new RemoteFilters(server.getManagementService(), executor);
      this.management = management;
      this.peers = new PeerSync(server, management, executor);
   }

   public void start() {
      if (clustered) {
         server.getRemotingService().addIncomingInterceptor(guard);
         management.passChangesTo(peers);
         LOG.info("RFL1020 RuleFilter: clustered; each node's rules decide what enters its own queues, for messages "
               + "published on any node (other nodes forward every message of an address to a node with queues on it)");
      }
   }

   public void stop() {
      if (clustered) {
         server.getRemotingService().removeIncomingInterceptor(guard);
         management.passChangesTo(PeerChanges.NONE);
      }
   }

   /**
    * A binding is about to be added: another node's queue copied here forwards everything, and gets the state of the
    * same subscription here.
    */
   public void bindingAdded(Binding binding) {
      RemoteFilters.bindingAdded(binding);
      if (clustered && binding instanceof RemoteQueueBinding remote) {
         peers.remoteQueueAdded(remote);
      }
   }

   public void consumerCreated(ServerConsumer consumer) {
      if (clustered && bridges.consumerCreated(consumer)) {
         peers.peerConnected();
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

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
import org.apache.activemq.artemis.core.server.Queue;
import org.apache.activemq.artemis.core.server.ServerConsumer;
import org.apache.activemq.artemis.core.server.ServerSession;
import org.apache.activemq.artemis.spi.core.protocol.RemotingConnection;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The connections over which other nodes' cluster bridges forward messages to this node. A bridge opens its
 * connection, consumes this node's binding notifications from a temporary {@code notif.*} queue, and only then starts
 * forwarding (Artemis's {@code BridgeImpl} connects, calls {@code afterConnect} and then delivers), so the consumer
 * marks the connection before its first forwarded message. A mark lasts as long as the connection.
 * Only connections of the cluster user count (bridges authenticate as it), so a client cannot make one look like a
 * bridge.
 * <p>
 * Data import and scale-down also send messages that name their queues, over connections without such a consumer:
 * they restore what queues held, which is not judged again. (Scale-down also moves what a node had not forwarded yet
 * to the nodes it scales down to; those messages passed only the copies' filters, a superset.)
 */
final class ClusterBridges {

   private static final SimpleString NOTIFICATION_QUEUE_PREFIX = SimpleString.of("notif.");

   private final SimpleString notifications;
   private final String clusterUser;
   private final Function<String, ServerSession> sessions;
   private final Set<Object> connections = ConcurrentHashMap.newKeySet();

   ClusterBridges(SimpleString notifications, String clusterUser, Function<String, ServerSession> sessions) {
      this.notifications = notifications;
      this.clusterUser = clusterUser;
      this.sessions = sessions;
   }

   /**
    * A consumer was created: when it is a cluster bridge's notification consumer, its connection is a bridge's.
    *
    * @return true when it marked a connection: another node's bridge has just connected
    */
   boolean consumerCreated(ServerConsumer consumer) {
      Queue queue = consumer.getQueue();
      if (!queue.getAddress().equals(notifications) || !queue.getName().startsWith(NOTIFICATION_QUEUE_PREFIX)) {
         return false;
      }
      ServerSession session = sessions.apply(consumer.getSessionID());
      if (session == null || !clusterUser.equals(session.getUsername())) {
         return false; // only the cluster user's bridges: a client's consumer there changes nothing
      }
      RemotingConnection connection = session.getRemotingConnection();
      Object id = connection.getID();
      if (!connections.add(id)) {
         return false;
      }
      connection.addCloseListener(() -> connections.remove(id)); // Artemis calls it on failure too
      return true;
   }

   /** Whether {@code connection} belongs to another node's cluster bridge; lock-free, for the network thread. */
   boolean isBridge(RemotingConnection connection) {
      return !connections.isEmpty() && connections.contains(connection.getID());
   }
}

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
package io.rulefilter.artemis.server;

import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.ServerSession;
import org.apache.activemq.artemis.core.server.cluster.ClusterManager;

import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The pieces of one life of an Artemis server that RuleFilter's part in a cluster uses.
 *
 * @param clustered          whether the broker has a cluster connection
 * @param nodeId             this node's id, read at each call: a backup learns it only when it activates
 * @param name               the broker's name as configured, possibly blank
 * @param user               the cluster user, as which nodes call each other
 * @param password           its password
 * @param managementAddress  where management calls go, on every node alike
 * @param notifications      the notification address, which cluster bridges consume from
 * @param internalPrefix     the prefix of Artemis's internal queue names
 * @param clusterManager     the cluster connections and their topology
 * @param sessions           the server's sessions by id
 */
public record ClusterParts(boolean clustered, Supplier<SimpleString> nodeId, String name, String user, String password,
                           SimpleString managementAddress, SimpleString notifications, String internalPrefix,
                           ClusterManager clusterManager, Function<String, ServerSession> sessions) {

   /** The pieces of {@code server}'s current life; call it from {@code registered}, when Artemis has built them. */
   public static ClusterParts of(ActiveMQServer server) {
      Configuration config = server.getConfiguration();
      return new ClusterParts(!config.getClusterConfigurations().isEmpty(), server::getNodeID, config.getName(),
            config.getClusterUser(), config.getClusterPassword(), config.getManagementAddress(),
            config.getManagementNotificationAddress(), server.getInternalNamingPrefix(), server.getClusterManager(),
            server::getSessionByID);
   }

   /** This node as other nodes' change histories name it: its name as Artemis knows it, else its node id. */
   public String sender() {
      return name == null || name.isBlank() ? nodeId.get().toString() : name;
   }
}

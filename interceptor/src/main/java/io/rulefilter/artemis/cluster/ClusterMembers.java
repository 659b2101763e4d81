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
import org.apache.activemq.artemis.api.core.TransportConfiguration;
import org.apache.activemq.artemis.core.client.impl.TopologyMemberImpl;
import org.apache.activemq.artemis.core.server.cluster.ClusterConnection;
import org.apache.activemq.artemis.core.server.cluster.ClusterManager;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The nodes of the cluster as this node's cluster connections see them: who they are and how to reach them. Read
 * afresh on every call, since nodes come and go.
 */
final class ClusterMembers {

   /** Time for a connecting node's place in the cluster topology to reach this node. */
   static final long TOPOLOGY_DELAY_MS = 1_000;

   private final Supplier<SimpleString> nodeId;
   private final ClusterManager clusterManager;

   ClusterMembers(Supplier<SimpleString> nodeId, ClusterManager clusterManager) {
      this.nodeId = nodeId;
      this.clusterManager = clusterManager;
   }

   /** Where to reach {@code node}, or null while it is not in the topology. */
   TransportConfiguration connectorOf(String node) {
      for (TopologyMemberImpl member : members()) {
         if (member.getNodeId().equals(node)) {
            return member.getPrimary();
         }
      }
      return null;
   }

   String self() {
      return nodeId.get().toString();
   }

   Set<String> others() {
      Set<String> nodes = new LinkedHashSet<>();
      for (TopologyMemberImpl member : members()) {
         if (!member.getNodeId().equals(self())) {
            nodes.add(member.getNodeId());
         }
      }
      return nodes;
   }

   private Set<TopologyMemberImpl> members() {
      Set<TopologyMemberImpl> members = new LinkedHashSet<>();
      for (ClusterConnection connection : clusterManager.getClusterConnections()) {
         members.addAll(connection.getTopology().getMembers());
      }
      return members;
   }
}

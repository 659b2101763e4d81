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
package io.rulefilter.e2e.features;

import io.rulefilter.artemis.internal.PluginParts;
import io.rulefilter.client.ManagementClient;
import jakarta.jms.Connection;
import jakarta.jms.Session;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The calls between nodes share one connection per node (issue 37, item 7): a rule change costs the other nodes a
 * session each, not a new TCP connection and handshake, however many changes there are (before: three connections a
 * change). A node that restarted is reached again on a new connection ({@code ClusterRuleSyncTest}'s catch-up).
 */
class PeerConnectionsTest {

   private static final String TOPIC = "airport.events";
   private static final int CHANGES = 20;

   @Test
   void manyChangesReachAnotherNodeOverOneConnection() throws Exception {
      try (ClusterNodes cluster = ClusterNodes.start(2, "ON_DEMAND")) {
         for (int node = 0; node < cluster.size(); node++) {
            try (Connection connection = cluster.connect(node); Session session = connection.createSession()) {
               session.createSharedDurableConsumer(session.createTopic(TOPIC), "gate", "airline weq CA").close();
            }
         }
         cluster.awaitCopies(TOPIC, false, 1, 1);
         try (ManagementClient admin = cluster.management(0)) {
            admin.invoke("setRule", TOPIC, "gate", "airline weq MU"); // the first call connects
            long before = settledConnections(cluster, 1);
            for (int change = 0; change < CHANGES; change++) {
               // each widens (B is asked to forward both) and syncs the shared state to B
               admin.invoke("setRule", TOPIC, "gate", change % 2 == 0 ? "airline weq (CA, MU)" : "airline weq MU");
            }
            assertThat(PluginParts.management(cluster.node(1).plugin()).get(TOPIC, "gate").rule()).as("B follows")
                  .isEqualTo("airline weq MU");
            // none but what the cluster itself may make meanwhile (a bridge reconnecting): not one or more a change
            assertThat(totalConnections(cluster, 1) - before).as("connections made to node B for %d changes", CHANGES)
                  .isLessThanOrEqualTo(1);
         }
      }
   }

   /** The connections node {@code node} has taken, once the cluster's own (bridges, topology) stopped coming. */
   private static long settledConnections(ClusterNodes cluster, int node) throws InterruptedException {
      long deadline = System.nanoTime() + 10_000_000_000L;
      long seen = totalConnections(cluster, node);
      while (System.nanoTime() < deadline) {
         Thread.sleep(1_000);
         long now = totalConnections(cluster, node);
         if (now == seen) {
            return now;
         }
         seen = now;
      }
      return seen;
   }

   private static long totalConnections(ClusterNodes cluster, int node) {
      return cluster.node(node).server().getActiveMQServerControl().getTotalConnectionCount();
   }
}

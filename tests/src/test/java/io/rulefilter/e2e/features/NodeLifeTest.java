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

import io.rulefilter.artemis.cluster.NodeLives;
import io.rulefilter.artemis.internal.PluginParts;
import io.rulefilter.artemis.subscription.PeerForwarding;
import io.rulefilter.client.ManagementClient;
import jakarta.jms.Connection;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import org.apache.activemq.artemis.core.server.cluster.RemoteQueueBinding;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A node's new life is heard although it dates its words lower than the life before: an HA backup that started
 * before its primary takes over the primary's node id with epochs from its own start. Two real nodes; the new life
 * and the reconnection are hooks, not timing. And a word dated far ahead (a forged call) is refused.
 */
class NodeLifeTest {

   private static final String TOPIC = "airport.events";

   @Test
   void aNewLifeWithLowerEpochsIsHeard() throws Exception {
      try (ClusterNodes cluster = ClusterNodes.start(2, "ON_DEMAND"); Connection onB = cluster.connect(1);
           ManagementClient adminB = cluster.management(1)) {
         Session session = onB.createSession();
         MessageConsumer gate = session.createSharedDurableConsumer(session.createTopic(TOPIC), "gate", "airline weq CA");
         cluster.awaitCopies(TOPIC, true, 1, 0);
         adminB.invoke("setRule", TOPIC, "gate", "airline weq MU");
         awaitCopyFilter(cluster, "by rule 'airline weq MU'");

         NodeLives.startLife(cluster.node(1), NodeLives.epoch(cluster.node(1)) - 60_000_000L); // a minute lower
         NodeLives.reconnected(cluster.node(0));
         awaitCopyFilter(cluster, "by rule 'airline weq MU'"); // the new life's list
         adminB.invoke("setRule", TOPIC, "gate", "airline weq CZ");
         awaitCopyFilter(cluster, "by rule 'airline weq CZ'"); // and its words

         List<Traffic.Out> published = Traffic.airport(1, 60, 3);
         cluster.publish(0, TOPIC, published);
         assertThat(FeatureBroker.drain(gate)).containsExactlyElementsOf(published.stream()
               .filter(m -> "CZ".equals(m.properties().get("airline"))).map(Traffic.Out::seq).toList());
         assertThat(((Number) adminB.attribute("ForwardedRejected")).longValue()).as("forwarded in vain").isZero();
      }
   }

   @Test
   void aWordDatedFarAheadIsRefused() throws Exception {
      try (ClusterNodes cluster = ClusterNodes.start(2, "ON_DEMAND"); Connection onB = cluster.connect(1)) {
         Session session = onB.createSession();
         session.createSharedDurableConsumer(session.createTopic(TOPIC), "gate", "airline weq CA");
         cluster.awaitCopies(TOPIC, true, 1, 0);
         String nodeB = cluster.node(1).server().getNodeID().toString();
         // what the node operation copyForwards calls, as the cluster user, on node A
         assertThatThrownBy(() -> PluginParts.cluster(cluster.node(0).plugin()).copyForwards(nodeB, "gate",
               new PeerForwarding(true, "airline weq MU"), Long.MAX_VALUE)).hasMessageContaining("epoch " + Long.MAX_VALUE);
         awaitCopyFilter(cluster, "by rule 'airline weq CA'");
      }
   }

   private static void awaitCopyFilter(ClusterNodes cluster, String kind) throws Exception {
      long deadline = System.currentTimeMillis() + 15_000;
      while (true) {
         String filter = cluster.node(0).server().getPostOffice().getAllBindings()
               .filter(b -> b instanceof RemoteQueueBinding && b.getRoutingName().toString().equals("gate"))
               .map(b -> String.valueOf(b.getFilter())).findFirst().orElse("no copy");
         if (filter.contains(kind) && !filter.contains("superset")) {
            return;
         }
         if (System.currentTimeMillis() > deadline) {
            throw new AssertionError("node 1's copy of gate: " + filter + ", not " + kind);
         }
         Thread.sleep(20);
      }
   }
}

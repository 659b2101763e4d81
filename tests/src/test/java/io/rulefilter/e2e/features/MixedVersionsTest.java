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
import io.rulefilter.artemis.management.RuleFilterClusterControl;
import io.rulefilter.broker.RuleFilterBroker;
import io.rulefilter.client.ManagementClient;
import jakarta.jms.Connection;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import org.apache.activemq.artemis.core.server.cluster.RemoteQueueBinding;
import org.junit.jupiter.api.Test;

import javax.management.ObjectName;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A node running an older RuleFilter (rolled out node by node) is told from a node without RuleFilter: both answer
 * Artemis's AMQ229067 for the operations between nodes, but an older RuleFilter's operators' resource answers. Its
 * queues are forwarded everything (it judges), not what their SQL filters take; and a change widening what a queue
 * elsewhere accepts is refused while it is there, since it cannot be told to forward more. Two real nodes; the older
 * version is node B without its {@code rulefilter.cluster} resource.
 */
class MixedVersionsTest {

   private static final String TOPIC = "airport.events";

   @Test
   void anOlderRuleFilterIsNotTakenForNone() throws Exception {
      try (ClusterNodes cluster = ClusterNodes.start(2, "ON_DEMAND"); Connection onA = cluster.connect(0);
           Connection onB = cluster.connect(1); ManagementClient adminA = cluster.management(0)) {
         Session sessionA = onA.createSession();
         MessageConsumer gate = sessionA.createSharedDurableConsumer(sessionA.createTopic(TOPIC), "gate", "airline weq CA");
         Session sessionB = onB.createSession();
         MessageConsumer bgate = sessionB.createSharedDurableConsumer(sessionB.createTopic(TOPIC), "bgate",
               "airline weq MU");
         cluster.awaitCopies(TOPIC, true, 1, 1);
         asAnOlderVersion(cluster.node(1));

         assertThatThrownBy(() -> adminA.invoke("setRule", TOPIC, "gate", "airline weq CA or airline weq MU"))
               .as("a widening change while an older node is there").hasMessageContaining("RFL4018 RuleFilter: ")
               .hasMessageContaining("runs an older RuleFilter")
               .hasMessageContaining("nothing changed");
         assertThat(adminA.invoke("getRule", TOPIC, "gate").toString()).as("nothing changed").doesNotContain("MU");

         NodeLives.reconnectedAndAsked(cluster.node(0));
         assertThat(copyFilterOf(cluster.node(0), "bgate")).as("A's copy of B's queue")
               .contains("forwards all").doesNotContain("by SQL");
         gate.close();
         bgate.close();
      }
   }

   /**
    * A node of the previous version lacks the operations that return at once ({@code copyForwardsAlsoFrom}, then
    * asked with {@code copyForwardsConfirmed}): a widening change elsewhere falls back to the operation that waits
    * there, and its copy forwards what the new rule accepts from then on.
    */
   @Test
   void aNodeOfThePreviousVersionWaitsForItsForwardsItself() throws Exception {
      try (ClusterNodes cluster = ClusterNodes.start(2, "ON_DEMAND"); Connection onA = cluster.connect(0);
           ManagementClient adminA = cluster.management(0)) {
         Session sessionA = onA.createSession();
         MessageConsumer gate = sessionA.createSharedDurableConsumer(sessionA.createTopic(TOPIC), "gate", "airline weq CA");
         onA.start();
         cluster.awaitCopies(TOPIC, true, 0, 1);
         asThePreviousVersion(cluster.node(1));

         adminA.invoke("setRule", TOPIC, "gate", "airline weq (CA, MU)");
         assertThat(adminA.invoke("getRule", TOPIC, "gate").toString()).as("the change went ahead").contains("MU");
         cluster.publish(1, TOPIC, List.of(new Traffic.Out(1, "BSM", Map.of("airline", "MU"), 0, 0)));
         assertThat(FeatureBroker.drainForwarded(gate, 1)).as("published on B, taken by the new rule on A")
               .containsExactly(1);
         gate.close();
      }
   }

   /**
    * A node of the previous version lacks the batch of shared states ({@code syncSubscriptions}): a node sending it
    * the states of its queues as they are copied falls back to one call per state, which it takes.
    */
   @Test
   void aNodeOfThePreviousVersionIsSentSharedStatesOneByOne() throws Exception {
      try (ClusterNodes cluster = ClusterNodes.start(2, "ON_DEMAND"); Connection onA = cluster.connect(0);
           Connection onB = cluster.connect(1); ManagementClient adminA = cluster.management(0);
           ManagementClient adminB = cluster.management(1)) {
         Session sessionA = onA.createSession();
         sessionA.createSharedDurableConsumer(sessionA.createTopic(TOPIC), "belt", "airline weq CA").close();
         adminA.invoke("setRule", TOPIC, "belt", "airline weq MU");
         asThePreviousVersion(cluster.node(1));

         Session sessionB = onB.createSession();
         sessionB.createSharedDurableConsumer(sessionB.createTopic(TOPIC), "belt", "airline weq CA").close();
         long deadline = System.nanoTime() + 20_000_000_000L;
         while (!adminB.invoke("getRule", TOPIC, "belt").toString().contains("airline weq MU")
               && System.nanoTime() < deadline) {
            Thread.sleep(50);
         }
         assertThat(adminB.invoke("getRule", TOPIC, "belt").toString()).as("B took A's state of the shared subscription")
               .contains("airline weq MU");
      }
   }

   private static void asThePreviousVersion(RuleFilterBroker node) throws Exception {
      ObjectName name = clusterResourceName(node);
      @SuppressWarnings("removal")
      Object current = node.server().getManagementService().getResource("rulefilter.cluster");
      node.server().getManagementService().unregisterUntypedControl("rulefilter.cluster", name);
      node.server().getManagementService().registerUntypedControl("rulefilter.cluster",
            new PreviousClusterControl((RuleFilterClusterControl) current), name);
   }

   private static ObjectName clusterResourceName(RuleFilterBroker node) throws Exception {
      String broker = ObjectName.quote(node.server().getConfiguration().getName());
      return ObjectName.getInstance(node.server().getConfiguration().getJMXDomain() + ":broker=" + broker
            + ",component=rulefilter,subcomponent=cluster");
   }

   /** Node B as an older RuleFilter: its operations between nodes are missing, its operators' resource is there. */
   private static void asAnOlderVersion(RuleFilterBroker node) throws Exception {
      node.server().getManagementService().unregisterUntypedControl("rulefilter.cluster", clusterResourceName(node));
   }

   private static String copyFilterOf(RuleFilterBroker node, String queue) {
      return node.server().getPostOffice().getAllBindings()
            .filter(b -> b instanceof RemoteQueueBinding && b.getRoutingName().toString().equals(queue))
            .map(b -> String.valueOf(b.getFilter())).findFirst().orElse("no copy");
   }
}

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
import io.rulefilter.artemis.management.RuleManagement;
import io.rulefilter.artemis.store.StoredAddressRule;
import io.rulefilter.artemis.subscription.RuleSource;
import io.rulefilter.artemis.subscription.SubscriptionInfo;
import io.rulefilter.client.ManagementClient;
import io.rulefilter.client.ManagementClient.ManagementException;
import io.rulefilter.e2e.HeldMessages;
import jakarta.jms.Connection;
import jakarta.jms.Session;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.server.Queue;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A shared subscription whose queues live on several nodes has one state: a rule, switch or address rule changed on
 * any node is in force on every node when the call returns, and a node that was down catches up when it comes back.
 */
class ClusterRuleSyncTest {

   private static final String TOPIC = "airport.events";
   private static final String SHARED = "baggage";
   private static final long CATCH_UP_MS = 20_000;

   @Test
   void aChangeOnOneNodeIsInForceOnEveryNodeWhenTheCallReturns() throws Exception {
      try (ClusterNodes cluster = ClusterNodes.start(3, "ON_DEMAND")) {
         subscribeOnEveryNode(cluster, "airline weq CA");
         try (ManagementClient admin = cluster.management(0)) {
            admin.invoke("setRule", TOPIC, SHARED, "airline weq MU");
            for (int node = 0; node < cluster.size(); node++) {
               SubscriptionInfo info = rules(cluster, node).get(TOPIC, SHARED);
               assertThat(info.rule()).as("rule on node %d", node).isEqualTo("airline weq MU");
               assertThat(info.source()).isEqualTo(RuleSource.MANAGEMENT);
               assertThat(info.changedBy()).isEqualTo("admin");
            }
            try (ManagementClient other = cluster.management(1)) {
               assertThat(other.invoke("getRule", TOPIC, SHARED).toString()).as("answers name their node")
                     .contains("\"node\":\"rulefilter-node-2\"").contains("\"rule\":\"airline weq MU\"");
            }
            assertThatThrownBy(() -> admin.invokeOn("rulefilter.cluster", "syncSubscription", TOPIC, SHARED,
                  "airline weq CZ", true, System.currentTimeMillis() + 1000, "mallory"))
                  .hasMessageContaining("other nodes of the cluster only");
            assertThatThrownBy(() -> admin.invoke("syncSubscription", TOPIC, SHARED, "airline weq CZ", true,
                  System.currentTimeMillis() + 1000, "mallory")).as("not among the operators' operations")
                  .isInstanceOf(ManagementException.class);
            admin.invoke("setAddressRule", TOPIC, "bagCount lt 8");
            for (int node = 0; node < cluster.size(); node++) {
               assertThat(rules(cluster, node).addressRule(TOPIC)).map(StoredAddressRule::rule)
                     .as("address rule on node %d", node).contains("bagCount lt 8");
            }
         }

         // the queues on every node route by the new rule, whichever node the messages are published on
         List<Traffic.Out> published = new ArrayList<>();
         for (int node = 0; node < cluster.size(); node++) {
            List<Traffic.Out> messages = Traffic.airport(node * 100 + 1, 100, 7 + node);
            cluster.publish(node, TOPIC, messages);
            published.addAll(messages);
         }
         List<Integer> expected = published.stream()
               .filter(m -> Traffic.accepts("airline weq MU and bagCount lt 8", m)).map(Traffic.Out::seq).toList();
         assertThat(awaitHeld(cluster, expected.size())).as("every accepted message once, in one of the queues")
               .containsExactlyInAnyOrderElementsOf(expected);
      }
   }

   @Test
   void aNodeThatWasDownWhileRulesChangedCatchesUpWhenItComesBack() throws Exception {
      try (ClusterNodes cluster = ClusterNodes.start(3, "ON_DEMAND")) {
         subscribeOnEveryNode(cluster, "airline weq CA");
         try (ManagementClient admin = cluster.management(0)) {
            admin.invoke("setAddressRule", TOPIC, "bagCount lt 8");
            admin.invoke("disable", TOPIC, SHARED);
            assertThat(rules(cluster, 2).get(TOPIC, SHARED).enabled()).isFalse();

            cluster.stop(2);
            admin.invoke("setRule", TOPIC, SHARED, "airline weq CZ");
            admin.invoke("enable", TOPIC, SHARED);
            admin.invoke("removeAddressRule", TOPIC);
         }
         cluster.restart(2);

         awaitOnNode(cluster, 2, r -> "airline weq CZ".equals(r.get(TOPIC, SHARED).rule())
               && r.get(TOPIC, SHARED).enabled() && r.addressRule(TOPIC).isEmpty());
         SubscriptionInfo caughtUp = rules(cluster, 2).get(TOPIC, SHARED);
         assertThat(caughtUp.changedAt()).isEqualTo(rules(cluster, 0).get(TOPIC, SHARED).changedAt());
         assertThat(rules(cluster, 2).addressRule(TOPIC)).as("a removal made while it was down stays removed").isEmpty();
         assertThat(rules(cluster, 0).addressRule(TOPIC)).as("and is not brought back from it").isEmpty();
      }
   }

   /**
    * A node coming back is sent the states set while it was away in one call per node, not one per subscription (nor
    * one per queue of it copied again): with thousands of shared subscriptions that would be thousands of calls from
    * every node whenever one returns.
    */
   @Test
   void aNodeComingBackCatchesUpOnManySubscriptionsInAFewCallsPerNode() throws Exception {
      int count = 40;
      List<String> names = IntStream.range(0, count).mapToObj(i -> "belt-" + i).toList();
      try (ClusterNodes cluster = ClusterNodes.start(3, "ON_DEMAND")) {
         for (int node = 0; node < cluster.size(); node++) {
            try (Connection connection = cluster.connect(node); Session session = connection.createSession()) {
               for (String name : names) {
                  session.createSharedDurableConsumer(session.createTopic(TOPIC), name, "airline weq CA").close();
               }
            }
         }
         cluster.awaitCopies(TOPIC, false, 2 * count, 2 * count, 2 * count);
         cluster.stop(2);
         try (ManagementClient admin = cluster.management(0)) {
            for (String name : names) {
               admin.invoke("setRule", TOPIC, name, "airline weq MU");
            }
         }
         long[] before = {peerCalls(cluster, 0), peerCalls(cluster, 1)};
         cluster.restart(2);

         awaitOnNode(cluster, 2, r -> names.stream().allMatch(name -> "airline weq MU".equals(r.get(TOPIC, name).rule())));
         for (int node = 0; node < 2; node++) {
            assertThat(peerCalls(cluster, node) - before[node])
                  .as("calls node %d made to the others while node 3 came back with %d subscriptions to catch up on",
                        node, count)
                  .isLessThan(count / 4);
         }
      }
   }

   /** Removals are stored like any change: restarting the other nodes while one was away lets no older state back. */
   @Test
   void removalsMadeWhileANodeWasDownSurviveRestartsOfTheOthers() throws Exception {
      try (ClusterNodes cluster = ClusterNodes.start(3, "ON_DEMAND")) {
         subscribeOnEveryNode(cluster, "airline weq CA");
         try (ManagementClient admin = cluster.management(0)) {
            admin.invoke("setAddressRule", TOPIC, "bagCount lt 8");
            admin.invoke("disable", TOPIC, SHARED);
            assertThat(rules(cluster, 2).get(TOPIC, SHARED).enabled()).isFalse();

            cluster.stop(2);
            admin.invoke("removeAddressRule", TOPIC);
            admin.invoke("enable", TOPIC, SHARED);
         }
         cluster.stop(0);
         cluster.stop(1);
         cluster.startAgain(0);
         cluster.startAgain(1);
         cluster.restart(2);

         Predicate<RuleManagement> removed = r -> r.get(TOPIC, SHARED).enabled() && r.addressRule(TOPIC).isEmpty();
         awaitOnNode(cluster, 2, removed);
         for (int node = 0; node < cluster.size(); node++) {
            assertThat(removed.test(rules(cluster, node))).as("switch on, no address rule, on node %d", node).isTrue();
         }
         cluster.awaitCopies(TOPIC, false, 2, 2, 2);
         List<Traffic.Out> published = Traffic.airport(1, 100, 11);
         cluster.publish(2, TOPIC, published);
         List<Integer> expected = published.stream().filter(m -> Traffic.accepts("airline weq CA", m))
               .map(Traffic.Out::seq).toList();
         assertThat(awaitHeld(cluster, expected.size())).as("by the creation rule alone")
               .containsExactlyInAnyOrderElementsOf(expected);
      }
   }

   @Test
   void aChangeMadeOnTheNodeThatWasDownWinsWhenItIsNewer() throws Exception {
      try (ClusterNodes cluster = ClusterNodes.start(3, "ON_DEMAND")) {
         subscribeOnEveryNode(cluster, "airline weq CA");
         cluster.stop(0);
         try (ManagementClient admin = cluster.management(1)) {
            admin.invoke("setRule", TOPIC, SHARED, "station weq PEK");
         }
         cluster.restart(0);
         awaitOnNode(cluster, 0, r -> "station weq PEK".equals(r.get(TOPIC, SHARED).rule()));
         assertThat(rules(cluster, 2).get(TOPIC, SHARED).rule()).isEqualTo("station weq PEK");
      }
   }

   private static void subscribeOnEveryNode(ClusterNodes cluster, String rule) throws Exception {
      for (int node = 0; node < cluster.size(); node++) {
         try (Connection connection = cluster.connect(node); Session session = connection.createSession()) {
            session.createSharedDurableConsumer(session.createTopic(TOPIC), SHARED, rule).close();
         }
      }
      cluster.awaitCopies(TOPIC, false, 2, 2, 2);
   }

   private static long peerCalls(ClusterNodes cluster, int node) {
      return PluginParts.cluster(cluster.node(node).plugin()).peerCalls();
   }

   private static RuleManagement rules(ClusterNodes cluster, int node) {
      return PluginParts.management(cluster.node(node).plugin());
   }

   private static void awaitOnNode(ClusterNodes cluster, int node, Predicate<RuleManagement> state) throws Exception {
      long deadline = System.currentTimeMillis() + CATCH_UP_MS;
      while (!state.test(rules(cluster, node))) {
         if (System.currentTimeMillis() > deadline) {
            RuleManagement r = rules(cluster, node);
            throw new AssertionError("node " + node + " did not catch up within " + CATCH_UP_MS + " ms: "
                  + r.get(TOPIC, SHARED) + ", address rule " + r.addressRule(TOPIC).map(Object::toString).orElse("none"));
         }
         Thread.sleep(50);
      }
   }

   /** Every message the shared subscription's queues hold, on all nodes, once at least {@code count} are in. */
   private static List<Integer> awaitHeld(ClusterNodes cluster, int count) throws Exception {
      long deadline = System.currentTimeMillis() + CATCH_UP_MS;
      while (true) {
         List<Integer> held = new ArrayList<>();
         for (int node = 0; node < cluster.size(); node++) {
            Queue queue = cluster.node(node).server().locateQueue(SimpleString.of(SHARED));
            held.addAll(HeldMessages.seqs(queue, Traffic.SEQ));
         }
         if (held.size() >= count || System.currentTimeMillis() > deadline) {
            Thread.sleep(200); // a message routed twice would arrive now
            List<Integer> settled = new ArrayList<>();
            for (int node = 0; node < cluster.size(); node++) {
               settled.addAll(HeldMessages.seqs(cluster.node(node).server().locateQueue(SimpleString.of(SHARED)),
                     Traffic.SEQ));
            }
            return settled;
         }
         Thread.sleep(50);
      }
   }
}

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

import io.rulefilter.artemis.PluginSettings;
import io.rulefilter.artemis.internal.PluginParts;
import io.rulefilter.artemis.routing.AddressIndexes;
import io.rulefilter.client.ManagementClient;
import io.rulefilter.e2e.features.RoundRobinPublisher.Marks;
import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.IntPredicate;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Three RuleFilter nodes, each with subscriptions of its own and queues of shared subscriptions on one address, under
 * every message load balancing, with RuleFilter's routing index on and off. While every node publishes, a subscription
 * is created, one is removed and one's rule is changed through management. What each subscription receives must be
 * what its rule, evaluated alone, accepts, as Artemis's routing distributes it in that mode (BindingsImpl: a JMS topic
 * message is MULTICAST, so even under OFF a queue known on one node only gets it from every node; a shared
 * subscription gets it in one of its queues). The index on and off must deliver alike, and with the index on, the
 * index must serve the address on every node although other nodes' queues are bound to it.
 */
class ClusterIndexDifferentialTest {

   private static final String TOPIC = "airport.events";
   private static final int NODES = 3;
   private static final int TOTAL = 900; // 300 per node, persistent
   private static final int CHURN_FROM = TOTAL / 3;
   private static final int PAUSE_AT = 2 * TOTAL / 3; // the publisher waits here until the churn is over
   private static final List<String> RULES = List.of("flight beg CA", "@tag weq BSM", "bagCount gt 5",
         "airline weq MU and station weq PEK", "@attr beg FLT", "flight weq *3*0*");
   private static final int UNIQUE_PER_NODE = 4;
   /** Shared subscriptions, with a queue on every node, and the nodes where a consumer is attached while publishing. */
   private static final Map<String, String> SHARED = Map.of("shared-tag", "@tag weq BSM", "shared-bags", "bagCount gt 5");
   private static final Map<String, Set<Integer>> SHARED_CONSUMERS = Map.of("shared-tag", Set.of(0),
         "shared-bags", Set.of(1, 2));
   private static final String CHANGED = "u0-1"; // node 0's; its rule is changed through management on node 0
   private static final String CHANGED_TO = "flight beg MU";
   private static final String REMOVED = "u2-0"; // node 2's; closed and unsubscribed
   private static final String CREATED = "late"; // created on node 1
   private static final String CREATED_RULE = "airline weq MU and station weq PEK";
   /** What the index-off run of each load balancing delivered where Artemis is deterministic, for the index-on run. */
   private static final Map<String, Map<String, List<Integer>>> INDEX_OFF = new ConcurrentHashMap<>();

   static Stream<Arguments> runs() {
      return Stream.of("OFF", "STRICT", "ON_DEMAND", "OFF_WITH_REDISTRIBUTION")
            .flatMap(balancing -> Stream.of(Arguments.of(balancing, false), Arguments.of(balancing, true)));
   }

   @ParameterizedTest(name = "{0}, routing index {1}")
   @MethodSource("runs")
   void everySubscriptionReceivesWhatItsRuleAcceptsAsArtemisDistributesIt(String balancing, boolean index)
         throws Exception {
      List<Traffic.Out> published = Traffic.airport(1, TOTAL, 23);
      Map<String, String> rules = new TreeMap<>();
      Map<String, Integer> holders = new TreeMap<>();
      Map<String, MessageConsumer> unique = new TreeMap<>();
      Map<String, Map<Integer, MessageConsumer>> shared = new TreeMap<>();
      List<Connection> connections = new ArrayList<>();
      try (ClusterNodes cluster = ClusterNodes.start(NODES, balancing,
            Map.of(PluginSettings.ROUTING_INDEX, Boolean.toString(index)));
           ManagementClient admin = cluster.management(0);
           RoundRobinPublisher publisher = new RoundRobinPublisher(cluster, TOPIC, published, PAUSE_AT)) {
         List<Session> sessions = new ArrayList<>();
         for (int node = 0; node < NODES; node++) {
            connections.add(cluster.connect(node));
            sessions.add(connections.get(node).createSession());
            for (int j = 0; j < UNIQUE_PER_NODE; j++) {
               String name = "u" + node + "-" + j;
               rules.put(name, RULES.get((UNIQUE_PER_NODE * node + j) % RULES.size()));
               holders.put(name, node);
               unique.put(name, subscribe(sessions.get(node), name, rules.get(name)));
            }
            for (Map.Entry<String, String> s : SHARED.entrySet()) {
               MessageConsumer consumer = subscribe(sessions.get(node), s.getKey(), s.getValue());
               if (SHARED_CONSUMERS.get(s.getKey()).contains(node)) {
                  shared.computeIfAbsent(s.getKey(), k -> new TreeMap<>()).put(node, consumer);
               } else {
                  consumer.close(); // the queue stays, without a consumer
               }
            }
         }
         int[] copies = new int[NODES];
         int[] withConsumers = new int[NODES];
         for (int node = 0; node < NODES; node++) {
            copies[node] = (NODES - 1) * (UNIQUE_PER_NODE + SHARED.size());
            withConsumers[node] = (NODES - 1) * UNIQUE_PER_NODE;
            for (Set<Integer> consumerNodes : SHARED_CONSUMERS.values()) {
               withConsumers[node] += consumerNodes.size() - (consumerNodes.contains(node) ? 1 : 0);
            }
         }
         cluster.awaitCopies(TOPIC, false, copies);
         cluster.awaitCopies(TOPIC, true, withConsumers);

         publisher.start();
         publisher.awaitSent(CHURN_FROM);
         Marks created = publisher.during(() -> {
            unique.put(CREATED, subscribe(sessions.get(1), CREATED, CREATED_RULE));
            cluster.awaitCopyOf(TOPIC, CREATED, 1, true);
         });
         Marks changed = publisher.during(() -> admin.invoke("setRule", TOPIC, CHANGED, CHANGED_TO));
         List<Integer> removedGot = new ArrayList<>();
         Marks removed = publisher.during(() -> {
            List<Integer> due = accepted(published, rules.get(REMOVED), seq -> seq <= publisher.sent());
            MessageConsumer consumer = unique.remove(REMOVED);
            for (Message m; !removedGot.containsAll(due) && (m = consumer.receive(30_000)) != null; ) {
               removedGot.add(m.getIntProperty(Traffic.SEQ));
            }
            consumer.close();
            sessions.get(2).unsubscribe(REMOVED);
            cluster.awaitCopyOf(TOPIC, REMOVED, 2, false);
            assertThat(removedGot).as("%s received what it accepted before it was removed", REMOVED).containsAll(due);
         });
         publisher.resumeAndFinish();
         assertThat(removed.before()).as("every change began while messages were published").isLessThan(PAUSE_AT);
         System.out.printf("%s, index %s: %s created %s, %s changed %s, %s removed %s%n", balancing, index, CREATED,
               created, CHANGED, changed, REMOVED, removed);

         Map<String, List<Integer>> deterministic = new TreeMap<>();
         for (Map.Entry<String, MessageConsumer> u : unique.entrySet()) {
            String name = u.getKey();
            if (name.equals(CHANGED) || name.equals(CREATED)) {
               continue;
            }
            List<Integer> expected = accepted(published, rules.get(name), seq -> true);
            List<Integer> got = FeatureBroker.drainForwarded(u.getValue(), expected.size());
            assertThat(got).as("%s (%s) of node %d under %s", name, rules.get(name), holders.get(name), balancing)
                  .doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(expected);
            assertInOrderPerPublishingNode(name, got);
            deterministic.put(name, sorted(got));
         }
         int surely = accepted(published, rules.get(CHANGED), seq -> seq <= changed.before()).size()
               + accepted(published, CHANGED_TO, seq -> seq >= changed.after()).size();
         assertChangedOnce(published, rules.get(CHANGED), changed,
               FeatureBroker.drainForwarded(unique.get(CHANGED), surely));
         List<Integer> createdGot = FeatureBroker.drainForwarded(unique.get(CREATED),
               accepted(published, CREATED_RULE, seq -> seq >= created.after()).size());
         for (int node = 0; node < NODES; node++) {
            List<Integer> from = fromNode(node, accepted(published, CREATED_RULE, seq -> seq > created.before()));
            assertThat(fromNode(node, createdGot)).as("%s, created while node %d published (%s): a tail", CREATED,
                  node, created).isEqualTo(from.subList(Math.max(0, from.size() - fromNode(node, createdGot).size()),
                  from.size()))
                  .containsAll(fromNode(node, accepted(published, CREATED_RULE, seq -> seq >= created.after())));
         }
         for (int node = 0; node < NODES; node++) {
            List<Integer> from = fromNode(node, accepted(published, rules.get(REMOVED), seq -> true));
            assertThat(fromNode(node, removedGot)).as("%s, removed while node %d published (%s): a head", REMOVED,
                  node, removed).isEqualTo(from.subList(0, Math.min(from.size(), fromNode(node, removedGot).size())));
         }

         for (Map.Entry<String, String> s : SHARED.entrySet()) {
            Map<Integer, MessageConsumer> consumers = shared.get(s.getKey());
            for (int node = 0; node < NODES; node++) {
               if (!consumers.containsKey(node)) { // what this node's queue holds, by a consumer attached at the end
                  consumers.put(node, subscribe(sessions.get(node), s.getKey(), s.getValue()));
               }
            }
            List<Integer> expected = accepted(published, s.getValue(), seq -> true);
            Map<Integer, List<Integer>> got = drainAll(consumers, expected.size());
            List<Integer> union = got.values().stream().flatMap(List::stream).toList();
            assertThat(union).as("%s (%s) over its queues on every node under %s", s.getKey(), s.getValue(), balancing)
                  .doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(expected);
            if (balancing.equals("OFF")) { // other nodes' copies never outrank a local queue with a consumer, and
               // nothing is redistributed: what is published where the subscription has a consumer stays there
               for (int node : SHARED_CONSUMERS.get(s.getKey())) {
                  assertThat(got.get(node)).as("%s on node %d, which has its consumer, under OFF", s.getKey(), node)
                        .containsAll(fromNode(node, expected));
               }
            }
            deterministic.put(s.getKey(), sorted(union));
         }
         if (index) {
            assertThat(deterministic).as("index on delivers as index off, under %s", balancing)
                  .isEqualTo(INDEX_OFF.getOrDefault(balancing, deterministic));
         } else {
            INDEX_OFF.put(balancing, deterministic);
         }

         assertIndexServesTheAddressOnEveryNode(cluster, index);
      } finally {
         for (Connection connection : connections) {
            connection.close();
         }
      }
   }

   /** The routing RuleFilter reports for the address, as `rules get` shows it: the index serves it, or is off. */
   private static void assertIndexServesTheAddressOnEveryNode(ClusterNodes cluster, boolean index) {
      Map<Integer, String> notServed = new TreeMap<>();
      for (int node = 0; node < NODES; node++) {
         AddressIndexes.Routing routing = PluginParts.registry(cluster.node(node).plugin()).queries().routing(TOPIC);
         if (routing.indexed() != index || !index && !routing.detail().contains("routing-index=false")) {
            notServed.put(node, routing.detail());
         }
      }
      assertThat(notServed).as(index ? "nodes where RuleFilter's index does not serve " + TOPIC + " at the end"
            : "nodes whose index is not off by setting").isEmpty();
   }

   /**
    * A rule changed on the queue's node applies to the next message that arrives from any node: each publishing node's
    * stream is cut once, between the messages sent before the change began and those sent once it returned.
    */
   private static void assertChangedOnce(List<Traffic.Out> published, String oldRule, Marks change, List<Integer> got) {
      assertThat(got).as(CHANGED).doesNotHaveDuplicates();
      for (int node = 0; node < NODES; node++) {
         List<Integer> from = fromNode(node, got);
         List<Integer> cuts = new ArrayList<>();
         for (int cut = change.before(); cut < change.after(); cut++) {
            int c = cut;
            List<Integer> expected = fromNode(node, published.stream().filter(m -> m.seq() <= c
                  ? Traffic.accepts(oldRule, m) : Traffic.accepts(CHANGED_TO, m)).map(Traffic.Out::seq).toList());
            if (from.equals(expected)) {
               cuts.add(cut);
            }
         }
         assertThat(cuts).as("a cut in %s explains what %s received from node %d (%s, then %s): %s", change, CHANGED,
               node, oldRule, CHANGED_TO, from).isNotEmpty();
      }
   }

   private static void assertInOrderPerPublishingNode(String name, List<Integer> got) {
      for (int node = 0; node < NODES; node++) {
         assertThat(fromNode(node, got)).as("%s: node %d's messages in order", name, node).isSorted();
      }
   }

   private static MessageConsumer subscribe(Session session, String name, String rule) throws Exception {
      return session.createSharedDurableConsumer(session.createTopic(TOPIC), name, rule);
   }

   /** Receives from every node's consumer until {@code expected} arrived (or 60 s passed), then 500 ms more each. */
   private static Map<Integer, List<Integer>> drainAll(Map<Integer, MessageConsumer> consumers, int expected)
         throws Exception {
      Map<Integer, List<Integer>> got = new TreeMap<>();
      consumers.keySet().forEach(node -> got.put(node, new ArrayList<>()));
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      int total = 0;
      while (total < expected && System.nanoTime() < deadline) {
         for (Map.Entry<Integer, MessageConsumer> c : consumers.entrySet()) {
            for (Message m; (m = c.getValue().receive(50)) != null; total++) {
               got.get(c.getKey()).add(m.getIntProperty(Traffic.SEQ));
            }
         }
      }
      for (Map.Entry<Integer, MessageConsumer> c : consumers.entrySet()) {
         for (Message m; (m = c.getValue().receive(500)) != null; ) {
            got.get(c.getKey()).add(m.getIntProperty(Traffic.SEQ));
         }
      }
      return got;
   }

   private static List<Integer> accepted(List<Traffic.Out> published, String rule, IntPredicate seqs) {
      return published.stream().filter(m -> seqs.test(m.seq()) && Traffic.accepts(rule, m)).map(Traffic.Out::seq)
            .toList();
   }

   private static List<Integer> fromNode(int node, List<Integer> seqs) {
      return seqs.stream().filter(seq -> (seq - 1) % NODES == node).toList();
   }

   private static List<Integer> sorted(List<Integer> seqs) {
      return seqs.stream().sorted().toList();
   }
}

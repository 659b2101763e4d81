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

import io.rulefilter.client.ManagementClient;
import io.rulefilter.e2e.HeldMessages;
import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.apache.activemq.artemis.core.postoffice.QueueBinding;
import org.apache.activemq.artemis.core.server.cluster.RemoteQueueBinding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A cluster of three RuleFilter brokers over TCP: subscribers on every node must receive exactly what their rules
 * accept of messages published on every node, whatever the message load balancing, and a rule changed on the node
 * that holds a subscription applies to messages from the other nodes at once.
 */
class ClusterFeatureTest {

   private static final String TOPIC = "airport.events";
   /** The feature rules and one whose SQL part lets through flights with a 0 before the 3 (a leak if not judged). */
   private static final List<String> RULES = concat(Traffic.RULES, "flight weq *3*0*");
   private static final int PER_NODE = 200;

   /** Each node holds a subscription for every rule, with its consumer; each node publishes its own messages. */
   @ParameterizedTest(name = "{0}")
   @ValueSource(strings = {"ON_DEMAND", "STRICT"})
   void subscribersOnEveryNodeReceiveWhatTheirRulesAcceptFromEveryNode(String loadBalancing) throws Exception {
      try (ClusterNodes cluster = ClusterNodes.start(3, loadBalancing)) {
         List<Connection> connections = new ArrayList<>();
         Map<String, MessageConsumer> consumers = new LinkedHashMap<>();
         Map<String, String> rules = new LinkedHashMap<>();
         try {
            for (int node = 0; node < cluster.size(); node++) {
               Connection connection = cluster.connect(node);
               connections.add(connection);
               Session session = connection.createSession();
               for (int r = 0; r < RULES.size(); r++) {
                  String name = "n" + node + "-r" + r;
                  consumers.put(name, session.createSharedDurableConsumer(session.createTopic(TOPIC), name, RULES.get(r)));
                  rules.put(name, RULES.get(r));
               }
            }
            int copies = RULES.size() * (cluster.size() - 1);
            cluster.awaitCopies(TOPIC, true, copies, copies, copies);
            List<Traffic.Out> published = publishOnEveryNode(cluster);

            for (Map.Entry<String, MessageConsumer> subscriber : consumers.entrySet()) {
               String rule = rules.get(subscriber.getKey());
               assertThat(FeatureBroker.drain(subscriber.getValue()))
                     .as("%s (%s) under %s", subscriber.getKey(), rule, loadBalancing)
                     .containsExactlyElementsOf(expected(published, rule));
            }
         } finally {
            for (Connection connection : connections) {
               connection.close();
            }
         }
      }
   }

   /**
    * Without initial forwarding, a shared subscription has a queue on every node and Artemis redistributes to the
    * node with its consumer: the redistributed messages are judged by the rule of the receiving queue.
    */
   @Test
   void redistributionDeliversExactlyWhatTheRulesAccept() throws Exception {
      try (ClusterNodes cluster = ClusterNodes.start(3, "OFF_WITH_REDISTRIBUTION")) {
         for (int node = 1; node < cluster.size(); node++) {
            try (Connection connection = cluster.connect(node); Session session = connection.createSession()) {
               for (int r = 0; r < RULES.size(); r++) {
                  session.createSharedDurableConsumer(session.createTopic(TOPIC), "shared-" + r, RULES.get(r)).close();
               }
            }
         }
         try (Connection connection = cluster.connect(0)) {
            Session session = connection.createSession();
            List<MessageConsumer> consumers = new ArrayList<>();
            for (int r = 0; r < RULES.size(); r++) {
               consumers.add(session.createSharedDurableConsumer(session.createTopic(TOPIC), "shared-" + r, RULES.get(r)));
            }
            cluster.awaitCopies(TOPIC, true, 0, RULES.size(), RULES.size());
            List<Traffic.Out> published = publishOnEveryNode(cluster);

            for (int r = 0; r < RULES.size(); r++) {
               List<Integer> received = FeatureBroker.drain(consumers.get(r));
               assertThat(received).as("shared-%d (%s)", r, RULES.get(r)).doesNotHaveDuplicates()
                     .containsExactlyInAnyOrderElementsOf(expected(published, RULES.get(r)));
               for (int node = 0; node < cluster.size(); node++) {
                  int first = node * PER_NODE + 1;
                  int last = first + PER_NODE - 1;
                  assertThat(received.stream().filter(seq -> seq >= first && seq <= last).toList())
                        .as("order of node %d's messages", node).isSorted();
               }
            }
         }
      }
   }

   /**
    * A rule changed through management on the subscription's node while another node publishes without pause: every
    * forwarded message is judged under one rule, so one cut explains what arrives.
    */
   @Test
   void aRuleChangedOnOneNodeCutsAnotherNodesStreamOnce() throws Exception {
      int messages = 2_000;
      try (ClusterNodes cluster = ClusterNodes.start(3, "ON_DEMAND"); ManagementClient admin = cluster.management(0);
           Connection subscriber = cluster.connect(0); Connection publisher = cluster.connect(1)) {
         Session session = subscriber.createSession();
         MessageConsumer consumer = session.createSharedDurableConsumer(session.createTopic(TOPIC), "switch", "kind weq A");
         cluster.awaitCopies(TOPIC, true, 0, 1, 1);

         CompletableFuture<Void> publishing = CompletableFuture.runAsync(() -> {
            try (Session out = publisher.createSession()) {
               MessageProducer producer = out.createProducer(out.createTopic(TOPIC));
               for (int seq = 1; seq <= messages; seq++) {
                  Message message = out.createTextMessage("body " + seq);
                  message.setIntProperty(Traffic.SEQ, seq);
                  message.setStringProperty("kind", seq % 2 == 0 ? "A" : "B");
                  producer.send(message);
               }
            } catch (Exception e) {
               throw new IllegalStateException(e);
            }
         });
         List<Integer> received = new ArrayList<>();
         while (received.size() < messages / 10) {
            Message m = consumer.receive(10_000);
            assertThat(m).as("messages forwarded from node 2").isNotNull();
            received.add(m.getIntProperty(Traffic.SEQ));
         }
         admin.invoke("setRule", TOPIC, "switch", "kind weq B");
         publishing.get(2, TimeUnit.MINUTES);
         received.addAll(FeatureBroker.drain(consumer));

         int lastA = received.stream().filter(seq -> seq % 2 == 0).mapToInt(Integer::intValue).max().orElse(0);
         assertThat(lastA).as("the change must fall inside the stream").isBetween(2, messages - 2);
         List<Integer> cuts = new ArrayList<>();
         for (int cut = lastA - 1; cut <= lastA + 1; cut++) {
            if (received.equals(switchedAfter(cut, messages))) {
               cuts.add(cut);
            }
         }
         assertThat(cuts).as("one cut explains what arrived (A up to it, B after it); received %s…",
               received.subList(0, Math.min(40, received.size()))).isNotEmpty();
         System.out.printf("cluster rule change under load: switched after message %d of %d%n", cuts.get(0), messages);
      }
   }

   /**
    * Other nodes forward a queue exactly what the rule in force for it accepts: its creation rule, then its management
    * rule, everything while its switch is off, the management rule again; the queue's node rejects nothing of it.
    * After a restart, the publishing node forwards everything until it has asked, then by the management rule again.
    */
   @Test
   void otherNodesForwardAQueueWhatTheRuleInForceForItAccepts() throws Exception {
      try (ClusterNodes cluster = ClusterNodes.start(3, "ON_DEMAND")) {
         try (Connection subscriber = cluster.connect(1); ManagementClient admin = cluster.management(1)) {
            Session session = subscriber.createSession();
            MessageConsumer gate = session.createSharedDurableConsumer(session.createTopic(TOPIC), "gate", "airline weq CA");
            cluster.awaitCopies(TOPIC, true, 1, 0, 1);
            awaitCopyFilter(cluster, "by rule 'airline weq CA'");
            assertForwardedExactly(cluster, gate, Traffic.airport(1, 90, 5), "airline weq CA");

            admin.invoke("setRule", TOPIC, "gate", "airline weq MU");
            awaitCopyFilter(cluster, "by rule 'airline weq MU'");
            assertForwardedExactly(cluster, gate, Traffic.airport(101, 90, 6), "airline weq MU");

            admin.invoke("disable", TOPIC, "gate");
            awaitCopyFilter(cluster, "forwards all");
            assertForwardedExactly(cluster, gate, Traffic.airport(201, 90, 7), "airline weq *");

            admin.invoke("enable", TOPIC, "gate");
            awaitCopyFilter(cluster, "by rule 'airline weq MU'");
            assertForwardedExactly(cluster, gate, Traffic.airport(301, 90, 8), "airline weq MU");
            assertThat(((Number) admin.attribute("ForwardedRejected")).longValue()).as("rejected on arrival").isZero();
            assertThat(((Number) admin.attribute("ForwardedJudged")).longValue()).as("judged on arrival").isPositive();
            gate.close();
         }

         cluster.stop(0);
         cluster.restart(0);
         try (Connection subscriber = cluster.connect(1)) {
            Session session = subscriber.createSession();
            MessageConsumer gate = session.createSharedDurableConsumer(session.createTopic(TOPIC), "gate", "airline weq CA");
            cluster.awaitCopies(TOPIC, true, 1, 0, 1);
            List<Traffic.Out> fifth = Traffic.airport(401, 90, 9); // at once: the restarted node has not asked yet
            cluster.publish(0, TOPIC, fifth);
            assertThat(FeatureBroker.drain(gate)).as("after node 1 restarted")
                  .containsExactlyElementsOf(expected(fifth, "airline weq MU"));
            awaitCopyFilter(cluster, "by rule 'airline weq MU'");
            assertForwardedExactly(cluster, gate, Traffic.airport(501, 90, 10), "airline weq MU");
         }
      }
   }

   /**
    * Publishes {@code messages} on node 1: node 2's queue receives what {@code rule} accepts, and node 1 forwards it
    * that many messages, no more.
    */
   private static void assertForwardedExactly(ClusterNodes cluster, MessageConsumer queue, List<Traffic.Out> messages,
                                              String rule) throws Exception {
      long before = forwardedFrom0To1(cluster);
      cluster.publish(0, TOPIC, messages);
      assertThat(FeatureBroker.drain(queue)).as(rule).containsExactlyElementsOf(expected(messages, rule));
      assertThat(forwardedFrom0To1(cluster) - before).as("forwarded to node 2, by " + rule)
            .isEqualTo(expected(messages, rule).size());
   }

   /**
    * A message a queue holds is redistributed only where the receiving queue's rule takes it, whatever the rule was
    * when it was routed; the rest stays where it is, not lost: the subscription's queues took everything while its
    * switch was off, and then take {@code kind weq A} again.
    */
   @Test
   void redistributionMovesAHeldMessageOnlyWhereTheReceivingRuleTakesIt() throws Exception {
      try (ClusterNodes cluster = ClusterNodes.start(2, "OFF_WITH_REDISTRIBUTION");
           ManagementClient admin = cluster.management(0)) {
         for (int node = 0; node < 2; node++) {
            try (Connection connection = cluster.connect(node); Session session = connection.createSession()) {
               session.createSharedDurableConsumer(session.createTopic(TOPIC), "held", "kind weq A").close();
            }
         }
         cluster.awaitCopies(TOPIC, false, 1, 1);
         admin.invoke("disable", TOPIC, "held");
         List<Traffic.Out> published = new ArrayList<>();
         for (int seq = 1; seq <= 10; seq++) {
            published.add(new Traffic.Out(seq, null, Map.of("kind", seq <= 5 ? "A" : "B"), 0, 0));
         }
         cluster.publish(0, TOPIC, published);
         admin.invoke("enable", TOPIC, "held");
         List<Integer> heldOnNode1 = HeldMessages.seqs(cluster.node(0).server().locateQueue("held"), Traffic.SEQ);
         List<Integer> onNode2 = new ArrayList<>();
         try (Connection connection = cluster.connect(1); Session session = connection.createSession()) {
            MessageConsumer consumer = session.createSharedDurableConsumer(session.createTopic(TOPIC), "held", "kind weq A");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!onNode2.containsAll(List.of(1, 2, 3, 4, 5)) && System.nanoTime() < deadline) {
               Message m = consumer.receive(1_000);
               if (m != null) {
                  onNode2.add(m.getIntProperty(Traffic.SEQ));
               }
            }
            onNode2.addAll(FeatureBroker.drain(consumer));
         }
         List<Integer> onNode1;
         try (Connection connection = cluster.connect(0); Session session = connection.createSession()) {
            onNode1 = FeatureBroker.drain(session.createSharedDurableConsumer(session.createTopic(TOPIC), "held", "kind weq A"));
         }
         // the subscription's two queues took the messages in turn; node 1's kind A messages moved to node 2
         List<Integer> stay = heldOnNode1.stream().filter(seq -> seq > 5).toList();
         assertThat(stay).as("node 1 held kind B messages (%s)", heldOnNode1).isNotEmpty();
         assertThat(onNode1).as("still on node 1: what node 2's rule rejects").containsExactlyElementsOf(stay);
         List<Integer> moved = new ArrayList<>(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10));
         moved.removeAll(stay);
         assertThat(onNode2).as("node 2: its own and node 1's kind A").containsExactlyInAnyOrderElementsOf(moved);
      }
   }

   /**
    * A node without RuleFilter (a rolling install) judges nothing: other nodes forward it what its queues' SQL filters
    * take, once it has answered that it has no RuleFilter.
    */
   @Test
   void aNodeWithoutRuleFilterGetsWhatItsSqlFiltersTake() throws Exception {
      try (ClusterNodes cluster = ClusterNodes.start(2, "ON_DEMAND", node -> node == 0);
           Connection subscriber = cluster.connect(1)) {
         Session session = subscriber.createSession();
         MessageConsumer plain = session.createSharedDurableConsumer(session.createTopic(TOPIC), "gate", "airline = 'CA'");
         cluster.awaitCopies(TOPIC, true, 1, 0);
         awaitCopyFilter(cluster, "by SQL");
         List<Traffic.Out> messages = Traffic.airport(1, 60, 9);
         cluster.publish(0, TOPIC, messages);
         assertThat(FeatureBroker.drain(plain)).containsExactlyElementsOf(
               messages.stream().filter(m -> "CA".equals(m.properties().get("airline"))).map(Traffic.Out::seq).toList());
      }
   }

   private static long forwardedFrom0To1(ClusterNodes cluster) {
      String node1 = cluster.node(1).server().getNodeID().toString();
      return cluster.node(0).server().getPostOffice().getAllBindings()
            .filter(b -> b.getUniqueName().toString().startsWith("$.artemis.internal.sf.")
                  && b.getUniqueName().toString().endsWith(node1))
            .mapToLong(b -> ((QueueBinding) b).getQueue().getMessagesAdded())
            .sum();
   }

   /** Waits until node 1's copy of node 2's queue {@code gate} has a filter described as {@code kind}. */
   private static void awaitCopyFilter(ClusterNodes cluster, String kind) throws Exception {
      long deadline = System.currentTimeMillis() + 15_000;
      while (true) {
         String filter = cluster.node(0).server().getPostOffice().getAllBindings()
               .filter(b -> b instanceof RemoteQueueBinding && b.getRoutingName().toString().equals("gate"))
               .map(b -> String.valueOf(b.getFilter())).findFirst().orElse("no copy");
         if (filter.contains(kind)) {
            return;
         }
         if (System.currentTimeMillis() > deadline) {
            throw new AssertionError("node 1's copy of gate: " + filter + ", not " + kind);
         }
         Thread.sleep(20);
      }
   }

   private static List<Traffic.Out> publishOnEveryNode(ClusterNodes cluster) throws Exception {
      List<Traffic.Out> published = new ArrayList<>();
      for (int node = 0; node < cluster.size(); node++) {
         List<Traffic.Out> messages = Traffic.airport(node * PER_NODE + 1, PER_NODE, 11 + node);
         cluster.publish(node, TOPIC, messages);
         published.addAll(messages);
      }
      return published;
   }

   private static List<Integer> expected(List<Traffic.Out> published, String rule) {
      return published.stream().filter(m -> Traffic.accepts(rule, m)).map(Traffic.Out::seq).collect(Collectors.toList());
   }

   private static List<Integer> switchedAfter(int cut, int messages) {
      List<Integer> expected = new ArrayList<>();
      for (int seq = 1; seq <= messages; seq++) {
         boolean a = seq % 2 == 0;
         if (a && seq <= cut || !a && seq > cut) {
            expected.add(seq);
         }
      }
      return expected;
   }

   private static List<String> concat(List<String> rules, String more) {
      List<String> all = new ArrayList<>(rules);
      all.add(more);
      return List.copyOf(all);
   }
}

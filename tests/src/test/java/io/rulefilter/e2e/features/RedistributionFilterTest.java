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

import jakarta.jms.Connection;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Redistribution moves a message a queue holds to another node's queue of the same name only where that queue's
 * filter takes it, as Artemis's {@code BindingsImpl.redistribute} asks the receiving binding's filter; what no queue
 * elsewhere takes stays where it is. Two real nodes, ON_DEMAND, redistribution delay 0.
 */
class RedistributionFilterTest {

   private static final String ORDERS = "orders";
   private static final String TOPIC = "airport.events";

   /**
    * Plain queues, the same steps on plain Artemis and on RuleFilter: {@code orders} without a filter on node A holds a
    * red and a blue order; node B's {@code orders}, filtered by {@code color = 'red'}, gets a consumer. B receives the
    * red one only, and the blue one is still on A.
    */
   @ParameterizedTest(name = "with RuleFilter: {0}")
   @ValueSource(booleans = {false, true})
   void aPlainQueueReceivesOnlyWhatItsSqlFilterTakes(boolean withRuleFilter) throws Exception {
      try (ClusterNodes cluster = ClusterNodes.start(2, "ON_DEMAND", node -> withRuleFilter)) {
         createAnycast(cluster, 0, null);
         send(cluster, 0, List.of(order(1, "red"), order(2, "blue")));
         createAnycast(cluster, 1, "color = 'red'");
         cluster.awaitCopyOf(ORDERS, ORDERS, 1, true);
         try (Connection connection = cluster.connect(1)) {
            Session session = connection.createSession();
            MessageConsumer b = session.createConsumer(session.createQueue(ORDERS));
            assertThat(FeatureBroker.drainForwarded(b, 1)).as("node B's orders (color = 'red')").containsExactly(1);
         }
         try (Connection connection = cluster.connect(0)) {
            Session session = connection.createSession();
            MessageConsumer a = session.createConsumer(session.createQueue(ORDERS));
            assertThat(FeatureBroker.drain(a)).as("node A's orders, after B's consumer left").containsExactly(2);
         }
      }
   }

   /**
    * RuleFilter subscriptions: the shared subscription {@code bags}, created on A with {@code @tag beg BS}, holds a BSM
    * bag of MU and a BSX bag of XX; the same subscription name is created on B with {@code airline weq MU} (a consumer
    * rolled out node by node with a new rule). B receives the MU bag only; the XX bag waits on A. (As in plain Artemis,
    * a held message no other node's queue takes stops the redistribution of those behind it, so the MU bag comes first.)
    */
   @Test
   void aSubscriptionReceivesOnlyWhatItsRuleTakes() throws Exception {
      try (ClusterNodes cluster = ClusterNodes.start(2, "ON_DEMAND")) {
         try (Connection connection = cluster.connect(0); Session session = connection.createSession()) {
            session.createSharedDurableConsumer(session.createTopic(TOPIC), "bags", "@tag beg BS").close();
         }
         cluster.publish(0, TOPIC, List.of(new Traffic.Out(1, "BSM", Map.of("airline", "MU"), 0, 0),
               new Traffic.Out(2, "BSX", Map.of("airline", "XX"), 0, 0)));
         try (Connection connection = cluster.connect(1)) {
            Session session = connection.createSession();
            MessageConsumer b = session.createSharedDurableConsumer(session.createTopic(TOPIC), "bags", "airline weq MU");
            assertThat(FeatureBroker.drainForwarded(b, 1)).as("B's bags (airline weq MU)").containsExactly(1);
         }
         try (Connection connection = cluster.connect(0)) {
            Session session = connection.createSession();
            MessageConsumer a = session.createSharedDurableConsumer(session.createTopic(TOPIC), "bags", "@tag beg BS");
            assertThat(FeatureBroker.drain(a)).as("A's bags (@tag beg BS), after B's consumer left").containsExactly(2);
         }
      }
   }

   private static void createAnycast(ClusterNodes cluster, int node, String filter) throws Exception {
      cluster.node(node).server().createQueue(QueueConfiguration.of(ORDERS).setAddress(ORDERS)
            .setRoutingType(RoutingType.ANYCAST).setFilterString(filter).setDurable(true).setAutoCreateAddress(true));
   }

   private static Traffic.Out order(int seq, String color) {
      return new Traffic.Out(seq, null, Map.of("color", color), 0, 0);
   }

   private static void send(ClusterNodes cluster, int node, List<Traffic.Out> messages) throws Exception {
      try (Connection connection = cluster.connect(node); Session session = connection.createSession()) {
         MessageProducer producer = session.createProducer(session.createQueue(ORDERS));
         for (Traffic.Out out : messages) {
            producer.send(out.toJms(session));
         }
      }
   }
}

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
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.server.Queue;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Map;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The redistribution mark RuleFilter writes into a held message (issue 37, item 8) must not leave the sizes Artemis
 * counted for it behind: once every held message has moved to the other node, the holding queue's persistent and
 * delivering sizes and its address's size are back to zero, as on plain Artemis (run with the same steps). Left in,
 * the mark made the queue's persistent size 89 bytes short for each message moved.
 */
class RedistributionSizeTest {

   private static final String ORDERS = "orders";
   private static final int HELD = 200;

   @ParameterizedTest(name = "with RuleFilter: {0}")
   @ValueSource(booleans = {false, true})
   void movedMessagesLeaveNoSizeBehind(boolean withRuleFilter) throws Exception {
      try (ClusterNodes cluster = ClusterNodes.start(2, "ON_DEMAND", node -> withRuleFilter)) {
         createAnycast(cluster, 0);
         try (Connection connection = cluster.connect(0); Session session = connection.createSession()) {
            MessageProducer producer = session.createProducer(session.createQueue(ORDERS));
            for (int seq = 1; seq <= HELD; seq++) {
               producer.send(new Traffic.Out(seq, null, Map.of("color", seq % 2 == 0 ? "red" : "blue"), 0, 0)
                     .toJms(session));
            }
         }
         Queue held = cluster.node(0).server().locateQueue(SimpleString.of(ORDERS));
         assertThat(held.getPersistentSize()).as("what node A counts while it holds them").isPositive();
         createAnycast(cluster, 1);
         cluster.awaitCopyOf(ORDERS, ORDERS, 1, true);
         try (Connection connection = cluster.connect(1)) {
            Session session = connection.createSession();
            MessageConsumer b = session.createConsumer(session.createQueue(ORDERS));
            assertThat(FeatureBroker.drainForwarded(b, HELD)).as("node B receives every held message")
                  .containsExactlyInAnyOrderElementsOf(IntStream.rangeClosed(1, HELD).boxed().toList());
         }
         assertThat(held.getMessageCount()).isZero();
         assertThat(cluster.node(0).server().getPagingManager().getPageStore(SimpleString.of(ORDERS)).getAddressSize())
               .as("node A's address, all moved").isZero();
         assertThat(held.getDeliveringSize()).as("node A's queue, delivering").isZero();
         assertThat(held.getPersistentSize()).as("node A's queue, all moved").isZero();
      }
   }

   private static void createAnycast(ClusterNodes cluster, int node) throws Exception {
      cluster.node(node).server().createQueue(QueueConfiguration.of(ORDERS).setAddress(ORDERS)
            .setRoutingType(RoutingType.ANYCAST).setDurable(true).setAutoCreateAddress(true));
   }
}

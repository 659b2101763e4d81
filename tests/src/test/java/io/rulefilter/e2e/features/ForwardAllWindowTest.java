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

import io.rulefilter.artemis.cluster.ForwardAllWindow;
import jakarta.jms.Connection;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * While a node's copies forward everything (from a reconnection until the other nodes have told what their queues
 * accept), a message must not be lost: the shared subscription {@code bags} has a queue on each of two nodes with
 * different rules (a consumer rolled out node by node with a new rule); Artemis gives a message to one queue of the
 * name, so the copy of the other node's queue, which would forward everything, gives way to the queue here that takes
 * the message. The window is held open by a hook, not by timing. With fewer than four queues Artemis routes the
 * address; with more, RuleFilter's index does: both are run.
 */
class ForwardAllWindowTest {

   private static final String TOPIC = "airport.events";

   @ParameterizedTest(name = "other subscriptions on the address: {0}")
   @ValueSource(ints = {0, 4})
   void aMessageTheLocalQueueTakesIsNotForwardedToARemoteQueueThatRejectsIt(int others) throws Exception {
      try (ClusterNodes cluster = ClusterNodes.start(2, "ON_DEMAND")) {
         try (Connection connection = cluster.connect(0); Session session = connection.createSession()) {
            session.createSharedDurableConsumer(session.createTopic(TOPIC), "bags", "airline weq CA").close();
            for (int i = 0; i < others; i++) {
               session.createSharedDurableConsumer(session.createTopic(TOPIC), "other-" + i, "airline weq XX").close();
            }
         }
         try (Connection onB = cluster.connect(1)) {
            Session session = onB.createSession();
            MessageConsumer b = session.createSharedDurableConsumer(session.createTopic(TOPIC), "bags", "airline weq MU");
            cluster.awaitCopies(TOPIC, true, 1, 0);
            ForwardAllWindow.open(cluster.node(0));

            cluster.publish(0, TOPIC, List.of(new Traffic.Out(1, "BSM", Map.of("airline", "CA"), 0, 0),
                  new Traffic.Out(2, "BSM", Map.of("airline", "MU"), 0, 0),
                  new Traffic.Out(3, "BSM", Map.of("airline", "CA"), 0, 0)));
            assertThat(FeatureBroker.drainForwarded(b, 1)).as("B's bags (airline weq MU)").containsExactly(2);
         }
         try (Connection onA = cluster.connect(0); Session session = onA.createSession()) {
            MessageConsumer a = session.createSharedDurableConsumer(session.createTopic(TOPIC), "bags", "airline weq CA");
            assertThat(FeatureBroker.drain(a)).as("A's bags (airline weq CA): none lost").containsExactly(1, 3);
         }
      }
   }

   /**
    * With the same rule on both nodes the two queues share one state, so the copy's superset changes nothing: Artemis's
    * choice stands, and B's consumer gets the bags (in order) while A's queue, without a consumer, gets none.
    */
   @ParameterizedTest(name = "other subscriptions on the address: {0}")
   @ValueSource(ints = {0, 4})
   void withTheSameRuleArtemisChoiceStands(int others) throws Exception {
      try (ClusterNodes cluster = ClusterNodes.start(2, "ON_DEMAND")) {
         try (Connection connection = cluster.connect(0); Session session = connection.createSession()) {
            session.createSharedDurableConsumer(session.createTopic(TOPIC), "bags", "@tag beg BS").close();
            for (int i = 0; i < others; i++) {
               session.createSharedDurableConsumer(session.createTopic(TOPIC), "other-" + i, "airline weq XX").close();
            }
         }
         try (Connection onB = cluster.connect(1)) {
            Session session = onB.createSession();
            MessageConsumer b = session.createSharedDurableConsumer(session.createTopic(TOPIC), "bags", "@tag beg BS");
            cluster.awaitCopies(TOPIC, true, 1, 0);
            ForwardAllWindow.open(cluster.node(0));

            cluster.publish(0, TOPIC, List.of(new Traffic.Out(1, "BSM", Map.of("airline", "CA"), 0, 0),
                  new Traffic.Out(2, "BSM", Map.of("airline", "MU"), 0, 0),
                  new Traffic.Out(3, "BSX", Map.of("airline", "CA"), 0, 0)));
            assertThat(FeatureBroker.drainForwarded(b, 3)).as("B's bags, with the consumer").containsExactly(1, 2, 3);
         }
         assertThat(cluster.node(0).server().locateQueue("bags").getMessageCount()).as("A's bags").isZero();
      }
   }
}

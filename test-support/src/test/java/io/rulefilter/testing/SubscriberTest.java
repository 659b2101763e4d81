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
package io.rulefilter.testing;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What a subscriber receives, and what its failure reports say. */
class SubscriberTest {

   @RegisterExtension
   static RuleFilterExtension broker = new RuleFilterExtension();

   static final AirportMessage BSM = AirportMessage.tagged("BSM").with("airline", "CA");
   static final AirportMessage BSM_MU = AirportMessage.tagged("BSM").with("airline", "MU");

   @Test
   void aNameWithDotsIsTheJmsClientsEscapedQueueName() throws Exception {
      Subscriber gate = broker.subscribe("airport.events", "gate.a1\\b", "airline weq CA");
      assertThat(gate.name()).isEqualTo("gate.a1\\b");
      assertThat(gate.queueName()).isEqualTo("gate\\.a1\\\\b");
      broker.publish("airport.events", BSM, BSM_MU);
      gate.assertReceived(BSM);
      broker.setRule(gate, "airline weq MU");
      broker.publish("airport.events", BSM, BSM_MU);
      gate.assertReceived(BSM_MU);
   }

   @Test
   void aSecondSubscriptionUnderOneNameIsRefused() throws Exception {
      broker.subscribe("airport.events", "sorter", "airline weq CA");
      assertThatThrownBy(() -> broker.subscribe("airport.events", "sorter", "airline weq MU"))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("subscription 'sorter' exists already")
            .hasMessageContaining("setRule");
   }

   /** Messages routed while the queue was busy wait in its intake; one pass of its executor takes about 1,000. */
   @Test
   void everyRoutedMessageIsReceivedHoweverManyWaitInTheQueuesIntake() throws Exception {
      Subscriber all = broker.subscribe("airport.events", "all", "@tag beg BS");
      AirportMessage[] messages = IntStream.range(0, 2_500)
            .mapToObj(i -> AirportMessage.tagged(i % 5 == 0 ? "MVT" : "BSM").with("n", i)).toArray(AirportMessage[]::new);
      CountDownLatch busy = new CountDownLatch(1);
      broker.locateQueue(all.queueName()).getExecutor().execute(() -> awaitQuietly(busy));
      ScheduledExecutorService later = Executors.newSingleThreadScheduledExecutor();
      try {
         broker.publish("airport.events", messages);
         later.schedule(busy::countDown, 300, TimeUnit.MILLISECONDS); // while received() waits for the queue
         assertThat(all.received()).hasSize(2_000).allMatch(m -> m.tag().equals("BSM"));
      } finally {
         busy.countDown();
         later.shutdownNow();
      }
   }

   private static void awaitQuietly(CountDownLatch latch) {
      try {
         latch.await(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
         Thread.currentThread().interrupt();
      }
   }

   @Test
   void theReportJudgesAMessageByTheRuleInForceWhenItWasPublished() throws Exception {
      Subscriber sorter = broker.subscribe("airport.events", "sorter", "airline weq CA");
      broker.publish("airport.events", BSM);
      broker.setRule(sorter, "airline weq MU");
      assertThatThrownBy(sorter::assertReceived).isInstanceOf(AssertionError.class)
            .hasMessageContaining("(rule: airline weq MU)")
            .hasMessageContaining("BSM{airline=CA}: received, not expected; the rule in force when it was published "
                  + "(airline weq CA) says:")
            .hasMessageContaining("[match]    airline weq CA")
            .hasMessageNotContaining("RuleFilter defect");
   }

   @Test
   void aMessageExpectedButPublishedElsewhereIsNamedSoNotCalledADefect() throws Exception {
      Subscriber sorter = broker.subscribe("airport.events", "sorter", "airline weq CA");
      broker.publish("airport.other", BSM);
      assertThatThrownBy(() -> sorter.assertReceived(BSM)).isInstanceOf(AssertionError.class)
            .hasMessageContaining("BSM{airline=CA}: expected, not received; it was not published to this subscriber's "
                  + "address since the last check")
            .hasMessageNotContaining("RuleFilter defect");
   }

   @Test
   void aMessageExpectedTwiceAndReceivedOnceIsNamedWithItsCounts() throws Exception {
      Subscriber sorter = broker.subscribe("airport.events", "sorter", null);
      broker.publish("airport.events", BSM);
      assertThatThrownBy(() -> sorter.assertReceived(BSM, BSM)).isInstanceOf(AssertionError.class)
            .hasMessageContaining("BSM{airline=CA}: received 1 times, expected 2")
            .hasMessageNotContaining("another order");
   }

   @Test
   void anAttributeNamedLikeTheTagPropertyIsRefused() {
      AirportMessage spoofed = AirportMessage.tagged("BSM").with("JMSType", "MVT");
      assertThatThrownBy(() -> broker.publish("airport.events", spoofed)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("attribute 'JMSType'");
   }
}

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

import io.rulefilter.e2e.features.FeatureBroker.Kind;
import jakarta.jms.Connection;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import java.util.ArrayList;

/**
 * Rules live and die with their queues and addresses, by every path Artemis removes them: a forced address
 * deletion, an auto-deleted queue, a temporary queue, an unsubscribe. A new queue or address of the same name never
 * inherits them, neither at once nor after a restart.
 */
class LifecycleFeatureTest {

   private static final String TEMP = "temp.events";

   private static List<Integer> all(List<Traffic.Out> messages) {
      return messages.stream().map(Traffic.Out::seq).toList();
   }

   @ParameterizedTest
   @EnumSource(value = Kind.class, names = {"INDEX_ON", "INDEX_OFF"})
   void aForcedAddressDeletionTakesTheRulesOfItsQueuesAndItsAddressRuleWithIt(Kind kind) throws Exception {
      try (FeatureBroker broker = FeatureBroker.start(kind, config -> { })) {
         for (int i = 0; i < 4; i++) {
            broker.subscribe(TEMP, "t" + i, Traffic.RULES.get(i));
         }
         broker.rules().setRule(TEMP, "t0", "@tag weq MVT", false);
         broker.rules().setAddressRule(TEMP, "station weq PEK");
         broker.rules().setEnabled(TEMP, "t1", false);
         broker.server().removeAddressInfo(SimpleString.of(TEMP), null, true);
         assertThat(broker.rules().list()).isEmpty();
         assertThat(broker.rules().addressRules()).isEmpty();

         for (int i = 0; i < 4; i++) {
            broker.subscribe(TEMP, "t" + i, null); // same names, no rules
         }
         List<Traffic.Out> messages = Traffic.airport(1, 60, 21);
         broker.publish(TEMP, messages);
         for (int i = 0; i < 4; i++) {
            assertThat(broker.held("t" + i)).as("t%d, a new queue of an old name", i).isEqualTo(all(messages));
         }
         broker.restart();
         List<Traffic.Out> after = Traffic.airport(101, 60, 22);
         broker.publish(TEMP, after);
         for (int i = 0; i < 4; i++) {
            List<Integer> expected = new ArrayList<>(all(messages));
            expected.addAll(all(after));
            assertThat(broker.held("t" + i)).as("t%d after a restart", i).isEqualTo(expected);
         }
         assertThat(broker.rules().list()).isEmpty();
         assertThat(broker.rules().addressRules()).isEmpty();
      }
   }

   @ParameterizedTest
   @EnumSource(value = Kind.class, names = {"INDEX_ON", "INDEX_OFF"})
   void temporaryAndAutoDeletedQueuesLeaveNothingBehind(Kind kind) throws Exception {
      try (FeatureBroker broker = FeatureBroker.start(kind, config -> { })) {
         for (int i = 0; i < 4; i++) {
            broker.subscribe("airport.events", "keep" + i, Traffic.RULES.get(i));
         }
         try (Connection connection = broker.connect()) {
            Session session = connection.createSession();
            MessageConsumer temporary = session.createConsumer(session.createTopic("airport.events"), "@tag beg BS");
            MessageConsumer shared = session.createSharedConsumer(session.createTopic("airport.events"), "auto", "@tag beg BP");
            List<String> queues = broker.rules().list().stream().map(s -> s.queue()).filter(q -> !q.startsWith("keep")).toList();
            String sharedQueue = queues.stream().filter(q -> q.endsWith("auto")).findFirst().orElseThrow();
            String temporaryQueue = queues.stream().filter(q -> !q.equals(sharedQueue)).findFirst().orElseThrow();
            broker.rules().setRule("airport.events", temporaryQueue, "@tag weq LDM", false);
            broker.rules().setRule("airport.events", sharedQueue, "@tag weq MVT", false);
            temporary.close();
            shared.close();
            awaitGone(broker, temporaryQueue);
            awaitGone(broker, sharedQueue);
            assertThat(broker.rules().list()).extracting(s -> s.queue()).containsExactly("keep0", "keep1", "keep2", "keep3");

            MessageConsumer again = session.createSharedConsumer(session.createTopic("airport.events"), "auto");
            List<Traffic.Out> messages = Traffic.airport(1, 80, 23);
            broker.publish("airport.events", messages);
            assertThat(FeatureBroker.drain(again)).as("a new 'auto' without a selector").isEqualTo(all(messages));
         }
         broker.restart();
         assertThat(broker.rules().list()).extracting(s -> s.queue()).containsExactly("keep0", "keep1", "keep2", "keep3");
      }
   }

   @ParameterizedTest
   @EnumSource(value = Kind.class, names = {"INDEX_ON", "INDEX_OFF"})
   void anUnsubscribedDurableSubscriptionsRuleDoesNotComeBackWithItsName(Kind kind) throws Exception {
      try (FeatureBroker broker = FeatureBroker.start(kind, config -> { })) {
         for (int i = 0; i < 4; i++) {
            broker.subscribe("airport.events", "keep" + i, Traffic.RULES.get(i));
         }
         try (Connection connection = broker.factory().createConnection()) {
            connection.setClientID("gate7");
            connection.start();
            Session session = connection.createSession();
            session.createDurableConsumer(session.createTopic("airport.events"), "bags", "@tag beg BS", false).close();
            broker.rules().setRule("airport.events", "gate7.bags", "@tag weq LDM", false);
            broker.rules().setEnabled("airport.events", "gate7.bags", false);
            session.unsubscribe("bags");
            session.createDurableConsumer(session.createTopic("airport.events"), "bags").close();
         }
         broker.restart();
         List<Traffic.Out> messages = Traffic.airport(1, 80, 24);
         broker.publish("airport.events", messages);
         assertThat(broker.held("gate7.bags")).as("the new gate7.bags has no rule").isEqualTo(all(messages));
         assertThat(broker.rules().list()).extracting(s -> s.queue()).doesNotContain("gate7.bags");
      }
   }

   private static void awaitGone(FeatureBroker broker, String queue) throws InterruptedException {
      long deadline = System.nanoTime() + 10_000_000_000L;
      while (broker.server().locateQueue(SimpleString.of(queue)) != null) {
         assertThat(System.nanoTime()).as(queue + " is deleted").isLessThan(deadline);
         Thread.sleep(20);
      }
   }
}

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
package io.rulefilter.e2e;

import io.rulefilter.artemis.internal.PluginParts;
import io.rulefilter.client.ManagementClient;
import io.rulefilter.e2e.Jms.Out;
import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A rule changes while a producer publishes without pause. Every message is routed under exactly one rule, so the
 * subscription must receive, in publish order, all "A" messages published before some point and all "B" messages
 * from that point on: nothing lost, nothing delivered against the rule in force when it was routed.
 */
class RuleChangeUnderLoadTest {

   private static final int MESSAGES = 6_000;

   /** With one subscription Artemis routes through the queue's filter; with eight, through the address index. */
   @ParameterizedTest(name = "{0} subscriptions on the address")
   @ValueSource(ints = {1, 8})
   void aRuleChangeCutsTheStreamCleanly(int subscriptions) throws Exception {
      try (TestBroker broker = TestBroker.start(); ManagementClient admin = broker.management();
           Connection connection = broker.connectionFactory().createConnection()) {
         connection.start();
         Session consumerSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
         MessageConsumer consumer = consumerSession.createSharedDurableConsumer(Jms.topic(consumerSession), "switch",
               "kind weq A");
         for (int i = 1; i < subscriptions; i++) {
            consumerSession.createSharedDurableConsumer(Jms.topic(consumerSession), "other" + i, "kind weq C" + i).close();
         }
         assertThat(PluginParts.registry(broker.broker().plugin()).queries().routing(TestBroker.TOPIC).indexed())
               .isEqualTo(subscriptions >= 4);

         CompletableFuture<Void> publishing = CompletableFuture.runAsync(() -> {
            try (Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE)) {
               MessageProducer producer = session.createProducer(Jms.topic(session));
               for (int seq = 1; seq <= MESSAGES; seq++) {
                  producer.send(Jms.message(session, Out.props(Map.of("kind", seq % 2 == 0 ? "A" : "B")), seq));
               }
            } catch (Exception e) {
               throw new IllegalStateException(e);
            }
         });
         while (broker.queue("switch").getMessagesAdded() < MESSAGES / 8) {
            Thread.sleep(1);
         }
         admin.invoke("setRule", TestBroker.TOPIC, "switch", "kind weq B");
         publishing.get(2, TimeUnit.MINUTES);

         List<Integer> received = new ArrayList<>();
         for (Message m; (m = consumer.receive(1000)) != null; ) {
            received.add(m.getIntProperty(Jms.SEQ));
         }
         // Every message is routed under one rule: some cut splits the stream into "old rule" and "new rule". The
         // cut lies next to the last A received (a B routed just before the change is rightly missing).
         int lastA = received.stream().filter(seq -> seq % 2 == 0).mapToInt(Integer::intValue).max().orElse(0);
         Integer cut = null;
         for (int candidate = Math.max(0, lastA - 1); candidate <= Math.min(MESSAGES, lastA + 1) && cut == null; candidate++) {
            if (received.equals(expected(candidate))) {
               cut = candidate;
            }
         }
         assertThat(lastA).as("the change must fall inside the stream").isBetween(2, MESSAGES - 2);
         assertThat(cut).as("one cut explains what arrived (A up to it, B after it, in publish order); received %s",
               received.size() > 50 ? received.subList(0, 50) + "…" : received).isNotNull();
         int switched = cut;
         System.out.printf("rule change under load: switched after message %d of %d%n", switched, MESSAGES);
      }
   }

   /** What the subscription holds when the rule changed after message {@code cut}: A up to it, B after it. */
   private static List<Integer> expected(int cut) {
      List<Integer> expected = new ArrayList<>();
      for (int seq = 1; seq <= MESSAGES; seq++) {
         boolean a = seq % 2 == 0;
         if (a && seq <= cut || !a && seq > cut) {
            expected.add(seq);
         }
      }
      return expected;
   }
}

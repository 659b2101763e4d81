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

import io.rulefilter.RuleLanguage;
import io.rulefilter.client.ManagementClient;
import jakarta.jms.Connection;
import jakarta.jms.InvalidSelectorException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import java.util.Collections;

/**
 * Subscribers are untrusted: a flood of subscriptions with hostile selectors (numbers that once hung the translator,
 * patterns that explode in a backtracking matcher, rules at the size limits, invalid rules) is answered quickly, one by
 * one, while another client goes on publishing 64 KB values to those very subscriptions and receiving its own
 * messages without delay.
 */
class HostileSubscriberTest {

   private static final RuleLanguage LANGUAGE = RuleLanguage.standard();
   private static final String BIG = "a".repeat(64 * 1024);

   private static List<String> hostileSelectors() {
      List<String> selectors = new ArrayList<>(List.of("x gt 1e9999999", "x eq 1e-9999999", "x gt 1e999999999",
            "x weq *a*a*a*a*a*b", "x weq *a*b*a*b*a*b*c", "x weq ?*?*?*?*?*z", "x nweq *a*a*a*a*a*b",
            "x weq '" + "*a".repeat(200) + "b'", "@attr weq *a*a*a*a*a*b", "x gt 1e" + "9".repeat(3000),
            LANGUAGE.selector(LANGUAGE.parse("x weq *a*a*a*a*a*b")), "x beg " + "a".repeat(4090),
            String.join(" and ", Collections.nCopies(64, "x weq *a*a*b")),
            "(".repeat(16) + "x ex" + ")".repeat(16), "(".repeat(40) + "x ex" + ")".repeat(40), "x gt abc"));
      return selectors;
   }

   @Test
   void aFloodOfHostileSubscriptionsLeavesTheBrokerResponsive() throws Exception {
      try (TestBroker broker = TestBroker.start(); Connection victim = broker.connect(null)) {
         Session session = victim.createSession(false, Session.AUTO_ACKNOWLEDGE);
         MessageConsumer mine = session.createConsumer(session.createQueue("victim.requests"));
         MessageProducer requests = session.createProducer(session.createQueue("victim.requests"));
         MessageProducer topic = session.createProducer(Jms.topic(session));

         ExecutorService attackers = Executors.newFixedThreadPool(4);
         AtomicLong slowestSubscribe = new AtomicLong();
         List<Future<Integer>> attacks = new ArrayList<>();
         for (int a = 0; a < 4; a++) {
            attacks.add(attackers.submit(() -> attack(broker, slowestSubscribe)));
         }
         long slowestRoundTrip = 0;
         int roundTrips = 0;
         while (attacks.stream().anyMatch(f -> !f.isDone())) {
            Message big = session.createTextMessage("to every hostile subscription");
            big.setStringProperty("x", BIG);
            topic.send(big);
            long start = System.nanoTime();
            requests.send(session.createTextMessage("ping " + roundTrips));
            assertThat(mine.receive(10_000)).as("the victim's own message").isNotNull();
            slowestRoundTrip = Math.max(slowestRoundTrip, System.nanoTime() - start);
            roundTrips++;
         }
         attackers.shutdown();
         assertThat(attackers.awaitTermination(1, TimeUnit.MINUTES)).isTrue();
         int refused = 0;
         for (Future<Integer> attack : attacks) {
            refused += attack.get();
         }
         System.out.printf("hostile flood: %d subscriptions, %d refused, slowest subscribe %d ms; victim: %d round trips, "
               + "slowest %d ms%n", 4 * 5 * hostileSelectors().size(), refused, slowestSubscribe.get() / 1_000_000,
               roundTrips, slowestRoundTrip / 1_000_000);
         assertThat(refused).as("out-of-range numbers, nesting beyond the limit and invalid rules are refused").isEqualTo(4 * 5 * 6);
         assertThat(slowestSubscribe.get()).as("every subscription answered within a second").isLessThan(1_000_000_000L);
         assertThat(slowestRoundTrip).as("the victim's slowest round trip").isLessThan(2_000_000_000L);
         assertThat(roundTrips).isPositive();
         try (ManagementClient admin = broker.management()) {
            assertThat(admin.invoke("check", "x ex")).isEqualTo("x ex");
         }
      }
   }

   /** Creates and closes subscriptions with every hostile selector, five rounds; returns how many were refused. */
   private static int attack(TestBroker broker, AtomicLong slowest) throws Exception {
      int refused = 0;
      try (Connection connection = broker.connect(null)) {
         Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
         for (int round = 0; round < 5; round++) {
            for (String selector : hostileSelectors()) {
               long start = System.nanoTime();
               try {
                  session.createConsumer(Jms.topic(session), selector).close();
               } catch (InvalidSelectorException e) {
                  refused++;
               }
               slowest.accumulateAndGet(System.nanoTime() - start, Math::max);
            }
         }
      }
      return refused;
   }
}

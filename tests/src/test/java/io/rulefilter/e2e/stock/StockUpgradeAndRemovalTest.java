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
package io.rulefilter.e2e.stock;

import io.rulefilter.e2e.Scratch;
import io.rulefilter.selector.RuleSelector;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The manual's "Upgrading" and "Removing" on a stock instance: what subscriptions receive after each. */
class StockUpgradeAndRemovalTest {

   private static final String ADDRESS = "lifecycle.events";
   private static final String EXACT = "@tag beg BS and airline weq CA";
   /** Translates to TRUE: only the plugin can tell. */
   private static final String BY_KEY = "@attr weq seat*";
   private static final String MANAGED = "airline weq MU";

   private int seq;

   @Test
   void anUpgradeKeepsEveryRuleAndARemovalLeavesTheSqlPartOfEachSelector() throws Exception {
      try (StockArtemis broker = StockArtemis.create(Scratch.directory("rulefilter-stock-lifecycle")).installPlugin().start()) {
         List<AirportMessage> first = messages();
         subscribeAll(broker);
         broker.setRule(ADDRESS, "managed", MANAGED);
         publish(broker, first);
         assertReceived(broker, first, EXACT, BY_KEY, MANAGED);

         broker.close();
         broker.replacePluginJar().start();
         List<AirportMessage> afterUpgrade = messages();
         publish(broker, afterUpgrade);
         assertReceived(broker, afterUpgrade, EXACT, BY_KEY, MANAGED);

         broker.close();
         broker.uninstallPlugin().start();
         assertThat(broker.logContains("RFL1000")).as("RuleFilter is gone").isFalse();
         List<AirportMessage> afterRemoval = messages();
         publish(broker, afterRemoval);
         // the exact rule's SQL part decides alike; the others receive everything, as plain subscriptions do
         assertReceived(broker, afterRemoval, EXACT, null, null);
      }
   }

   private List<AirportMessage> messages() {
      List<AirportMessage> out = new ArrayList<>();
      for (String tag : new String[] {"BSM", "BPM", "MVT"}) {
         for (String airline : new String[] {"CA", "MU"}) {
            out.add(new AirportMessage(++seq, tag, Map.of("airline", airline)));
            out.add(new AirportMessage(++seq, tag, Map.of("airline", airline, "seat", "12A")));
         }
      }
      return out;
   }

   private static void subscribeAll(StockArtemis broker) throws Exception {
      try (JakartaJmsClient client = JakartaJmsClient.core(broker.corePort())) {
         client.subscribe(ADDRESS, "exact", RuleSelector.of(EXACT));
         client.subscribe(ADDRESS, "by-key", RuleSelector.of(BY_KEY));
         client.subscribe(ADDRESS, "managed", null);
      }
   }

   private static void publish(StockArtemis broker, List<AirportMessage> messages) throws Exception {
      try (JakartaJmsClient client = JakartaJmsClient.core(broker.corePort())) {
         client.publish(ADDRESS, messages);
      }
   }

   /** Each durable subscription, reconnected with the selector it was created with, holds what its rule accepts. */
   private static void assertReceived(StockArtemis broker, List<AirportMessage> published, String exact, String byKey,
                                      String managed) throws Exception {
      try (JakartaJmsClient client = JakartaJmsClient.core(broker.corePort())) {
         assertThat(client.subscribe(ADDRESS, "exact", RuleSelector.of(EXACT)).drain(1000))
               .as("subscription with %s", EXACT).containsExactlyElementsOf(accepted(published, exact));
         assertThat(client.subscribe(ADDRESS, "by-key", RuleSelector.of(BY_KEY)).drain(1000))
               .as("subscription with %s", BY_KEY).containsExactlyElementsOf(accepted(published, byKey));
         assertThat(client.subscribe(ADDRESS, "managed", null).drain(1000))
               .as("subscription with the management rule %s", MANAGED)
               .containsExactlyElementsOf(accepted(published, managed));
      }
   }

   private static List<Integer> accepted(List<AirportMessage> published, String rule) {
      return published.stream().filter(m -> rule == null || m.acceptedBy(rule)).map(AirportMessage::seq).toList();
   }
}

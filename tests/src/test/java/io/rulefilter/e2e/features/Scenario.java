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

import org.apache.activemq.artemis.core.config.Configuration;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A feature scenario, run once on plain Artemis and once on Artemis with RuleFilter: what every endpoint (a queue's
 * content, or what a consumer received) holds on RuleFilter must be exactly what it holds on plain Artemis, kept
 * where its rule (at the time each message was published) accepts it. Nothing lost, nothing duplicated, nothing
 * against the rule, order as Artemis keeps it.
 */
abstract class Scenario {

   /** Every message the scenario publishes, by seq number, to evaluate rules on. */
   final Map<Integer, Traffic.Out> published = new TreeMap<>();
   /** The rule of each endpoint over time; endpoints without one must hold exactly what plain Artemis holds. */
   final Map<String, RuleTimeline> rules = new LinkedHashMap<>();

   /** How the brokers are configured for this feature (address settings, addresses, diverts). */
   void configure(Configuration configuration) {
   }

   /** Does the feature on {@code broker} and returns what each endpoint holds, in order. */
   abstract Map<String, List<Integer>> run(FeatureBroker broker) throws Exception;

   /** Records messages as published, for the expectation. */
   List<Traffic.Out> publishing(List<Traffic.Out> messages) {
      messages.forEach(m -> published.put(m.seq(), m));
      return messages;
   }

   /** Runs a fresh scenario on plain Artemis and another on {@code kind}, and compares every endpoint. */
   static void verify(FeatureBroker.Kind kind, Supplier<? extends Scenario> scenario) throws Exception {
      Map<String, List<Integer>> plain = runOn(FeatureBroker.Kind.PLAIN, scenario.get());
      Scenario onRuleFilter = scenario.get();
      Map<String, List<Integer>> ours = runOn(kind, onRuleFilter);
      assertThat(ours.keySet()).as("endpoints").isEqualTo(plain.keySet());
      boolean someRuleRejected = false;
      for (Map.Entry<String, List<Integer>> e : plain.entrySet()) {
         RuleTimeline rule = onRuleFilter.rules.get(e.getKey());
         List<Integer> expected = rule == null ? e.getValue()
               : e.getValue().stream().filter(seq -> rule.accepts(onRuleFilter.published.get(seq))).toList();
         someRuleRejected |= expected.size() < e.getValue().size();
         assertThat(ours.get(e.getKey())).as("%s on %s (rule %s); plain Artemis held %s", e.getKey(), kind, rule,
               e.getValue()).isEqualTo(expected);
      }
      assertThat(someRuleRejected).as("the scenario exercises rules that reject something").isTrue();
   }

   private static Map<String, List<Integer>> runOn(FeatureBroker.Kind kind, Scenario scenario) throws Exception {
      Consumer<Configuration> configure = scenario::configure;
      try (FeatureBroker broker = FeatureBroker.start(kind, configure)) {
         return scenario.run(broker);
      }
   }
}

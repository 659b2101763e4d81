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
package io.rulefilter.artemis.routing;

import io.rulefilter.generators.TestMessage;
import io.rulefilter.message.MessageModel;
import io.rulefilter.internal.parse.RuleParser;
import org.apache.activemq.artemis.api.core.Message;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The cost claim of version 2 anchors: with 1,000 subscriptions each listing numbers ({@code bagCount eq (…)}) or
 * flights ignoring case ({@code flight weqi (…)}, {@code flight begi …}), a message evaluates only the subscriptions
 * whose list holds its value, not all 1,000, and exactly those that plain evaluation of every rule accepts.
 */
class AnchoredEvaluationsTest {

   private static final MessageModel MODEL = MessageModel.DEFAULT;
   private static final int SUBSCRIPTIONS = 1_000;
   private static final String[] AIRLINES = {"ca", "Mu", "ΣΑ", "İs", "ßa"};

   @Test
   void aMessageEvaluatesOnlyTheSubscriptionsListingItsNumber() throws Exception {
      Random random = new Random(25_3L);
      List<String> rules = new ArrayList<>();
      for (int i = 0; i < SUBSCRIPTIONS; i++) {
         rules.add("bagCount eq (" + random.nextInt(500) + ", " + random.nextInt(500) + ".5, " + (1_000_000_000_000L + i)
               + ")" + (i % 2 == 0 ? "" : " and @tag weq *"));
      }
      List<Object> values = new ArrayList<>();
      for (int n = 0; n < 500; n += 7) {
         values.addAll(List.of(n, (long) n, n + 0.5, "" + n, n + ".50", n + 0.25));
      }
      values.addAll(List.of(1_000_000_000_007L, "1000000000000999", 1e12 + 3, "x", true));
      assertEvaluatedOnlyWhereAnchored(rules, values, "bagCount");
   }

   /** An or of eq conditions on one key is anchored like the list of their numbers, whatever else each disjunct asks. */
   @Test
   void aMessageEvaluatesOnlyTheSubscriptionsWhoseOrOfEqualitiesNamesItsNumber() throws Exception {
      Random random = new Random(25_3_3L);
      List<String> rules = new ArrayList<>();
      for (int i = 0; i < SUBSCRIPTIONS; i++) {
         int a = random.nextInt(500);
         int b = random.nextInt(500);
         rules.add(switch (i % 4) {
            case 0 -> "bagCount eq " + a + " or bagCount eq " + b + ".5";
            case 1 -> "bagCount eq " + a + " or bagCount eq (" + b + ", " + (1_000_000_000_000L + i) + ")";
            case 2 -> "(bagCount eq " + a + " and @tag weq B*) or bagCount eq " + b + " or bagCount eq " + a + ".0";
            default -> "@tag weq * and (bagCount eq " + a + " or bagCount eq " + b + ")";
         });
      }
      List<Object> values = new ArrayList<>();
      for (int n = 0; n < 500; n += 7) {
         values.addAll(List.of(n, (long) n, n + 0.5, "" + n, n + ".50", n + 0.25));
      }
      values.addAll(List.of(1_000_000_000_001L, "1000000000000997", "x", true));
      assertEvaluatedOnlyWhereAnchored(rules, values, "bagCount");
   }

   @Test
   void aMessageEvaluatesOnlyTheSubscriptionsListingItsFlightInAnyCase() throws Exception {
      Random random = new Random(25_3_2L);
      List<String> rules = new ArrayList<>();
      for (int i = 0; i < SUBSCRIPTIONS; i++) {
         String airline = AIRLINES[random.nextInt(AIRLINES.length)];
         rules.add(switch (i % 4) {
            case 0 -> "flight weqi (" + airline + random.nextInt(300) + ", " + airline + random.nextInt(300) + ")";
            case 1 -> "flight weqi " + airline + random.nextInt(300) + " and @tag weq *";
            case 2 -> "flight begi " + airline + random.nextInt(30);
            default -> "flight weqi " + airline + random.nextInt(300) + " or flight begi (" + airline + "9, X" + i + ")";
         });
      }
      List<Object> values = new ArrayList<>();
      for (int n = 0; n < 300; n += 3) {
         values.addAll(List.of("CA" + n, "ca" + n, "mU" + n, "σα" + n, "Σας" + n, "is" + n, "İS" + n, "ıs" + n,
               "ẞA" + n, "SSA" + n, "xx" + n));
      }
      assertEvaluatedOnlyWhereAnchored(rules, values, "flight");
   }

   private static void assertEvaluatedOnlyWhereAnchored(List<String> texts, List<Object> values, String key)
         throws Exception {
      List<CountedRule> evaluations = new ArrayList<>();
      List<CountedRule> rules = texts.stream().map(text -> new CountedRule(RuleParser.parse(text), evaluations)).toList();
      RuleIndex index = CountedRule.indexOf(rules);
      assertThat(index.unanchored()).as("subscriptions evaluated for every message").isZero();
      ArtemisMessageView view = new ArtemisMessageView(MODEL.tagProperty());
      int accepted = 0;
      List<Object> withMissing = new ArrayList<>(values);
      withMissing.add(null);
      for (Object value : withMissing) {
         Map<String, Object> properties = new HashMap<>();
         if (value != null) {
            properties.put(key, value);
         }
         Message message = new TestMessage("BSM", properties).toCore();
         List<CountedRule> expected = rules.stream().filter(rule -> rule.holds(message)).toList();
         evaluations.clear();
         index.route(message, null, view.of(message));
         assertThat(evaluations).as("subscriptions evaluated for %s = %s", key, value)
               .containsExactlyInAnyOrderElementsOf(expected);
         accepted += expected.size();
      }
      assertThat(accepted).as("messages some subscription accepts").isGreaterThan(values.size() / 2);
   }
}

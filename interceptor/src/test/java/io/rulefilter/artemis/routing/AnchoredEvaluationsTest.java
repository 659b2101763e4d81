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

import io.rulefilter.eval.CompiledRule;
import io.rulefilter.eval.RuleCompiler;
import io.rulefilter.generators.TestMessage;
import io.rulefilter.message.MessageModel;
import io.rulefilter.parse.RuleParser;
import io.rulefilter.rule.Rule;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.filter.Filter;
import org.apache.activemq.artemis.selector.filter.Filterable;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The cost claim of version 2 anchors: with 1,000 subscriptions each listing numbers ({@code bagCount eq (…)}), a
 * message evaluates only the subscriptions whose list holds its value, not all 1,000, and exactly those the plain
 * evaluation of every rule accepts. Each rule here counts its evaluations (and declines, so nothing is routed).
 */
class AnchoredEvaluationsTest {

   private static final MessageModel MODEL = MessageModel.DEFAULT;
   private static final int SUBSCRIPTIONS = 1_000;

   /** A subscription's rule that notes each evaluation, says whether the rule holds, and declines the message. */
   private static final class Counted implements Filter {
      private final CompiledRule rule;
      private final List<Counted> evaluations;
      private final ArtemisMessageView view = new ArtemisMessageView(MODEL.tagProperty());

      Counted(Rule rule, List<Counted> evaluations) {
         this.rule = new RuleCompiler(MODEL).compile(rule);
         this.evaluations = evaluations;
      }

      boolean holds(Message message) {
         return rule.matches(view.of(message));
      }

      @Override
      public boolean match(Message message) {
         evaluations.add(this);
         return false;
      }

      @Override
      public boolean match(Map<String, String> map) {
         throw new UnsupportedOperationException();
      }

      @Override
      public boolean match(Filterable filterable) {
         throw new UnsupportedOperationException();
      }

      @Override
      public SimpleString getFilterString() {
         return SimpleString.of(rule.rule().canonical());
      }
   }

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

   private static void assertEvaluatedOnlyWhereAnchored(List<String> rules, List<Object> values, String key)
         throws Exception {
      List<Counted> evaluations = new ArrayList<>();
      List<Counted> subscriptions = new ArrayList<>();
      IndexBuckets buckets = new IndexBuckets();
      for (String text : rules) {
         Rule rule = RuleParser.parse(text);
         Counted counted = new Counted(rule, evaluations);
         subscriptions.add(counted);
         IndexEntry entry = new IndexEntry(null, new SubscriptionPolicy(null, counted, null, true), null, false);
         buckets.place(held(entry, rule), true);
      }
      RuleIndex index = buckets.index(new RoutingNameGroup[0], rules.size(), false);
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
         List<Counted> expected = subscriptions.stream().filter(s -> s.holds(message)).toList();
         evaluations.clear();
         index.route(message, null, view.of(message));
         assertThat(evaluations).as("subscriptions evaluated for %s = %s", key, value)
               .containsExactlyInAnyOrderElementsOf(expected);
         accepted += expected.size();
      }
      assertThat(accepted).as("messages some subscription accepts").isGreaterThan(values.size() / 2);
   }

   /** How the index holds {@code entry}: by the rule's text anchor, else by its numeric one. */
   private static HeldBinding held(IndexEntry entry, Rule rule) {
      Anchor anchor = Anchor.of(rule, MODEL).orElse(null);
      RangeAnchor range = anchor != null ? null : RangeAnchor.of(rule, MODEL).orElse(null);
      return new HeldBinding(null, entry, anchor, range == null ? List.of() : RangeIndex.Bound.allOf(entry, range),
            null, false);
   }
}

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
import io.rulefilter.internal.eval.RuleCompiler;
import io.rulefilter.message.MessageModel;
import io.rulefilter.rule.Rule;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.filter.Filter;
import org.apache.activemq.artemis.selector.filter.Filterable;

import java.util.List;
import java.util.Map;

/**
 * A subscription's rule for index tests: the index's evaluations of it are noted in a shared list, each declines the
 * message (so nothing is routed), and {@link #holds} says what plain evaluation decides. Placed in an index by the
 * rule's text anchor, else its numeric one, as a broker places it.
 */
final class CountedRule implements Filter {

   private static final MessageModel MODEL = MessageModel.DEFAULT;

   private final Rule rule;
   private final CompiledRule compiled;
   private final List<CountedRule> evaluations;
   private final ArtemisMessageView view = new ArtemisMessageView(MODEL.tagProperty());

   CountedRule(Rule rule, List<CountedRule> evaluations) {
      this.rule = rule;
      this.compiled = new RuleCompiler(MODEL).compile(rule);
      this.evaluations = evaluations;
   }

   Rule rule() {
      return rule;
   }

   /** Whether plain evaluation of the rule accepts {@code message}. */
   boolean holds(Message message) {
      return compiled.matches(view.of(message));
   }

   /** How an index holds this rule: by its text anchor, else by its numeric one, else evaluated for every message. */
   HeldBinding held() {
      IndexEntry entry = new IndexEntry(null, new SubscriptionPolicy(null, this, null, true), null, false);
      Anchor anchor = Anchor.of(rule, MODEL).orElse(null);
      RangeAnchor range = anchor != null ? null : RangeAnchor.of(rule, MODEL).orElse(null);
      return new HeldBinding(null, entry, anchor, range == null ? List.of() : RangeIndex.Bound.allOf(entry, range),
            null, false);
   }

   /** The index of {@code rules}, each placed one step at a time. */
   static RuleIndex indexOf(List<CountedRule> rules) {
      IndexBuckets buckets = new IndexBuckets();
      rules.forEach(rule -> buckets.add(rule.held()));
      return buckets.index(new RoutingNameGroup[0], rules.size(), false);
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
      return SimpleString.of(rule.canonical());
   }

   @Override
   public String toString() {
      return rule.canonical();
   }
}

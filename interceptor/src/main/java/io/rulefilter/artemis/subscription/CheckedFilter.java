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
package io.rulefilter.artemis.subscription;

import io.rulefilter.internal.parse.RuleParser;
import io.rulefilter.rule.Rule;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.filter.Filter;

/**
 * The rule of the queue Artemis is creating, parsed once. The plugin's {@code beforeCreateQueue} hook checks the new
 * queue's filter after Artemis has authorised the creation; Artemis then makes the queue and binds it in the same call,
 * holding the post office's monitor, so the binding hook takes the rule from here instead of parsing the filter again.
 * It holds one rule at most, until the next queue is bound or filters are replaced (after a creation that fails in
 * between, that may be long); a rule is taken only for exactly the filter string it was parsed from, by the same
 * parser under the same limits, so whatever happens in between (another plugin changing the filter, a failed
 * creation) can at worst make the binding parse the filter itself. Guarded by the registry's lock.
 */
final class CheckedFilter {

   private SimpleString filter;
   private Rule rule;

   /** {@code filter} was checked and carries {@code rule} (null: no rule, nothing to hand on). */
   void remember(SimpleString filter, Rule rule) {
      this.filter = rule == null ? null : filter;
      this.rule = rule;
   }

   /**
    * The rule {@code original} carries: the one checked for it, if any, else parsed now by {@code parser}. Forgets
    * the checked one.
    */
   Rule ruleOf(String queue, Filter original, RuleParser parser) {
      Rule checkedRule = claim(original);
      return checkedRule != null ? checkedRule : StoredState.ruleOf(queue, original, parser);
   }

   /**
    * As {@link #ruleOf}, for a filter that replaces one in force: a rule {@code parser} does not take is not
    * logged here, it throws ({@link StoredState#carriedRule}).
    */
   Rule replacingRuleOf(Filter replacing, RuleParser parser) {
      Rule checkedRule = claim(replacing);
      return checkedRule != null ? checkedRule : StoredState.carriedRule(replacing, parser);
   }

   private Rule claim(Filter original) {
      SimpleString checkedFilter = filter;
      Rule checkedRule = rule;
      filter = null;
      rule = null;
      return checkedRule != null && original != null && checkedFilter.equals(original.getFilterString()) ? checkedRule
            : null;
   }
}

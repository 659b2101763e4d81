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
package io.rulefilter.internal.eval;

import io.rulefilter.eval.CompiledRule;
import io.rulefilter.message.MessageView;
import io.rulefilter.rule.Rule;

/** A compiled rule: the rule and its matcher tree. */
final class CompiledMatcher implements CompiledRule {

   private final Rule rule;
   private final Matcher matcher;

   CompiledMatcher(Rule rule, Matcher matcher) {
      this.rule = rule;
      this.matcher = matcher;
   }

   @Override
   public Rule rule() {
      return rule;
   }

   @Override
   public boolean matches(MessageView message) {
      return matcher.matches(message);
   }

   @Override
   public String toString() {
      return rule.canonical();
   }
}

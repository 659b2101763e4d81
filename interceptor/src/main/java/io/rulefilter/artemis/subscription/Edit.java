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

import io.rulefilter.rule.Rule;

/** What a management change does to a subscription: set or drop its management rule, or flip its switch. */
public record Edit(boolean setsRule, Rule rule, Boolean enabled) {

   public static Edit rule(Rule rule) {
      return new Edit(true, rule, null);
   }

   public static Edit noRule() {
      return new Edit(true, null, null);
   }

   public static Edit enabled(boolean enabled) {
      return new Edit(false, null, enabled);
   }
}

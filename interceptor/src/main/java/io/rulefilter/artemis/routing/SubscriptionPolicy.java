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
import io.rulefilter.message.MessageView;
import io.rulefilter.rule.Rule;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.core.filter.Filter;

import java.util.Optional;
import java.util.function.Function;

/**
 * What one subscription accepts, as one immutable snapshot: swapping the snapshot is how a rule change takes effect
 * on the very next routed message, without locks on the routing path.
 *
 * @param own         the subscription's own rule (management override, else the rule it was created with), or null
 * @param sqlFallback the queue's plain SQL filter when it has no rule of its own, or null
 * @param addressRule the address-level rule, ANDed with the subscription's, or null
 * @param enabled     false: the switch is off and the subscription receives every message of its address
 */
public record SubscriptionPolicy(CompiledRule own, Filter sqlFallback, CompiledRule addressRule, boolean enabled) {

   /** Whether the subscription takes the message; a rule that throws rejects it (see {@link EvaluationFailures}). */
   public boolean accepts(Message message, MessageView view) {
      if (!enabled) {
         return true;
      }
      try {
         if (addressRule != null && !addressRule.matches(view)) {
            return false;
         }
         if (own != null) {
            return own.matches(view);
         }
         return sqlFallback == null || sqlFallback.match(message);
      } catch (RuntimeException e) {
         return EvaluationFailures.reject(own != null ? own : addressRule, e);
      }
   }

   /** Whether the own rule alone decides (enabled, no address rule): then an anchor of the own rule can be the whole of it. */
   boolean isOwnRuleAlone() {
      return enabled && addressRule == null && own != null;
   }

   /**
    * A necessary condition of taking a message that {@code conditionOf} finds in a rule: none when the subscription
    * is disabled (it takes everything), else its own rule's, else its address rule's.
    */
   <T> Optional<T> necessary(Function<Rule, Optional<T>> conditionOf) {
      if (!enabled) {
         return Optional.empty();
      }
      Optional<T> fromOwn = own == null ? Optional.empty() : conditionOf.apply(own.rule());
      if (fromOwn.isPresent() || addressRule == null) {
         return fromOwn;
      }
      return conditionOf.apply(addressRule.rule());
   }
}

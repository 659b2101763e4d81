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

import io.rulefilter.message.MessageModel;
import io.rulefilter.rule.And;
import io.rulefilter.rule.Condition;
import io.rulefilter.rule.Operand;
import io.rulefilter.rule.Operator;
import io.rulefilter.rule.Rule;
import io.rulefilter.rule.Subject;

import java.math.BigDecimal;
import java.util.Optional;

/**
 * A numeric necessary condition of a rule: the tag or one attribute, read as a number, must compare with
 * {@code constant} as {@code operator} says ({@code gt ge lt le eq}). It comes from such a condition alone or from
 * any conjunct of an {@code and}; a rule has at most one, so the range index evaluates the rule at most once.
 *
 * @param key      the attribute key, or null for the tag
 * @param operator {@code GT}, {@code GE}, {@code LT}, {@code LE} or {@code EQ}
 * @param constant the rule's number
 */
record RangeAnchor(String key, Operator operator, BigDecimal constant) {

   static Optional<RangeAnchor> of(Rule rule, MessageModel model) {
      if (rule instanceof Condition c) {
         return ofCondition(c, model);
      }
      if (rule instanceof And and) {
         for (Rule conjunct : and.operands()) {
            Optional<RangeAnchor> anchor = of(conjunct, model);
            if (anchor.isPresent()) {
               return anchor;
            }
         }
      }
      return Optional.empty();
   }

   /** Whether {@code rule} holds exactly when a message's value meets its anchor: it is that one condition. */
   static boolean isWhole(Rule rule, MessageModel model) {
      return rule instanceof Condition c && ofCondition(c, model).isPresent();
   }

   private static Optional<RangeAnchor> ofCondition(Condition c, MessageModel model) {
      if (c.operator().kind() != Operator.Kind.NUMBER || c.operator().isNegated()
            || !(c.operand() instanceof Operand.Number number)) {
         return Optional.empty();
      }
      if (c.subject() instanceof Subject.Tag) {
         return Optional.of(new RangeAnchor(null, c.operator(), number.value()));
      }
      if (c.subject() instanceof Subject.Attribute a && !model.isReserved(a.key())) {
         return Optional.of(new RangeAnchor(a.key(), c.operator(), number.value()));
      }
      return Optional.empty();
   }
}

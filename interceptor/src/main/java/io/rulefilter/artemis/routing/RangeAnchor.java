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
import io.rulefilter.rule.Or;
import io.rulefilter.rule.Rule;
import io.rulefilter.rule.Subject;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;

/**
 * A numeric necessary condition of a rule: the tag or one attribute, read as a number, must compare with one of
 * {@code constants} as {@code operator} says ({@code gt ge lt le eq}; only {@code eq} has several, from a list
 * {@code eq (1, 2, 5)} or an {@code or} of equalities on one key). It comes from such a condition alone, from any
 * conjunct of an {@code and}, or from every operand of an {@code or} when each is anchored by {@code eq} on the same
 * key (their numbers together); a rule has at most one. The constants are distinct numbers (1 and 1.0 are one), and
 * a value equals at most one distinct number as the evaluator's {@code DecimalComparison} compares, so the range
 * index evaluates the rule at most once.
 *
 * @param key       the attribute key, or null for the tag
 * @param operator  {@code GT}, {@code GE}, {@code LT}, {@code LE} or {@code EQ}
 * @param constants the rule's numbers, ascending and distinct; one unless the operator is {@code EQ}
 */
record RangeAnchor(String key, Operator operator, List<BigDecimal> constants) {

   RangeAnchor {
      constants = List.copyOf(new TreeSet<>(constants)); // compareTo: 1.0 and 1 are one number
      if (constants.isEmpty() || constants.size() > 1 && operator != Operator.EQ) {
         throw new IllegalArgumentException(operator + " needs exactly one constant: " + constants);
      }
   }

   /** The anchor of one condition with one number. */
   RangeAnchor(String key, Operator operator, BigDecimal constant) {
      this(key, operator, List.of(constant));
   }

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
      if (rule instanceof Or or) {
         return ofDisjunction(or.operands(), model);
      }
      return Optional.empty();
   }

   /**
    * Whether {@code rule} holds exactly when a message's value meets its anchor: it is that one condition, or an
    * {@code or} of equalities on one key.
    */
   static boolean isWhole(Rule rule, MessageModel model) {
      if (rule instanceof Condition c) {
         return ofCondition(c, model).isPresent();
      }
      return rule instanceof Or or && ofDisjunction(or.operands(), model).isPresent()
            && or.operands().stream().allMatch(disjunct -> isWhole(disjunct, model));
   }

   /** Every disjunct anchored by {@code eq} on one key: the anchor holds all their numbers. */
   private static Optional<RangeAnchor> ofDisjunction(List<Rule> disjuncts, MessageModel model) {
      String key = null;
      List<BigDecimal> constants = new ArrayList<>();
      for (int i = 0; i < disjuncts.size(); i++) {
         Optional<RangeAnchor> anchor = of(disjuncts.get(i), model);
         if (anchor.isEmpty() || anchor.get().operator() != Operator.EQ || (i > 0 && !Objects.equals(key, anchor.get().key()))) {
            return Optional.empty();
         }
         key = anchor.get().key();
         constants.addAll(anchor.get().constants());
      }
      return Optional.of(new RangeAnchor(key, Operator.EQ, constants));
   }

   private static Optional<RangeAnchor> ofCondition(Condition c, MessageModel model) {
      if (c.operator().kind() != Operator.Kind.NUMBER || c.operator().isNegated()) {
         return Optional.empty();
      }
      List<BigDecimal> constants = numbers(c.operand());
      if (constants == null || constants.size() > 1 && c.operator() != Operator.EQ) {
         return Optional.empty();
      }
      if (c.subject() instanceof Subject.Tag) {
         return Optional.of(new RangeAnchor(null, c.operator(), constants));
      }
      if (c.subject() instanceof Subject.Attribute a && !model.isReserved(a.key())) {
         return Optional.of(new RangeAnchor(a.key(), c.operator(), constants));
      }
      return Optional.empty();
   }

   /** The numbers of one number or of a list of them; null for any other operand. */
   private static List<BigDecimal> numbers(Operand operand) {
      if (operand instanceof Operand.Number number) {
         return List.of(number.value());
      }
      if (operand instanceof Operand.ValueList list && list.items().stream().allMatch(Operand.Number.class::isInstance)) {
         return list.items().stream().map(item -> ((Operand.Number) item).value()).toList();
      }
      return null;
   }
}

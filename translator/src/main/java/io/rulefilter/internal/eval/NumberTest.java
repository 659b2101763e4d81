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

import io.rulefilter.rule.Operator;

import java.math.BigDecimal;

/** A positive numeric operator ({@code gt ge lt le eq}); a value that is not a number fails it. */
final class NumberTest implements ValueTest {

   private final DecimalComparison comparison;
   private final Operator operator;

   NumberTest(Operator operator, BigDecimal constant) {
      if (operator.kind() != Operator.Kind.NUMBER || operator.isNegated()) {
         throw new IllegalArgumentException("not a positive numeric operator: " + operator);
      }
      this.operator = operator;
      this.comparison = new DecimalComparison(constant);
   }

   @Override
   public boolean test(Object value) {
      int sign = comparison.compare(value);
      if (sign == DecimalComparison.NOT_A_NUMBER) {
         return false;
      }
      return switch (operator) {
         case GT -> sign > 0;
         case GE -> sign >= 0;
         case LT -> sign < 0;
         case LE -> sign <= 0;
         default -> sign == 0;
      };
   }
}

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
package io.rulefilter.rule;

import java.util.List;
import java.util.Objects;

/** One {@code subject op [value]} test. The operand's kind must fit the operator and the subject. */
public record Condition(Subject subject, Operator operator, Operand operand) implements Rule {

   public Condition {
      Objects.requireNonNull(subject, "subject");
      Objects.requireNonNull(operator, "operator");
      Objects.requireNonNull(operand, "operand");
      Class<? extends Operand> expected = expectedOperand(subject, operator);
      boolean list = operand instanceof Operand.ValueList;
      if (list && !operator.takesList() || !expected.isInstance(list ? ((Operand.ValueList) operand).items().get(0) : operand)) {
         throw new IllegalArgumentException("'" + operator.keyword() + "' on " + subject + " cannot take " + operand);
      }
   }

   /** The single values of the operand: the items of a list, or the operand itself. */
   public List<Operand> values() {
      return operand instanceof Operand.ValueList list ? list.items() : List.of(operand);
   }

   /** True when the condition says what only version 2 of the language can: a list, a case-insensitive op, Type B. */
   public boolean isV2() {
      return operand instanceof Operand.ValueList || operator.isV2() || subject instanceof Subject.TypeB;
   }

   /** The operand class a condition with this subject and operator takes. */
   public static Class<? extends Operand> expectedOperand(Subject subject, Operator operator) {
      return switch (operator.kind()) {
         case TEXT -> Operand.Text.class;
         case PATTERN -> Operand.Pattern.class;
         case NUMBER -> {
            if (subject instanceof Subject.Keys) {
               throw new IllegalArgumentException("'" + operator.keyword() + "' compares numbers and cannot apply to @attr");
            }
            yield Operand.Number.class;
         }
         case EXISTENCE -> subject instanceof Subject.Keys ? Operand.Text.class : Operand.None.class;
      };
   }
}

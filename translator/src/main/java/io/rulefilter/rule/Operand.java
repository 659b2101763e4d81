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

import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;

/** The value side of a condition; its kind follows from the operator. */
public sealed interface Operand permits Operand.None, Operand.Text, Operand.Pattern, Operand.Number,
      Operand.ValueList {

   None NONE = new None();

   /** No value: {@code @tag ex}, {@code key nex}. */
   record None() implements Operand {
   }

   /** Literal text: the prefix of {@code beg}, the suffix of {@code end}, the key of {@code @attr ex}. */
   record Text(String text) implements Operand {

      public Text {
         Objects.requireNonNull(text, "text");
      }
   }

   /** A wildcard pattern, for {@code weq} and {@code nweq}. */
   record Pattern(WildcardPattern pattern) implements Operand {

      public Pattern {
         Objects.requireNonNull(pattern, "pattern");
      }
   }

   /** A decimal number, kept exact; trailing zeros are stripped so that {@code 0.10} and {@code 0.1} are one value. */
   record Number(BigDecimal value) implements Operand {

      public Number {
         value = value.stripTrailingZeros();
      }
   }

   /**
    * Version 2: a list of values of one kind, {@code (PEK, PVG)}; a positive op holds when it holds for at least one
    * item, a negated one when it holds for none. Items keep their written order; duplicates are kept as written.
    */
   record ValueList(List<Operand> items) implements Operand {

      public ValueList {
         items = List.copyOf(items);
         if (items.isEmpty()) {
            throw new IllegalArgumentException("a value list must hold at least one item");
         }
         Class<?> kind = items.get(0).getClass();
         for (Operand item : items) {
            if (item instanceof ValueList || item instanceof None || item.getClass() != kind) {
               throw new IllegalArgumentException("a value list holds single values of one kind, not " + item);
            }
         }
      }
   }
}

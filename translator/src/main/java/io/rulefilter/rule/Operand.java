package io.rulefilter.rule;

import java.math.BigDecimal;
import java.util.Objects;

/** The value side of a condition; its kind follows from the operator. */
public sealed interface Operand permits Operand.None, Operand.Text, Operand.Pattern, Operand.Number {

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
}

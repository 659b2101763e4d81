package io.rulefilter.eval;

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

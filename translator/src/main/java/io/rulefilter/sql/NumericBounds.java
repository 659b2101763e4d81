package io.rulefilter.sql;

import java.math.BigDecimal;
import java.math.MathContext;

/**
 * Double literals that bracket a decimal constant for Artemis's numeric comparisons. Artemis compares in binary
 * floating point (and widens floats, converts strings with {@code Double.valueOf}), while the rule compares exact
 * decimals; so each bound is moved outwards by more than a float's rounding error, and the translation is a
 * superset. Bounds never leave the finite range, where {@code Double.toString} would not print a literal.
 */
final class NumericBounds {

   private static final BigDecimal RELATIVE_SLACK = BigDecimal.valueOf(Math.scalb(1.0, -20));
   private static final BigDecimal ABSOLUTE_SLACK = new BigDecimal(Math.scalb(1.0, -140));
   private static final BigDecimal FLOAT_EXACT_INTEGERS = BigDecimal.valueOf(1L << 24);

   static final String MAX = Double.toString(Double.MAX_VALUE);
   static final String MIN = Double.toString(-Double.MAX_VALUE);

   private NumericBounds() {
   }

   /** A double at or below every value that may compare equal to or above {@code c}. */
   static String below(BigDecimal c) {
      BigDecimal target = c.subtract(slack(c));
      double d = target.doubleValue();
      if (Double.isInfinite(d)) {
         return d < 0 ? MIN : MAX;
      }
      if (new BigDecimal(d).compareTo(target) > 0) {
         d = Math.nextDown(d);
      }
      return Double.toString(Math.max(d, -Double.MAX_VALUE));
   }

   /** A double at or above every value that may compare equal to or below {@code c}. */
   static String above(BigDecimal c) {
      BigDecimal target = c.add(slack(c));
      double d = target.doubleValue();
      if (Double.isInfinite(d)) {
         return d < 0 ? MIN : MAX;
      }
      if (new BigDecimal(d).compareTo(target) < 0) {
         d = Math.nextUp(d);
      }
      return Double.toString(Math.min(d, Double.MAX_VALUE));
   }

   /**
    * A literal {@code K} such that Artemis's {@code p = K} holds only for values equal to {@code c} under every
    * numeric type, or {@code null} when there is none: small integers (exact in every type), or a non-integer that
    * is the shortest decimal of its double and that no float can equal.
    */
   static String exactEquality(BigDecimal c) {
      if (c.signum() == 0 || c.stripTrailingZeros().scale() <= 0) {
         return c.abs().compareTo(FLOAT_EXACT_INTEGERS) <= 0 ? c.toBigInteger().toString() : null;
      }
      double d = c.doubleValue();
      if (Double.isInfinite(d) || new BigDecimal(Double.toString(d)).compareTo(c) != 0 || (double) (float) d == d) {
         return null;
      }
      return Double.toString(d);
   }

   private static BigDecimal slack(BigDecimal c) {
      return c.abs().multiply(RELATIVE_SLACK, MathContext.DECIMAL64).add(ABSOLUTE_SLACK);
   }
}

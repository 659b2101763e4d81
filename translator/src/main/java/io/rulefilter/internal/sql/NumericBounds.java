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
package io.rulefilter.internal.sql;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Double literals that bracket a decimal constant for Artemis's numeric comparisons. Artemis compares in binary
 * floating point (and widens floats, converts strings with {@code Double.valueOf}), while the rule compares exact
 * decimals; so each bound is moved outwards by more than a float's rounding error, and the translation is a
 * superset. Bounds never leave the finite range, where {@code Double.toString} would not print a literal.
 */
final class NumericBounds {

   /** A float's decimal lies within 2^-24 of its value (relative) or 2^-150 (subnormal); bounds keep at least this. */
   private static final BigDecimal NEEDED_SLACK = BigDecimal.valueOf(Math.scalb(1.0, -22));
   /** ...and at most this, a range wide enough to hold a short decimal. */
   private static final BigDecimal GENEROUS_SLACK = BigDecimal.valueOf(Math.scalb(1.0, -18));
   private static final BigDecimal NEEDED_ABSOLUTE = new BigDecimal(Math.scalb(1.0, -148));
   private static final BigDecimal GENEROUS_ABSOLUTE = new BigDecimal(Math.scalb(1.0, -100));
   private static final BigDecimal FLOAT_EXACT_INTEGERS = BigDecimal.valueOf(1L << 24);
   static final String MAX = Double.toString(Double.MAX_VALUE);
   static final String MIN = Double.toString(-Double.MAX_VALUE);

   /**
    * Beyond this magnitude there is no double (the largest is about 1.8E308): a bound is the end of the double range
    * or none. Deciding that up front keeps the arithmetic off numbers of ten thousand digits (1E9999 plus a slack of
    * 2^-148), which cost milliseconds per condition.
    */
   private static final BigDecimal BEYOND_DOUBLES = new BigDecimal("1.8E308");
   /**
    * Below this magnitude the only float or double is zero (the least double is about 4.9E-324); a non-zero constant
    * that small is bounded as if it were this, just past it on the side that widens the bound.
    */
   private static final BigDecimal BELOW_DOUBLES = new BigDecimal("1E-330");
   private static final String BELOW_TINY = boundBelow(BELOW_DOUBLES.negate());
   private static final String ABOVE_TINY = boundAbove(BELOW_DOUBLES);

   private NumericBounds() {
   }

   /**
    * A double at or below every value that may compare equal to or above {@code c}; null when there is none, because
    * such values reach down to minus infinity (a string beyond the double range parses to it).
    */
   static String below(BigDecimal c) {
      if (c.compareTo(BEYOND_DOUBLES) > 0) {
         return MAX; // at most an infinity or a string compares that high
      }
      if (c.compareTo(BEYOND_DOUBLES.negate()) < 0) {
         return null;
      }
      if (isBelowDoubles(c)) {
         return BELOW_TINY; // a lower constant only widens a lower bound
      }
      return boundBelow(c);
   }

   private static String boundBelow(BigDecimal c) {
      if (isPlainInEveryType(c)) {
         // Artemis orders doubles with Double.compareTo, where -0.0 < 0.0: a lower bound of zero must be -0.0.
         return c.signum() == 0 ? "-0.0" : Double.toString(c.doubleValue());
      }
      BigDecimal nearest = c.subtract(slack(c, NEEDED_SLACK, NEEDED_ABSOLUTE));
      double d = shortestIn(c.subtract(slack(c, GENEROUS_SLACK, GENEROUS_ABSOLUTE)), nearest).doubleValue();
      if (!Double.isInfinite(d) && new BigDecimal(d).compareTo(nearest) > 0) {
         d = Math.nextDown(d);
      }
      return d == Double.NEGATIVE_INFINITY ? null : Double.toString(Math.min(d, Double.MAX_VALUE));
   }

   /**
    * A double at or above every value that may compare equal to or below {@code c}; null when there is none, because
    * such values reach up to plus infinity (a string beyond the double range parses to it).
    */
   static String above(BigDecimal c) {
      if (c.compareTo(BEYOND_DOUBLES) > 0) {
         return null;
      }
      if (c.compareTo(BEYOND_DOUBLES.negate()) < 0) {
         return MIN; // at most an infinity or a string compares that low
      }
      if (isBelowDoubles(c)) {
         return ABOVE_TINY; // a higher constant only widens an upper bound
      }
      return boundAbove(c);
   }

   private static String boundAbove(BigDecimal c) {
      if (isPlainInEveryType(c)) {
         return Double.toString(c.doubleValue());
      }
      BigDecimal nearest = c.add(slack(c, NEEDED_SLACK, NEEDED_ABSOLUTE));
      double d = shortestIn(nearest, c.add(slack(c, GENEROUS_SLACK, GENEROUS_ABSOLUTE))).doubleValue();
      if (!Double.isInfinite(d) && new BigDecimal(d).compareTo(nearest) < 0) {
         d = Math.nextUp(d);
      }
      return d == Double.POSITIVE_INFINITY ? null : Double.toString(Math.max(d, -Double.MAX_VALUE));
   }

   private static boolean isBelowDoubles(BigDecimal c) {
      return c.signum() != 0 && c.abs().compareTo(BELOW_DOUBLES) < 0;
   }

   /**
    * True when {@code c} is exactly a float (so a double too) and both print as {@code c}: then every type orders
    * around {@code c} as its decimal does, and {@code c} itself is a safe bound.
    */
   private static boolean isPlainInEveryType(BigDecimal c) {
      float f = c.floatValue();
      return !Float.isInfinite(f) && new BigDecimal(f).compareTo(c) == 0
            && new BigDecimal(Float.toString(f)).compareTo(c) == 0
            && new BigDecimal(Double.toString(c.doubleValue())).compareTo(c) == 0;
   }

   /** The decimal with the fewest significant digits in {@code [low, high]}, so the filter stays readable. */
   private static BigDecimal shortestIn(BigDecimal low, BigDecimal high) {
      if (low.signum() <= 0 && high.signum() >= 0) {
         return BigDecimal.ZERO;
      }
      for (int digits = 1; digits < 40; digits++) {
         BigDecimal candidate = low.round(new MathContext(digits, RoundingMode.CEILING));
         if (candidate.compareTo(high) <= 0) {
            return candidate;
         }
      }
      return low;
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

   private static BigDecimal slack(BigDecimal c, BigDecimal relative, BigDecimal absolute) {
      return c.abs().multiply(relative).add(absolute);
   }
}

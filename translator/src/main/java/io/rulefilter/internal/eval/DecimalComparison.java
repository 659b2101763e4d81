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

import io.rulefilter.internal.parse.DecimalSyntax;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Compares attribute values with one decimal constant exactly, without allocating: integers as longs, decimal strings
 * digit by digit ({@link DecimalSyntax#compare}), floating-point numbers as below.
 * <p>
 * A floating-point value counts as the decimal Java prints for it ({@code 0.1d} is 0.1), as string operators see it.
 * Since that decimal lies inside the value's rounding interval, the constant {@code c} compares with every value
 * below or above {@code c}'s nearest double as the value does with that double; only at the nearest double itself
 * is a precomputed sign needed. Floats work the same way with the nearest float.
 * <p>
 * Public so that the broker's range index orders messages against rule constants exactly as the evaluator does;
 * <b>not a supported API</b>.
 */
public final class DecimalComparison {

   /** Returned by {@link #compare} when the value is not a number (non-numeric string, boolean, NaN, infinity). */
   public static final int NOT_A_NUMBER = Integer.MIN_VALUE;

   private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
   private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);

   private final DecimalSyntax.Constant textConstant;
   private final int longRange;          // -1: constant below Long.MIN_VALUE, 1: above Long.MAX_VALUE, 0: within
   private final long floor;
   private final boolean integral;
   private final double nearestDouble;
   private final int signAtNearestDouble;
   private final float nearestFloat;
   private final int signAtNearestFloat;

   public DecimalComparison(BigDecimal constant) {
      this.textConstant = new DecimalSyntax.Constant(constant);
      this.longRange = constant.compareTo(LONG_MIN) < 0 ? -1 : constant.compareTo(LONG_MAX) > 0 ? 1 : 0;
      this.floor = longRange == 0 ? floor(constant) : 0;
      this.integral = constant.signum() == 0 || constant.stripTrailingZeros().scale() <= 0;
      this.nearestDouble = constant.doubleValue();
      this.signAtNearestDouble = Double.isInfinite(nearestDouble) ? 0
            : new BigDecimal(Double.toString(nearestDouble)).compareTo(constant);
      this.nearestFloat = constant.floatValue();
      this.signAtNearestFloat = Float.isInfinite(nearestFloat) ? 0
            : new BigDecimal(Float.toString(nearestFloat)).compareTo(constant);
   }

   /**
    * The largest long at or below {@code c} (within the long range). A fraction is decided by its sign: rounding
    * 1E-9999 would divide by a power of ten with ten thousand digits, milliseconds for a rule of such numbers.
    */
   private static long floor(BigDecimal c) {
      if (c.abs().compareTo(BigDecimal.ONE) < 0) {
         return c.signum() < 0 ? -1 : 0;
      }
      return c.setScale(0, RoundingMode.FLOOR).longValueExact();
   }

   /** The sign of {@code value - constant}, or {@link #NOT_A_NUMBER}. */
   public int compare(Object value) {
      if (value instanceof Long l) {
         return compareLong(l);
      }
      if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
         return compareLong(((Number) value).longValue());
      }
      if (value instanceof Double d) {
         return compareDouble(d);
      }
      if (value instanceof Float f) {
         return compareFloat(f);
      }
      if (value instanceof CharSequence text) {
         return compareText(text);
      }
      return NOT_A_NUMBER;
   }

   int compareLong(long value) {
      if (longRange != 0) {
         return -longRange;
      }
      if (integral) {
         return Long.compare(value, floor);
      }
      return value <= floor ? -1 : 1;
   }

   int compareDouble(double value) {
      if (Double.isNaN(value) || Double.isInfinite(value)) {
         return NOT_A_NUMBER;
      }
      return value < nearestDouble ? -1 : value > nearestDouble ? 1 : signAtNearestDouble;
   }

   int compareFloat(float value) {
      if (Float.isNaN(value) || Float.isInfinite(value)) {
         return NOT_A_NUMBER;
      }
      return value < nearestFloat ? -1 : value > nearestFloat ? 1 : signAtNearestFloat;
   }

   int compareText(CharSequence text) {
      int sign = DecimalSyntax.compare(text, textConstant);
      return sign == DecimalSyntax.NOT_A_NUMBER ? NOT_A_NUMBER : sign;
   }
}

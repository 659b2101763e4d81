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
package io.rulefilter.internal.parse;

import java.math.BigDecimal;

/**
 * The one number syntax of the language, for rule values and attribute strings alike:
 * {@code [+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?} with ASCII digits and nothing around it
 * (stricter than {@link Double#valueOf}: no white space, {@code NaN}, hex or type suffix). A number is in range when
 * it is zero or its exponent in scientific notation ({@code d.ddd × 10^e}) lies within ±{@value #MAX_EXPONENT};
 * beyond that, text is not a number, so no number costs more to read than its own length.
 * <p>
 * {@link #compare} reads attribute strings on the routing path: one pass over the text, no allocation.
 */
public final class DecimalSyntax {

   /** The largest exponent, in scientific notation, of a number the language accepts. */
   public static final int MAX_EXPONENT = 9_999;
   /** Returned by {@link #compare} for text that is not a number in range. */
   public static final int NOT_A_NUMBER = Integer.MIN_VALUE;

   /** An exponent with more significant digits than this puts any non-zero number out of range. */
   private static final int MAX_EXPONENT_DIGITS = 9;
   private static final int SYNTAX_ERROR = Integer.MIN_VALUE + 1;

   private DecimalSyntax() {
   }

   /** True when {@code s} is a number in this syntax and in range. */
   public static boolean isNumber(CharSequence s) {
      return scan(s, null) == 0;
   }

   /** True when {@code s} has this syntax (in range or not), for telling a malformed number from a huge one. */
   public static boolean isWellFormed(CharSequence s) {
      return scan(s, null) != SYNTAX_ERROR;
   }

   /** The exact value of {@code s}, or {@code null} when it is not a number in range. */
   public static BigDecimal parse(CharSequence s) {
      if (!isNumber(s)) {
         return null;
      }
      try {
         return new BigDecimal(s.toString());
      } catch (NumberFormatException zeroWithHugeExponent) {
         return BigDecimal.ZERO; // only a zero can be in range with an exponent BigDecimal cannot hold
      }
   }

   /** The sign of {@code s - constant}, or {@link #NOT_A_NUMBER}; linear in the length of {@code s}, no allocation. */
   public static int compare(CharSequence s, Constant constant) {
      int result = scan(s, constant);
      return result == SYNTAX_ERROR ? NOT_A_NUMBER : result;
   }

   /**
    * One pass validates {@code s}, finds its first significant digit and exponent; a second walks the significant
    * digits against {@code constant}'s. With {@code constant == null} it only validates (0 for a number).
    */
   private static int scan(CharSequence s, Constant constant) {
      int n = s.length();
      int i = 0;
      boolean negative = false;
      if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
         negative = s.charAt(i) == '-';
         i++;
      }
      int intStart = i;
      while (i < n && isDigit(s.charAt(i))) {
         i++;
      }
      int intEnd = i;
      int fracStart = i;
      int fracEnd = i;
      if (i < n && s.charAt(i) == '.') {
         fracStart = ++i;
         while (i < n && isDigit(s.charAt(i))) {
            i++;
         }
         fracEnd = i;
      }
      if (intEnd == intStart && fracEnd == fracStart) {
         return SYNTAX_ERROR;
      }
      long exponent = 0;
      boolean exponentTooLong = false;
      if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
         i++;
         boolean negativeExponent = false;
         if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            negativeExponent = s.charAt(i) == '-';
            i++;
         }
         int expStart = i;
         int significant = 0;
         while (i < n && isDigit(s.charAt(i))) {
            if (significant > 0 || s.charAt(i) != '0') {
               if (++significant > MAX_EXPONENT_DIGITS) {
                  exponentTooLong = true;
               } else {
                  exponent = exponent * 10 + (s.charAt(i) - '0');
               }
            }
            i++;
         }
         if (i == expStart) {
            return SYNTAX_ERROR;
         }
         exponent = negativeExponent ? -exponent : exponent;
      }
      if (i != n) {
         return SYNTAX_ERROR;
      }
      int first = firstSignificant(s, intStart, intEnd, fracStart, fracEnd);
      if (first < 0) {
         return constant == null ? 0 : -constant.signum; // zero, in range whatever its written exponent
      }
      if (exponentTooLong) {
         return NOT_A_NUMBER;
      }
      // digits before the decimal point, counted from the first significant one (negative inside the fraction)
      long leading = first < intEnd ? intEnd - first : -(first - fracStart);
      long scientific = leading - 1 + exponent;
      if (scientific > MAX_EXPONENT || scientific < -MAX_EXPONENT) {
         return NOT_A_NUMBER;
      }
      if (constant == null) {
         return 0;
      }
      int sign = negative ? -1 : 1;
      if (sign != constant.signum) {
         return sign;
      }
      int magnitude = scientific != constant.exponent
            ? (scientific > constant.exponent ? 1 : -1)
            : compareDigits(s, first, intEnd, fracStart, fracEnd, constant.digits);
      return sign * magnitude;
   }

   /** Index of the first non-zero digit, or -1 when the number is zero. */
   private static int firstSignificant(CharSequence s, int intStart, int intEnd, int fracStart, int fracEnd) {
      for (int i = intStart; i < intEnd; i++) {
         if (s.charAt(i) != '0') {
            return i;
         }
      }
      for (int i = fracStart; i < fracEnd; i++) {
         if (s.charAt(i) != '0') {
            return i;
         }
      }
      return -1;
   }

   /** Compares the significant digits from {@code first} on with {@code digits} (no trailing zeros there). */
   private static int compareDigits(CharSequence s, int first, int intEnd, int fracStart, int fracEnd, String digits) {
      int j = 0;
      for (int i = first; i < fracEnd; i++) {
         if (i == intEnd) {
            i = fracStart;
            if (i >= fracEnd) {
               break;
            }
         }
         char c = s.charAt(i);
         if (j == digits.length()) {
            if (c != '0') {
               return 1;
            }
            continue;
         }
         if (c != digits.charAt(j)) {
            return c > digits.charAt(j) ? 1 : -1;
         }
         j++;
      }
      return j == digits.length() ? 0 : -1;
   }

   private static boolean isDigit(char ch) {
      return ch >= '0' && ch <= '9';
   }

   /** A rule's number prepared for {@link #compare}: sign, exponent in scientific notation, significant digits. */
   public static final class Constant {

      private final int signum;
      private final long exponent;
      private final String digits;

      public Constant(BigDecimal value) {
         BigDecimal stripped = value.stripTrailingZeros();
         this.signum = stripped.signum();
         this.digits = stripped.unscaledValue().abs().toString();
         this.exponent = stripped.signum() == 0 ? 0 : (long) stripped.precision() - stripped.scale() - 1;
      }
   }
}

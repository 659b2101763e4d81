package io.rulefilter.parse;

import java.math.BigDecimal;

/**
 * The one number syntax of the language, for rule values and for attribute strings alike:
 * {@code [+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?} with ASCII digits, nothing around it.
 * Deliberately stricter than {@link Double#valueOf}: no white space, no {@code NaN}, no hex, no type suffix.
 */
public final class DecimalSyntax {

   private DecimalSyntax() {
   }

   public static boolean isNumber(CharSequence s) {
      int n = s.length();
      int i = 0;
      if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
         i++;
      }
      int intDigits = 0;
      while (i < n && isDigit(s.charAt(i))) {
         i++;
         intDigits++;
      }
      int fractionDigits = 0;
      if (i < n && s.charAt(i) == '.') {
         i++;
         while (i < n && isDigit(s.charAt(i))) {
            i++;
            fractionDigits++;
         }
      }
      if (intDigits + fractionDigits == 0) {
         return false;
      }
      if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
         i++;
         if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            i++;
         }
         int expDigits = 0;
         while (i < n && isDigit(s.charAt(i))) {
            i++;
            expDigits++;
         }
         if (expDigits == 0) {
            return false;
         }
      }
      return i == n;
   }

   /** The exact value of {@code s}, or {@code null} when it is not a number in this syntax or its exponent is out of range. */
   public static BigDecimal parse(CharSequence s) {
      if (!isNumber(s)) {
         return null;
      }
      try {
         return new BigDecimal(s.toString());
      } catch (NumberFormatException | ArithmeticException outOfRange) {
         return null;
      }
   }

   private static boolean isDigit(char ch) {
      return ch >= '0' && ch <= '9';
   }
}

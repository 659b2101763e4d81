package io.rulefilter.eval;

/**
 * A long printed in plain decimal, as {@link Long#toString(long)} prints it, into a reusable buffer: the text of an
 * integer attribute for string operators without allocating. Valid until the next {@link #of} on the same instance.
 */
final class IntegerText implements CharSequence {

   private final char[] digits = new char[20];
   private int start;

   IntegerText of(long value) {
      int at = digits.length;
      long rest = value;
      do {
         digits[--at] = (char) ('0' + Math.abs(rest % 10));
         rest /= 10;
      } while (rest != 0);
      if (value < 0) {
         digits[--at] = '-';
      }
      start = at;
      return this;
   }

   @Override
   public int length() {
      return digits.length - start;
   }

   @Override
   public char charAt(int index) {
      return digits[start + index];
   }

   @Override
   public CharSequence subSequence(int from, int to) {
      return new String(digits, start + from, to - from);
   }

   @Override
   public String toString() {
      return new String(digits, start, length());
   }
}

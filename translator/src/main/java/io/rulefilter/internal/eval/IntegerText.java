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

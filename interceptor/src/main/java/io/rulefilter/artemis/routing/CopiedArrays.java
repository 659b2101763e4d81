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
package io.rulefilter.artemis.routing;

import java.util.Arrays;

/**
 * Array edits that leave the original untouched: the index publishes its arrays to routing threads without locks, so
 * a change builds a new array and never writes into one already published.
 */
final class CopiedArrays {

   private CopiedArrays() {
   }

   /** {@code array} with {@code element} inserted at {@code at} (0 to its length). */
   static <T> T[] inserted(T[] array, int at, T element) {
      T[] more = Arrays.copyOf(array, array.length + 1);
      System.arraycopy(array, at, more, at + 1, array.length - at);
      more[at] = element;
      return more;
   }

   static char[] inserted(char[] array, int at, char element) {
      char[] more = Arrays.copyOf(array, array.length + 1);
      System.arraycopy(array, at, more, at + 1, array.length - at);
      more[at] = element;
      return more;
   }

   /** {@code array} without the element at {@code at}. */
   static <T> T[] removed(T[] array, int at) {
      T[] fewer = Arrays.copyOf(array, array.length - 1);
      System.arraycopy(array, at + 1, fewer, at, array.length - at - 1);
      return fewer;
   }

   static char[] removed(char[] array, int at) {
      char[] fewer = Arrays.copyOf(array, array.length - 1);
      System.arraycopy(array, at + 1, fewer, at, array.length - at - 1);
      return fewer;
   }

   /** {@code array} with {@code element} at {@code at}: appended at its length, the element there removed for null. */
   static <T> T[] replaced(T[] array, int at, T element) {
      if (element == null) {
         return at == array.length ? array : removed(array, at);
      }
      T[] next = Arrays.copyOf(array, Math.max(array.length, at + 1));
      next[at] = element;
      return next;
   }

   /** {@code array} without {@code element} (the very object); {@code array} itself when it does not hold it. */
   static <T> T[] without(T[] array, T element) {
      for (int at = 0; at < array.length; at++) {
         if (array[at] == element) {
            return removed(array, at);
         }
      }
      return array;
   }
}

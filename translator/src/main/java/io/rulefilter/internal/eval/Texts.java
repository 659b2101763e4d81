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

/** Character-sequence comparisons that work on any {@link CharSequence} without copying it. */
final class Texts {

   private Texts() {
   }

   /** True when {@code text} holds {@code part} at {@code offset}. */
   static boolean regionEquals(CharSequence text, int offset, String part) {
      if (offset < 0 || offset + part.length() > text.length()) {
         return false;
      }
      for (int i = 0; i < part.length(); i++) {
         if (text.charAt(offset + i) != part.charAt(i)) {
            return false;
         }
      }
      return true;
   }
}

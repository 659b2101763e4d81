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

/**
 * What Artemis may spend on one message for one translated rule, counted in <em>passes</em> over a string value.
 * <p>
 * Artemis evaluates each {@code LIKE} as a regular expression on its own: a pattern without {@code %} costs at most
 * its own length, one with a {@code %} walks the value once and retries the code points after the {@code %} at
 * every position ({@link #passes}). {@code AND} and {@code OR} may evaluate every piece, so a rule's cost is the sum
 * of its pieces' and must stay bounded for the whole rule: a piece that does not fit is left out, which only widens
 * a conjunction of pieces (the translation is then a superset), or the condition becomes {@code TRUE}.
 * <p>
 * Measured on Artemis 2.56.0 with 64 KB values, one pass costs about 0.2 ms, so a rule costs at most about 60 ms
 * per 64 KB value, however its patterns are written.
 */
final class LikeBudget {

   /** Passes one translated rule may cost: 64 conditions with a few affordable pieces each fit. */
   static final int PER_RULE = 256;

   private int left = PER_RULE;

   /** Takes {@code passes} when they fit in what is left; false (taking nothing) when they do not. */
   boolean take(int passes) {
      if (passes > left) {
         return false;
      }
      left -= passes;
      return true;
   }

   /**
    * The passes one LIKE pattern text ({@code !} escaping the next character) costs: none without {@code %} (the
    * match ends within the pattern's length), else one plus the code points after the first {@code %}.
    */
   static int passes(String likePattern) {
      int passes = 0;
      for (int i = 0; i < likePattern.length(); i = likePattern.offsetByCodePoints(i, 1)) {
         char ch = likePattern.charAt(i);
         if (ch == '%') {
            passes = Math.max(passes, 1);
            continue;
         }
         if (ch == LikePattern.ESCAPE) {
            i++; // the escaped character counts once, below
         }
         if (passes > 0) {
            passes++;
         }
      }
      return passes;
   }
}

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
 * Case-insensitive comparison as version 2 defines it: two code points are equal ignoring case exactly when Java's
 * {@code String.regionMatches(true, …)} says so, which is when {@code toLowerCase(toUpperCase(cp))} is equal for both.
 * That one-to-one fold keeps every text's code-point count, so {@code ?} still stands for one code point.
 * <p>
 * Public so that the broker's routing index folds message values and rule items exactly as the evaluator does;
 * <b>not a supported API</b>.
 */
public final class CaseFold {

   private CaseFold() {
   }

   public static int fold(int codePoint) {
      return Character.toLowerCase(Character.toUpperCase(codePoint));
   }

   /** The code points of {@code text}, folded when {@code ignoreCase}. */
   static int[] codePoints(String text, boolean ignoreCase) {
      return text.codePoints().map(cp -> ignoreCase ? fold(cp) : cp).toArray();
   }

   /** The text with every code point folded: a set key that equal-ignoring-case texts share. */
   public static String fold(String text) {
      StringBuilder out = new StringBuilder(text.length());
      text.codePoints().forEach(cp -> out.appendCodePoint(fold(cp)));
      return out.toString();
   }

   /**
    * {@code text} with every code point folded, as {@link #fold(String)}; {@code text} itself (no copy) when folding
    * changes none of its code points.
    */
   public static CharSequence folded(CharSequence text) {
      for (int at = 0; at < text.length(); ) {
         int cp = Character.codePointAt(text, at);
         if (fold(cp) != cp) {
            StringBuilder out = new StringBuilder(text.length()).append(text, 0, at);
            for (int from = at; from < text.length(); from += Character.charCount(cp)) {
               cp = Character.codePointAt(text, from);
               out.appendCodePoint(fold(cp));
            }
            return out.toString();
         }
         at += Character.charCount(cp);
      }
      return text;
   }

   /** True when {@code text} starts with the folded code points {@code prefix}, ignoring case. */
   static boolean startsWith(CharSequence text, int[] prefix) {
      int at = 0;
      for (int expected : prefix) {
         if (at >= text.length()) {
            return false;
         }
         int cp = Character.codePointAt(text, at);
         if (fold(cp) != expected) {
            return false;
         }
         at += Character.charCount(cp);
      }
      return true;
   }

   /** True when {@code text} ends with the folded code points {@code suffix}, ignoring case. */
   static boolean endsWith(CharSequence text, int[] suffix) {
      int at = text.length();
      for (int i = suffix.length - 1; i >= 0; i--) {
         if (at <= 0) {
            return false;
         }
         int cp = Character.codePointBefore(text, at);
         if (fold(cp) != suffix[i]) {
            return false;
         }
         at -= Character.charCount(cp);
      }
      return true;
   }

   /** True when {@code text} is, ignoring case, exactly the folded code points {@code expected}. */
   static boolean equals(CharSequence text, int[] expected) {
      return startsWith(text, expected) && endOfPrefix(text, expected.length) == text.length();
   }

   /** Where the first {@code codePoints} code points of {@code text} end. */
   private static int endOfPrefix(CharSequence text, int codePoints) {
      int at = 0;
      for (int i = 0; i < codePoints && at < text.length(); i++) {
         at += Character.charCount(Character.codePointAt(text, at));
      }
      return at;
   }
}

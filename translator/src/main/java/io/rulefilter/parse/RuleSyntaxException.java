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
package io.rulefilter.parse;

/**
 * A rule that does not parse or means nothing. {@link #column()} is 1-based and counts code points, so it points at
 * the same spot in Chinese text as in ASCII; {@link #render()} shows the rule with a caret under that spot.
 */
public final class RuleSyntaxException extends IllegalArgumentException {

   /** How many characters of the rule {@link #render()} shows at most, around the spot. */
   public static final int WINDOW = 80;

   private final String rule;
   private final int index;
   private final int column;
   private final String expected;
   private final String found;
   private final String detail;

   public RuleSyntaxException(String rule, int index, String expected, String found, String detail) {
      super("rule error at " + column(rule, index) + ": " + detail);
      this.detail = detail;
      this.rule = rule;
      this.index = index;
      this.column = column(rule, index);
      this.expected = expected;
      this.found = found;
   }

   /** The same error, its message followed by {@code hint}. */
   public RuleSyntaxException withHint(String hint) {
      return new RuleSyntaxException(rule, index, expected, found, detail + hint);
   }

   /** The rule text as given. */
   public String rule() {
      return rule;
   }

   /** The UTF-16 index of the spot in {@link #rule()}. */
   public int index() {
      return index;
   }

   /** The 1-based column of the spot, in code points. */
   public int column() {
      return column;
   }

   /** What the parser expected there, e.g. {@code a number}. */
   public String expected() {
      return expected;
   }

   /** What it found there, e.g. {@code 'abc'} or {@code end of rule}. */
   public String found() {
      return found;
   }

   /**
    * The message, the rule on its own line (line breaks shown as spaces) and a caret under the spot. A rule longer than
    * {@value #WINDOW} characters is shown only around the spot, cut ends marked with …: a 100 KB rule must not come
    * back as 100 KB of error (and a caret line as long).
    */
   public String render() {
      int[] points = rule.codePoints().toArray();
      int spot = column - 1;
      int from = Math.max(0, Math.min(spot - WINDOW / 2, points.length - WINDOW));
      int to = Math.min(points.length, from + WINDOW);
      StringBuilder line = new StringBuilder(from > 0 ? "…" : "");
      StringBuilder caret = new StringBuilder(from > 0 ? " " : "");
      for (int i = from; i < to; i++) {
         int cp = points[i];
         line.appendCodePoint(cp == '\t' || Character.isISOControl(cp) ? ' ' : cp);
         if (i < spot) {
            caret.append(isWide(cp) ? "  " : " ");
         }
      }
      if (to < points.length) {
         line.append('…');
      }
      return getMessage() + System.lineSeparator() + "  " + line + System.lineSeparator() + "  " + caret + "^";
   }

   private static int column(String rule, int index) {
      return rule.codePointCount(0, Math.min(index, rule.length())) + 1;
   }

   /** East Asian wide characters take two terminal columns; the caret must account for them. */
   private static boolean isWide(int cp) {
      Character.UnicodeBlock block = Character.UnicodeBlock.of(cp);
      return block == Character.UnicodeBlock.CJK_UNIFIED_IDEOGRAPHS
            || block == Character.UnicodeBlock.CJK_UNIFIED_IDEOGRAPHS_EXTENSION_A
            || block == Character.UnicodeBlock.CJK_SYMBOLS_AND_PUNCTUATION
            || block == Character.UnicodeBlock.HALFWIDTH_AND_FULLWIDTH_FORMS
            || block == Character.UnicodeBlock.HIRAGANA
            || block == Character.UnicodeBlock.KATAKANA
            || block == Character.UnicodeBlock.HANGUL_SYLLABLES;
   }
}

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

import java.util.Locale;

/** Character classes of the rule language, shared by the scanner and the printer. */
final class Lexical {

   private Lexical() {
   }

   /**
    * White space that separates tokens: ASCII space, tab, CR and LF only. Any other character, a no-break or an
    * ideographic space included, belongs to the bare word it stands in, so what a rule means never depends on how a
    * platform classifies Unicode spaces.
    */
   static boolean isSpace(int codePoint) {
      return codePoint == ' ' || codePoint == '\t' || codePoint == '\r' || codePoint == '\n';
   }

   static boolean isQuote(int codePoint) {
      return codePoint == '\'' || codePoint == '"';
   }

   /** True when {@code text} can stand as a bare word: not empty, no white space, parenthesis, control or leading quote. */
   static boolean isBareSafe(String text) {
      if (text.isEmpty() || isQuote(text.charAt(0))) {
         return false;
      }
      for (int i = 0; i < text.length(); ) {
         int cp = text.codePointAt(i);
         if (isSpace(cp) || cp == '(' || cp == ')' || Character.isISOControl(cp)) {
            return false;
         }
         i += Character.charCount(cp);
      }
      return true;
   }

   /** {@code and}, {@code or}, {@code not} in any case: words a bare key must not be. */
   static boolean isConnectiveOrNot(String word) {
      String lower = word.toLowerCase(Locale.ROOT);
      return lower.equals("and") || lower.equals("or") || lower.equals("not");
   }
}

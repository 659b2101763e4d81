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

import io.rulefilter.rule.WildcardPattern;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * A bare or quoted word as read: its text with escapes resolved, which characters were escaped (a {@code \*} is a
 * literal star, not a wildcard), and the source it came from.
 */
final class Word {

   private final String text;
   private final BitSet escaped;
   private final String raw;

   Word(String text, BitSet escaped, String raw) {
      this.text = text;
      this.escaped = escaped;
      this.raw = raw;
   }

   String text() {
      return text;
   }

   /** The word as written in the rule, quotes and backslashes included. */
   String raw() {
      return raw;
   }

   boolean hasEscapes() {
      return !escaped.isEmpty();
   }

   /** The word read as a {@code weq} pattern: unescaped {@code *} and {@code ?} are wildcards. */
   WildcardPattern pattern() {
      List<WildcardPattern.Element> elements = new ArrayList<>();
      StringBuilder literal = new StringBuilder();
      for (int i = 0; i < text.length(); i++) {
         char ch = text.charAt(i);
         if ((ch != '*' && ch != '?') || escaped.get(i)) {
            literal.append(ch);
            continue;
         }
         if (literal.length() > 0) {
            elements.add(new WildcardPattern.Literal(literal.toString()));
            literal.setLength(0);
         }
         elements.add(ch == '*' ? WildcardPattern.ANY_RUN : WildcardPattern.ANY_CHAR);
      }
      if (literal.length() > 0) {
         elements.add(new WildcardPattern.Literal(literal.toString()));
      }
      return new WildcardPattern(elements);
   }
}

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

import io.rulefilter.parse.RuleSyntaxException;

import java.util.BitSet;

/**
 * Reads the tokens of one rule text: white space, keywords and symbols, and words (bare, or quoted with
 * {@code '…'} or {@code "…"}; a backslash takes the next character literally). Positions are UTF-16 indices;
 * errors report them as 1-based code-point columns.
 */
final class Scanner {

   /** Longest piece of a token quoted in an error message. */
   private static final int MAX_QUOTED = 40;

   private final String text;
   private int pos;

   Scanner(String text) {
      this.text = text;
   }

   String text() {
      return text;
   }

   int pos() {
      return pos;
   }

   void advance(int chars) {
      pos += chars;
   }

   boolean atEnd() {
      return pos >= text.length();
   }

   /** The code point at the position; only when not at the end. */
   int peek() {
      return text.codePointAt(pos);
   }

   boolean startsWith(String prefix) {
      return text.startsWith(prefix, pos);
   }

   void skipSpace() {
      while (!atEnd() && Lexical.isSpace(text.charAt(pos))) {
         pos++;
      }
   }

   /** Consumes {@code symbol} when it comes next. */
   boolean symbol(String symbol) {
      if (text.startsWith(symbol, pos)) {
         pos += symbol.length();
         return true;
      }
      return false;
   }

   /** Consumes {@code word} (any case) when it stands next as a whole word. */
   boolean keyword(String word) {
      if (keywordAhead(word)) {
         pos += word.length();
         return true;
      }
      return false;
   }

   /** True when {@code word} (any case) stands next as a whole word: followed by the end, white space or a parenthesis. */
   boolean keywordAhead(String word) {
      if (!text.regionMatches(true, pos, word, 0, word.length())) {
         return false;
      }
      int after = pos + word.length();
      return after == text.length() || Lexical.isSpace(text.charAt(after)) || text.charAt(after) == '('
            || text.charAt(after) == ')';
   }

   /** Reads a bare word (to the next white space or ')') or a quoted one (to its closing quote). */
   Word word() {
      return word(false);
   }

   /** Reads an item of a value list: bare, it also ends at ','. */
   Word item() {
      return word(true);
   }

   private Word word(boolean item) {
      int start = pos;
      int quote = Lexical.isQuote(peek()) ? peek() : -1;
      if (quote >= 0) {
         pos++;
      }
      StringBuilder value = new StringBuilder();
      BitSet escaped = new BitSet();
      while (true) {
         if (atEnd()) {
            if (quote >= 0) {
               throw error(start, "a closing " + (char) quote, "end of rule",
                     "unterminated quoted value: the " + (char) quote + " at " + column(start) + " is never closed");
            }
            break;
         }
         int cp = peek();
         if (endsWord(cp, quote, item)) {
            pos += quote >= 0 ? 1 : 0;
            break;
         }
         if (cp == '\\') {
            if (++pos == text.length()) {
               throw error(pos - 1, "a character after '\\'", "end of rule", "a backslash at the end of the rule escapes nothing");
            }
            cp = peek();
            escaped.set(value.length());
         }
         value.appendCodePoint(cp);
         pos += Character.charCount(cp);
      }
      return new Word(value.toString(), escaped, text.substring(start, pos));
   }

   private static boolean endsWord(int cp, int quote, boolean item) {
      return quote >= 0 ? cp == quote : Lexical.isSpace(cp) || cp == ')' || item && cp == ',';
   }

   /** Reads an operator: a bare word that, in version 2, also ends before a '(' (a list written without a space). */
   String operator(boolean listsAllowed) {
      int start = pos;
      while (!atEnd() && !Lexical.isSpace(text.charAt(pos)) && text.charAt(pos) != ')'
            && !(listsAllowed && text.charAt(pos) == '(')) {
         pos += Character.charCount(peek());
      }
      return text.substring(start, pos);
   }

   /** What stands at the position, for an error message: {@code 'abc'}, {@code ' 7'}, {@code ')'} or {@code end of rule}. */
   String found() {
      return found(false);
   }

   /** What stands at the position inside a value list, where a bare item also ends at ','. */
   String foundItem() {
      return found(true);
   }

   private String found(boolean item) {
      if (atEnd()) {
         return "end of rule";
      }
      int cp = peek();
      if (cp == '(' || cp == ')' || item && cp == ',') {
         return "'" + (char) cp + "'";
      }
      int quote = Lexical.isQuote(cp) ? cp : -1;
      int end = pos + (quote >= 0 ? 1 : 0);
      while (end < text.length()) {
         int at = text.codePointAt(end);
         if (endsWord(at, quote, item)) {
            end += quote >= 0 ? 1 : 0;
            break;
         }
         end += at == '\\' && end + 1 < text.length() ? 1 + Character.charCount(text.codePointAt(end + 1)) : Character.charCount(at);
      }
      String token = text.substring(pos, Math.max(end, pos + Character.charCount(cp)));
      token = abbreviate(token);
      return quote >= 0 ? token : "'" + token + "'";
   }

   /** {@code text} cut to {@value #MAX_QUOTED} characters and …: an error quotes a word, never a whole long rule. */
   static String abbreviate(String text) {
      if (text.codePointCount(0, text.length()) > MAX_QUOTED) {
         return text.substring(0, text.offsetByCodePoints(0, MAX_QUOTED)) + "…";
      }
      return text;
   }

   /** {@code word} abbreviated and in single quotes, as an error names it. */
   static String quoted(String word) {
      return "'" + abbreviate(word) + "'";
   }

   RuleSyntaxException unexpected(String expected) {
      String found = found();
      return error(pos, expected, found, "expected " + expected + ", found " + found);
   }

   RuleSyntaxException error(int at, String expected, String found, String detail) {
      return new RuleSyntaxException(text, at, expected, found, detail);
   }

   int column(int index) {
      return text.codePointCount(0, index) + 1;
   }
}

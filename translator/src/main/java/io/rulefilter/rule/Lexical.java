package io.rulefilter.rule;

import java.util.Locale;

/** Character classes of the rule language, shared by the parser and the printer. */
public final class Lexical {

   private Lexical() {
   }

   /** White space separates tokens; Java's definition, so tabs and line breaks count. */
   public static boolean isSpace(int codePoint) {
      return Character.isWhitespace(codePoint) || Character.isSpaceChar(codePoint);
   }

   public static boolean isQuote(char ch) {
      return ch == '\'' || ch == '"';
   }

   /** True when {@code text} can stand as a bare word: not empty, no white space, parenthesis or leading quote. */
   public static boolean isBareSafe(String text) {
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
   public static boolean isConnectiveOrNot(String word) {
      String lower = word.toLowerCase(Locale.ROOT);
      return lower.equals("and") || lower.equals("or") || lower.equals("not");
   }
}

package io.rulefilter.sql;

import io.rulefilter.rule.WildcardPattern;

/**
 * A {@code LIKE} pattern with {@code !} as its escape character, and what it means for values that are not strings:
 * Artemis's LIKE is FALSE for them, while the rule matches their printed text ({@code 12}, {@code true},
 * {@code 1.5E10}). A pattern whose literal characters all occur in such texts may match one, so Artemis's
 * verdict can then only be trusted as a superset.
 */
final class LikePattern {

   static final char ESCAPE = '!';

   /** Every character Java uses to print a boolean, integer, float or double (incl. NaN, Infinity). */
   private static final String NON_STRING_ALPHABET = "0123456789.-EtruefalsNaIinity";

   private final StringBuilder pattern = new StringBuilder();
   private boolean escaped;
   private boolean mayMatchNonString = true;

   static LikePattern prefix(String text) {
      return new LikePattern().literal(text).anyRun();
   }

   static LikePattern suffix(String text) {
      return new LikePattern().anyRun().literal(text);
   }

   static LikePattern of(WildcardPattern wildcard) {
      LikePattern like = new LikePattern();
      for (WildcardPattern.Element e : wildcard.elements()) {
         if (e instanceof WildcardPattern.Literal l) {
            like.literal(l.text());
         } else if (e instanceof WildcardPattern.AnyRun) {
            like.anyRun();
         } else {
            like.pattern.append('_');
         }
      }
      return like;
   }

   private LikePattern literal(String text) {
      for (int i = 0; i < text.length(); i++) {
         char ch = text.charAt(i);
         if (ch == '%' || ch == '_' || ch == ESCAPE) {
            pattern.append(ESCAPE);
            escaped = true;
         }
         if (NON_STRING_ALPHABET.indexOf(ch) < 0) {
            mayMatchNonString = false;
         }
         pattern.append(ch);
      }
      return this;
   }

   private LikePattern anyRun() {
      pattern.append('%');
      return this;
   }

   boolean mayMatchNonString() {
      return mayMatchNonString;
   }

   /** {@code p LIKE '…'} for a quoted property {@code p}. */
   String like(String property) {
      String text = pattern.toString();
      if (text.equals("PERSISTENT")) {
         // The JMS client rewrites the literal 'PERSISTENT' to 'DURABLE' in every selector; spell it another way.
         return "(" + property + " LIKE 'PERSISTENT%' AND " + property + " NOT LIKE 'PERSISTENT_%')";
      }
      return property + " LIKE " + SqlSyntax.literal(text) + escapeClause();
   }

   /** {@code p NOT LIKE '…'}: TRUE for a value that is not a string, NULL when the property is absent. */
   String notLike(String property) {
      String text = pattern.toString();
      if (text.equals("PERSISTENT")) {
         return "(" + property + " NOT LIKE 'PERSISTENT%' OR " + property + " LIKE 'PERSISTENT_%')";
      }
      return property + " NOT LIKE " + SqlSyntax.literal(text) + escapeClause();
   }

   private String escapeClause() {
      return escaped ? " ESCAPE '" + ESCAPE + "'" : "";
   }
}

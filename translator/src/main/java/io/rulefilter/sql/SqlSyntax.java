package io.rulefilter.sql;

/** Quoting for Artemis's selector grammar. */
final class SqlSyntax {

   private SqlSyntax() {
   }

   /** A quoted identifier, {@code "flight-no"}; inside, a double quote is doubled. */
   static String identifier(String name) {
      return '"' + name.replace("\"", "\"\"") + '"';
   }

   /** A string literal, {@code 'it''s'}. */
   static String literal(String text) {
      return '\'' + text.replace("'", "''") + '\'';
   }
}

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

import java.util.Locale;
import java.util.Set;

/** Quoting for Artemis's selector grammar. */
final class SqlSyntax {

   private SqlSyntax() {
   }

   /** Words of the selector grammar that cannot name a property unquoted. */
   private static final Set<String> KEYWORDS = Set.of("AND", "OR", "NOT", "LIKE", "ESCAPE", "IN", "BETWEEN", "IS",
         "NULL", "TRUE", "FALSE", "XPATH", "XQUERY");

   /**
    * A property name: bare where it is a plain identifier ({@code bagCount}), which every JMS client's selector
    * parser accepts, else quoted ({@code "flight-no"}, a double quote doubled inside), which only Artemis's and Qpid
    * JMS's parsers accept.
    */
   static String identifier(String name) {
      return isPlainIdentifier(name) ? name : '"' + name.replace("\"", "\"\"") + '"';
   }

   private static boolean isPlainIdentifier(String name) {
      if (name.isEmpty() || !isStart(name.charAt(0)) || KEYWORDS.contains(name.toUpperCase(Locale.ROOT))) {
         return false;
      }
      for (int i = 1; i < name.length(); i++) {
         if (!isStart(name.charAt(i)) && !(name.charAt(i) >= '0' && name.charAt(i) <= '9')) {
            return false;
         }
      }
      return true;
   }

   private static boolean isStart(char ch) {
      return ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch == '_' || ch == '$';
   }

   /** A string literal, {@code 'it''s'}. */
   static String literal(String text) {
      return '\'' + text.replace("'", "''") + '\'';
   }
}

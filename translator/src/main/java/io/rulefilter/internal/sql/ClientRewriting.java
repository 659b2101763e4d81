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

import java.util.List;

/**
 * What the Artemis JMS client does to every selector before it sends it ({@code SelectorTranslator} in
 * artemis-commons), so that the translator can tell which of its filter pieces would arrive changed. The client
 * renames JMS header names that stand outside single-quoted literals (inside double-quoted identifiers too) and the
 * literals {@code 'PERSISTENT'} and {@code 'NON_PERSISTENT'} wherever they appear, tracking quotes by counting
 * {@code '} characters. A name only counts when the characters around it cannot be part of a Java identifier.
 */
final class ClientRewriting {

   /** The names and literals the client replaces; a leading quote marks a literal, replaced even inside quotes. */
   private static final List<String> REWRITTEN = List.of("JMSDeliveryMode", "'PERSISTENT'", "'NON_PERSISTENT'",
         "JMSPriority", "JMSTimestamp", "JMSMessageID", "JMSExpiration", "JMSXGroupID");

   private ClientRewriting() {
   }

   /** True when the client would send {@code selector} changed; {@code selector} must start outside any quote. */
   static boolean changes(String selector) {
      for (String token : REWRITTEN) {
         if (occurs(selector, token)) {
            return true;
         }
      }
      return false;
   }

   private static boolean occurs(String text, String token) {
      boolean literalToken = token.charAt(0) == '\'';
      boolean inQuote = false;
      int matched = 0;
      for (int i = 0; i < text.length(); i++) {
         char c = text.charAt(i);
         if (c == '\'') {
            inQuote = !inQuote;
         }
         if ((!inQuote || literalToken) && c == token.charAt(matched)) {
            if (++matched == token.length()) {
               int before = i - token.length();
               boolean standsAlone = (i + 1 >= text.length() || !Character.isJavaIdentifierPart(text.charAt(i + 1)))
                     && (before < 0 || !Character.isJavaIdentifierPart(text.charAt(before)));
               if (standsAlone) {
                  return true;
               }
               matched = 0;
            }
         } else {
            matched = 0;
         }
      }
      return false;
   }
}

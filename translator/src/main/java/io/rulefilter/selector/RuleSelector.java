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
package io.rulefilter.selector;

import io.rulefilter.internal.parse.RuleParser;
import io.rulefilter.rule.Rule;
import io.rulefilter.internal.sql.SqlTranslator;

import java.util.Optional;

/**
 * The selector form of a rule, for {@code session.createConsumer(topic, selector)} and broker.xml filters:
 * <pre>"JMSType" LIKE 'BS%' /*rulefilter: @tag beg BS*&#47;</pre>
 * Artemis reads the SQL part (so a broker without the plugin still filters, by the translation); the plugin and
 * operators read the rule in the comment. The comment holds the canonical rule with a few characters
 * percent-encoded so that nothing can end the comment or be rewritten by the JMS client, which renames JMS header
 * names and {@code 'PERSISTENT'} anywhere in a selector: {@code %}, {@code '}, {@code *}, control characters, and
 * the {@code J} of {@code JMS}.
 */
public final class RuleSelector {

   static final String OPEN = "/*rulefilter: ";
   static final String SENT = "/*rulefilter-sent: ";
   static final String CLOSE = "*/";

   private RuleSelector() {
   }

   /** The selector form of a rule given as text; throws {@code RuleSyntaxException} when the rule is invalid. */
   public static String of(String rule) {
      return of(RuleParser.parse(rule));
   }

   public static String of(Rule rule) {
      return of(rule, SqlTranslator.translateDefault(rule).filter());
   }

   /** The selector form with a given SQL part, e.g. one translated for another message model. */
   public static String of(Rule rule, String sqlFilter) {
      return sqlFilter + " " + OPEN + encode(rule.canonical()) + CLOSE;
   }

   /**
    * The selector form that also keeps the text a client sent (a raw rule), so that the client can be shown its own
    * selector when it looks at its subscription again: {@code <sql> /*rulefilter-sent: <text>*&#47; /*rulefilter: <rule>*&#47;}.
    */
   public static String of(Rule rule, String sqlFilter, String sentText) {
      return sqlFilter + " " + SENT + encode(sentText) + CLOSE + " " + OPEN + encode(rule.canonical()) + CLOSE;
   }

   /** The text a client sent for a subscription created from a raw rule, or empty. */
   public static Optional<String> sentText(String selector) {
      int open = selector == null ? -1 : selector.lastIndexOf(SENT);
      int close = open < 0 ? -1 : selector.indexOf(CLOSE, open + SENT.length());
      if (close < 0 || ruleText(selector).isEmpty()) {
         return Optional.empty(); // the cheap test first: most selectors a client is shown carry no sent text
      }
      String encoded = selector.substring(open + SENT.length(), close);
      return encoded.contains("*") ? Optional.empty() : Optional.of(decode(encoded));
   }

   /** True when {@code selector} carries a rule in the selector form. */
   public static boolean isRuleSelector(String selector) {
      return ruleText(selector).isPresent();
   }

   /** The rule text carried by a selector, or empty when it is not in the selector form. */
   public static Optional<String> ruleText(String selector) {
      if (selector == null) {
         return Optional.empty();
      }
      String trimmed = selector.strip();
      int open = trimmed.lastIndexOf(OPEN);
      if (open < 0 || !trimmed.endsWith(CLOSE) || open + OPEN.length() > trimmed.length() - CLOSE.length()) {
         return Optional.empty();
      }
      String encoded = trimmed.substring(open + OPEN.length(), trimmed.length() - CLOSE.length());
      if (encoded.contains("*")) {
         return Optional.empty();
      }
      return Optional.of(decode(encoded));
   }

   /** The rule a selector carries, or empty when it is not in the selector form; an invalid rule throws. */
   public static Optional<Rule> parse(String selector) {
      return ruleText(selector).map(RuleParser::parse);
   }

   static String encode(String rule) {
      StringBuilder out = new StringBuilder(rule.length() + 8);
      for (int i = 0; i < rule.length(); i++) {
         char ch = rule.charAt(i);
         boolean jms = ch == 'J' && rule.startsWith("MS", i + 1);
         if (ch == '%' || ch == '\'' || ch == '*' || ch < 0x20 || ch == 0x7f || jms) {
            out.append('%').append(Character.forDigit(ch >> 4, 16)).append(Character.forDigit(ch & 0xf, 16));
         } else {
            out.append(ch);
         }
      }
      return out.toString();
   }

   static String decode(String encoded) {
      StringBuilder out = new StringBuilder(encoded.length());
      for (int i = 0; i < encoded.length(); i++) {
         char ch = encoded.charAt(i);
         if (ch == '%' && i + 2 < encoded.length() && isHex(encoded.charAt(i + 1)) && isHex(encoded.charAt(i + 2))) {
            out.append((char) Integer.parseInt(encoded.substring(i + 1, i + 3), 16));
            i += 2;
         } else if (ch == '%') {
            throw new IllegalArgumentException("malformed rule selector: '%' at " + (i + 1)
                  + " of the rule comment is not followed by two hex digits");
         } else {
            out.append(ch);
         }
      }
      return out.toString();
   }

   private static boolean isHex(char ch) {
      return Character.digit(ch, 16) >= 0 && ch < 0x80;
   }
}

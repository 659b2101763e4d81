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
package io.rulefilter.cli.fuzz;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * Generates rule texts from the grammar, written every way the grammar allows (keyword case, symbols for
 * connectives, quoting, escapes, {@code attr.} prefixes, white space), then often damaged a little (a character
 * dropped, a tricky token inserted) to reach the parser's error paths; and messages over the same vocabulary, now and
 * then with a long adversarial value.
 */
final class CaseGenerator {

   private static final String[] KEYS = {"airline", "flight", "bagCount", "type", "mode", "name", "flight-no", "行李",
         "and", "x y", "attr.x", "JMSType", "JMSCorrelationID", "_AMQ_ROUTE", "AMQPriority", "a\"b", "x-JMSPriority",
         "it's", "a JMSTimestamp", "m.x", "__HDR_ARRIVAL", "a\u00a0b", "@tag", "(x)", "a\\b", "x*"};
   private static final String[] TEXTS = {"CA", "CA123", "ca", "CA 981", "BSM", "BS", "1500", "12", "1.5", "-3", "0.1",
         "1E10", "true", "NaN", "Infinity", "行李", "行李箱", "it's", "*/", "a\\b", "%", "_", "!", "a%b_c!", "PERSISTENT",
         "NON_PERSISTENT", "PERSISTENT'", "''PERSISTENT", "JMSPriority", "😀", "a😀b", " 7", "", "x\ny", "a\u00a0b",
         "1e9999", "1e10000", "0e99999999999", "ab", "aaaa"};
   private static final String[] NUMBERS = {"0", "1", "-1", "12", "1500", "0.1", "0.10", "1.5", "-3", "1e3", ".5", "5.",
         "+2", "16777217", "9007199254740993", "9223372036854775808", "1e400", "-1e-400", "3.4028235E38", "1e9999",
         "-9.999e9999", "1e-9999", "1e10000", "1e99999999999", "0e99999999999", "1e", "--1", "0x10", "NaN"};
   private static final String[] OPERATORS = {"beg", "end", "weq", "nweq", "ex", "nex", "gt", "ge", "lt", "le", "eq", "neq"};
   private static final String[] DAMAGE = {"(", ")", "'", "\"", "\\", "*", "?", " and ", " or ", "not ", "!", "&&", "||",
         "@", "\u00a0", "\u3000", "\t", "\n", "gt", "1e99999", "attr.", "@attr ", "''", "weq"};

   /** One case in this many is at the limits: slower to check, but the only kind where costs add up. */
   private static final int LIMIT_CASE_SHARE = 200;

   private final Random random;
   private final LimitCases limitCases;

   CaseGenerator(Random random) {
      this.random = random;
      this.limitCases = new LimitCases(random);
   }

   FuzzCase next() {
      if (random.nextInt(LIMIT_CASE_SHARE) == 0) {
         return limitCases.next();
      }
      String rule = rule(random.nextInt(4));
      if (random.nextInt(3) == 0) {
         rule = damage(rule);
      }
      List<FuzzMessage> messages = new ArrayList<>();
      for (int i = 1 + random.nextInt(6); i > 0; i--) {
         messages.add(message());
      }
      return new FuzzCase(rule, messages);
   }

   private String rule(int depth) {
      if (depth == 0) {
         return condition();
      }
      return switch (random.nextInt(6)) {
         case 0, 1 -> join(depth, pick("and", "AND", "&&", "And"));
         case 2, 3 -> join(depth, pick("or", "OR", "||"));
         case 4 -> pick("not ", "NOT ", "!", "! ", "not(") + (random.nextBoolean() ? rule(depth - 1) : "(" + rule(depth - 1) + ")")
               + (random.nextInt(8) == 0 ? ")" : "");
         default -> "(" + space() + rule(depth - 1) + space() + ")";
      };
   }

   private String join(int depth, String connective) {
      List<String> parts = new ArrayList<>();
      for (int i = 2 + random.nextInt(2); i > 0; i--) {
         String part = rule(depth - 1);
         parts.add(random.nextInt(3) == 0 ? "(" + part + ")" : part);
      }
      return String.join(space() + connective + space(), parts);
   }

   private String condition() {
      String op = OPERATORS[random.nextInt(OPERATORS.length)];
      op = random.nextInt(5) == 0 ? op.toUpperCase(Locale.ROOT) : op;
      int subject = random.nextInt(10);
      String subjectText = subject == 0 ? pick("@tag", "@TAG", "@Tag") : subject == 1 ? pick("@attr", "@ATTR") : key();
      String value = switch (op.toLowerCase(Locale.ROOT)) {
         case "ex", "nex" -> subject == 1 ? word(KEYS) : random.nextInt(10) == 0 ? word(KEYS) : null;
         case "gt", "ge", "lt", "le", "eq", "neq" -> random.nextInt(6) == 0 ? word(TEXTS) : pick(NUMBERS);
         case "weq", "nweq" -> pattern();
         default -> word(TEXTS);
      };
      return subjectText + space() + op + (value == null ? "" : space() + value);
   }

   private String key() {
      String key = pick(KEYS);
      return switch (random.nextInt(5)) {
         case 0 -> "attr." + quoted(key);
         case 1 -> "attr." + bare(key);
         case 2 -> quoted(key);
         default -> bare(key);
      };
   }

   /** A pattern made of vocabulary pieces, wildcards and escaped wildcards. */
   private String pattern() {
      StringBuilder out = new StringBuilder();
      for (int i = random.nextInt(7); i > 0; i--) {
         switch (random.nextInt(6)) {
            case 0, 1 -> out.append('*');
            case 2 -> out.append('?');
            case 3 -> out.append(pick("\\*", "\\?"));
            default -> out.append(escape(pick(TEXTS)));
         }
      }
      String pattern = out.toString();
      return random.nextInt(3) == 0 || pattern.isEmpty() ? "'" + pattern.replace("'", "\\'") + "'" : bareEscaped(pattern);
   }

   private String word(String[] vocabulary) {
      String word = pick(vocabulary);
      return random.nextBoolean() ? quoted(word) : bare(word);
   }

   private String quoted(String text) {
      char quote = random.nextBoolean() ? '\'' : '"';
      return quote + text.replace("\\", "\\\\").replace(String.valueOf(quote), "\\" + quote) + quote;
   }

   /** The text as a bare word: white space, parentheses, quotes and backslashes escaped. */
   private String bare(String text) {
      return text.isEmpty() ? "''" : bareEscaped(escape(text));
   }

   private static String bareEscaped(String escapedText) {
      StringBuilder out = new StringBuilder();
      for (int i = 0; i < escapedText.length(); i++) {
         char ch = escapedText.charAt(i);
         if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '(' || ch == ')' || (i == 0 && (ch == '\'' || ch == '"'))) {
            out.append('\\');
         }
         out.append(ch);
      }
      return out.toString();
   }

   /** Backslash-escapes backslashes and wildcards, so the text is read literally. */
   private static String escape(String text) {
      return text.replace("\\", "\\\\").replace("*", "\\*").replace("?", "\\?");
   }

   private String space() {
      return switch (random.nextInt(12)) {
         case 0 -> "  ";
         case 1 -> "\t";
         case 2 -> "\n ";
         default -> " ";
      };
   }

   private String damage(String rule) {
      StringBuilder out = new StringBuilder(rule);
      for (int i = 1 + random.nextInt(2); i > 0; i--) {
         int at = out.length() == 0 ? 0 : random.nextInt(out.length() + 1);
         switch (random.nextInt(3)) {
            case 0 -> {
               if (at < out.length()) {
                  out.deleteCharAt(at);
               }
            }
            case 1 -> out.insert(at, pick(DAMAGE));
            default -> out.setLength(Math.min(out.length(), at));
         }
      }
      return out.toString();
   }

   private FuzzMessage message() {
      String tag = random.nextInt(5) == 0 ? null : random.nextInt(40) == 0 ? adversarial() : pick(TEXTS);
      Map<String, Object> attributes = new LinkedHashMap<>();
      for (int i = random.nextInt(6); i > 0; i--) {
         String key = pick(KEYS);
         if (!key.equals("JMSType")) {
            attributes.put(key, value());
         }
      }
      return new FuzzMessage(tag, attributes);
   }

   private Object value() {
      return switch (random.nextInt(12)) {
         case 0 -> null;
         case 1 -> random.nextBoolean();
         case 2 -> random.nextLong() >> random.nextInt(64);
         case 3 -> random.nextInt(3000) - 1500;
         case 4 -> (short) random.nextInt(100);
         case 5 -> pick(1.5, 0.1, -0.0, 1e300, Double.NaN, Double.POSITIVE_INFINITY, 1e10, random.nextDouble() * 1e6);
         case 6 -> pick(0.1f, 1.5f, Float.NaN, 16777216f, random.nextFloat());
         case 7 -> pick(NUMBERS);
         case 8 -> adversarial();
         default -> pick(TEXTS);
      };
   }

   /** A long value made to hurt backtracking matchers: a repeated piece, sometimes with a different last character. */
   private String adversarial() {
      String piece = pick("a", "ab", "aaaab", "?", "9", "1e9", "PERSISTENT", "行李");
      String value = piece.repeat((1 << (8 + random.nextInt(8))) / piece.length());
      return random.nextBoolean() ? value : value + pick("b", "c", "z", "*");
   }

   @SafeVarargs
   private <T> T pick(T... choices) {
      return choices[random.nextInt(choices.length)];
   }
}

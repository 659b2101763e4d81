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
import java.util.Map;
import java.util.Random;

/**
 * Cases at the limits: rules close to the maximum length or number of conditions, made of long wildcard patterns,
 * with values of up to 64 KB that satisfy every piece of them (so Artemis evaluates every LIKE of the translation).
 * Small generated rules never reach the cost that only adds up over thousands of pieces.
 */
final class LimitCases {

   /** The default limits: 4,096 characters and 64 conditions. */
   private static final int MAX_LENGTH = 4_096;
   private static final int MAX_CONDITIONS = 64;
   private static final String KEY = "name";

   private final Random random;

   LimitCases(Random random) {
      this.random = random;
   }

   FuzzCase next() {
      String rule = random.nextBoolean() ? onePattern() : manyConditions();
      List<FuzzMessage> messages = new ArrayList<>();
      for (String value : List.of(value('b'), value('c'))) { // the first satisfies the patterns, the second not
         Map<String, Object> attributes = new LinkedHashMap<>();
         attributes.put(KEY, value);
         messages.add(new FuzzMessage("BSM", attributes));
      }
      return new FuzzCase(rule, messages);
   }

   /** {@code name weq *?*?…*?*b} and the like: one pattern up to the length limit, ending as the values do. */
   private String onePattern() {
      String prefix = KEY + " " + pick("weq", "nweq") + " ";
      String piece = piece();
      int room = MAX_LENGTH - prefix.length() - 2 - random.nextInt(16);
      StringBuilder pattern = new StringBuilder();
      while (pattern.length() + piece.length() <= room) {
         pattern.append(piece);
         if (random.nextInt(8) == 0) {
            piece = piece(); // sometimes distinct pieces, which no deduplication can merge
         }
      }
      return prefix + pattern + "*b";
   }

   /**
    * Up to 64 conditions, each a long wildcard pattern ending in {@code *b} or a long run of {@code a}, joined with
    * {@code and} or {@code or}: a value that ends in {@code b} takes them all.
    */
   private String manyConditions() {
      String connective = pick(" and ", " or ");
      int count = MAX_CONDITIONS - random.nextInt(4);
      int perCondition = (MAX_LENGTH - count * connective.length()) / count;
      List<String> conditions = new ArrayList<>();
      for (int i = 0; i < count; i++) {
         String prefix = (random.nextInt(4) == 0 ? "not " : "") + KEY + " " + pick("weq", "nweq", "end", "beg") + " ";
         String piece = piece();
         StringBuilder pattern = new StringBuilder();
         while (prefix.length() + pattern.length() + piece.length() + 2 <= perCondition) {
            pattern.append(piece);
         }
         String text = "a".repeat(pattern.length()) + (prefix.contains("end") ? "b" : "");
         conditions.add(prefix + (prefix.contains("weq") ? pattern + "*b" : text));
      }
      return String.join(connective, conditions);
   }

   /** A piece of a costly pattern: many wildcards, or one followed by as many characters as Artemis retries. */
   private String piece() {
      return switch (random.nextInt(5)) {
         case 0 -> "*?";
         case 1 -> "*a";
         case 2 -> "*" + "?".repeat(31) + (char) ('c' + random.nextInt(20));
         case 3 -> "*" + (char) ('c' + random.nextInt(20)) + (char) ('c' + random.nextInt(20));
         default -> "*" + "a".repeat(1 + random.nextInt(40));
      };
   }

   /** Up to 64 KB of {@code a}, then what each kind of piece asks for, then {@code last}. */
   private String value(char last) {
      StringBuilder tail = new StringBuilder();
      for (int i = 0; i < 64; i++) {
         tail.append("a".repeat(31)).append((char) ('c' + i % 20)).append((char) ('一' + i));
      }
      for (char first = 'c'; first < 'c' + 20; first++) {
         for (char second = 'c'; second < 'c' + 20; second++) {
            tail.append(first).append(second);
         }
      }
      int length = 1 << (12 + random.nextInt(5));
      return "a".repeat(Math.max(0, length - tail.length() - 1)) + tail + last;
   }

   @SafeVarargs
   private <T> T pick(T... choices) {
      return choices[random.nextInt(choices.length)];
   }
}

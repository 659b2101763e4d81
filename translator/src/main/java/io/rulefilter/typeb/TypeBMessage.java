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
package io.rulefilter.typeb;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Type B elements of one message body, read once: the standard message identifier (SMI, e.g. {@code BSM}) and,
 * per element letter, the text of each occurrence in body order, already split into its {@code /}-separated fields.
 * Immutable; reading it allocates nothing, so every subscription of an address can ask it for free.
 */
public final class TypeBMessage {

   private static final String[] NONE = new String[0];

   private final String identifier;
   private final String[][] values;     // [letter][occurrence]
   private final String[][][] fields;   // [letter][occurrence][field - 1]

   TypeBMessage(String identifier, List<List<String>> byLetter) {
      this.identifier = identifier;
      this.values = new String[26][];
      this.fields = new String[26][][];
      for (int letter = 0; letter < 26; letter++) {
         List<String> occurrences = byLetter.get(letter);
         values[letter] = occurrences.isEmpty() ? NONE : occurrences.toArray(NONE);
         fields[letter] = new String[values[letter].length][];
         for (int i = 0; i < values[letter].length; i++) {
            fields[letter][i] = values[letter][i].split("/", -1);
         }
      }
   }

   /** The SMI: three letters {@code A}–{@code Z}. */
   public String identifier() {
      return identifier;
   }

   /** How often element {@code element} ({@code A}–{@code Z}) occurs; 0 for any other character. */
   public int occurrences(char element) {
      return isLetter(element) ? values[element - 'A'].length : 0;
   }

   /** The text of an occurrence of an element, trailing spaces removed. */
   public String value(char element, int occurrence) {
      return values[element - 'A'][occurrence];
   }

   /** Field {@code n} (from 1) of an occurrence of an element, or {@code null} past its last field. */
   public String field(char element, int occurrence, int n) {
      String[] split = fields[element - 'A'][occurrence];
      return n >= 1 && n <= split.length ? split[n - 1] : null;
   }

   /** Every element that occurs, in letter order, with its occurrences in body order: for tools that show them. */
   public Map<Character, List<String>> elements() {
      Map<Character, List<String>> out = new LinkedHashMap<>();
      for (int letter = 0; letter < 26; letter++) {
         if (values[letter].length > 0) {
            out.put((char) ('A' + letter), Collections.unmodifiableList(new ArrayList<>(List.of(values[letter]))));
         }
      }
      return Collections.unmodifiableMap(out);
   }

   private static boolean isLetter(char ch) {
      return ch >= 'A' && ch <= 'Z';
   }

   @Override
   public String toString() {
      return identifier + " " + elements();
   }
}

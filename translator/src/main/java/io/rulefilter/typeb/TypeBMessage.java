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
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Type B elements of one message body, read once: the standard message identifier (SMI, e.g. {@code BSM}) and,
 * per element letter, each occurrence in body order. The body's text is kept with where each value lies; a value, or
 * an occurrence's fields, are cut from it when first asked for and kept, so reading a message costs one pass over it
 * however many elements it has and however few of them rules look at, and each rule asking again costs nothing.
 * Immutable as seen from outside; the values and fields cut are kept in slots that any thread may fill, each with the
 * same immutable strings.
 */
public final class TypeBMessage {

   private final String identifier;
   private final String text;
   /** The occurrences of letter {@code L} are entries {@code first[L]} to {@code first[L + 1] - 1}, in body order. */
   private final int[] first = new int[27];
   private final int[] starts;
   private final int[] ends;
   private final String[] values;
   private final String[][] fields;

   /** {@code found} holds letter (0–25), start and end of each element's value in {@code text}, in body order. */
   TypeBMessage(String identifier, String text, int[] found, int elements) {
      this.identifier = identifier;
      this.text = text;
      this.starts = new int[elements];
      this.ends = new int[elements];
      this.values = new String[elements];
      this.fields = new String[elements][];
      for (int i = 0; i < elements; i++) {
         first[found[3 * i] + 1]++;
      }
      for (int letter = 0; letter < 26; letter++) {
         first[letter + 1] += first[letter];
      }
      int[] placed = Arrays.copyOf(first, 26);
      for (int i = 0; i < elements; i++) {
         int at = placed[found[3 * i]]++;
         starts[at] = found[3 * i + 1];
         ends[at] = found[3 * i + 2];
      }
   }

   /** The SMI: three letters {@code A}–{@code Z}. */
   public String identifier() {
      return identifier;
   }

   /** How often element {@code element} ({@code A}–{@code Z}) occurs; 0 for any other character. */
   public int occurrences(char element) {
      return isLetter(element) ? first[element - 'A' + 1] - first[element - 'A'] : 0;
   }

   /** The text of an occurrence of an element, trailing spaces removed. */
   public String value(char element, int occurrence) {
      int entry = entry(element, occurrence);
      String value = values[entry];
      if (value == null) {
         value = text.substring(starts[entry], ends[entry]);
         values[entry] = value;
      }
      return value;
   }

   /** Field {@code n} (from 1) of an occurrence of an element, or {@code null} past its last field. */
   public String field(char element, int occurrence, int n) {
      int entry = entry(element, occurrence);
      String[] split = fields[entry];
      if (split == null) {
         split = split(entry);
         fields[entry] = split;
      }
      return n >= 1 && n <= split.length ? split[n - 1] : null;
   }

   /** The {@code /}-separated fields of an entry's value, looked for within the value only. */
   private String[] split(int entry) {
      int end = ends[entry];
      int count = 1;
      for (int i = starts[entry]; i < end; i++) {
         count += text.charAt(i) == '/' ? 1 : 0;
      }
      String[] split = new String[count];
      int from = starts[entry];
      for (int field = 0; field < count - 1; field++) {
         int slash = from;
         while (text.charAt(slash) != '/') {
            slash++;
         }
         split[field] = text.substring(from, slash);
         from = slash + 1;
      }
      split[count - 1] = text.substring(from, end);
      return split;
   }

   private int entry(char element, int occurrence) {
      int letter = element - 'A';
      if (occurrence < 0 || occurrence >= first[letter + 1] - first[letter]) {
         throw new IndexOutOfBoundsException("element " + element + " has no occurrence " + occurrence);
      }
      return first[letter] + occurrence;
   }

   /** Every element that occurs, in letter order, with its occurrences in body order: for tools that show them. */
   public Map<Character, List<String>> elements() {
      Map<Character, List<String>> out = new LinkedHashMap<>();
      for (int letter = 0; letter < 26; letter++) {
         char element = (char) ('A' + letter);
         List<String> occurrences = new ArrayList<>();
         for (int i = 0; i < occurrences(element); i++) {
            occurrences.add(value(element, i));
         }
         if (!occurrences.isEmpty()) {
            out.put(element, Collections.unmodifiableList(occurrences));
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

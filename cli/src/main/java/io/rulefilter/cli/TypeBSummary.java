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
package io.rulefilter.cli;

import io.rulefilter.typeb.TypeBMessage;
import io.rulefilter.typeb.TypeBParser;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * What {@code explain} shows of a body: the Type B elements as {@code @typeb} subjects see them (SMI, each
 * occurrence, its {@code /}-separated fields numbered as in {@code @typeb.F.3}), or why there are none. The output is
 * bounded whatever the body: a body of 10,000 elements or one 60 KiB line prints a few dozen short lines.
 */
public final class TypeBSummary {

   static final int OCCURRENCES_PER_ELEMENT = 10;
   static final int OCCURRENCES_IN_ALL = 50;
   static final int VALUE_CHARS = 60;
   static final int FIELDS = 8;
   static final int FIELD_CHARS = 20;

   private TypeBSummary() {
   }

   /** The summary of a text body and its parsed content ({@code null}: not Type B), one line per shown occurrence. */
   public static String of(String body, TypeBMessage content) {
      if (content == null) {
         return none(whyNone(body));
      }
      int total = 0;
      for (char letter = 'A'; letter <= 'Z'; letter++) {
         total += content.occurrences(letter);
      }
      StringBuilder out = new StringBuilder("Type B body: ").append(content.identifier()).append(", ")
            .append(total).append(total == 1 ? " element" : " elements").append(System.lineSeparator());
      int shown = 0;
      for (Map.Entry<Character, List<String>> element : content.elements().entrySet()) {
         char letter = element.getKey();
         List<String> values = element.getValue();
         int here = Math.min(values.size(), Math.min(OCCURRENCES_PER_ELEMENT, OCCURRENCES_IN_ALL - shown));
         for (int i = 0; i < here; i++) {
            out.append("  .").append(letter).append('/').append(cut(values.get(i), VALUE_CHARS))
                  .append(fields(content, letter, i)).append(System.lineSeparator());
         }
         shown += here;
         if (here < values.size()) {
            out.append("  .").append(letter).append("/… ").append(values.size() - here).append(" more not shown")
                  .append(System.lineSeparator());
         }
      }
      return out.toString();
   }

   /** The summary of a body that is not text: no Type B content. */
   static String none(String why) {
      return "Type B body: none (" + why + ")" + System.lineSeparator();
   }

   /** The fields of an occurrence with two or more, numbered as rules name them: {@code   = F.1 CA1234, F.2 05FEB}. */
   private static String fields(TypeBMessage content, char letter, int occurrence) {
      if (content.field(letter, occurrence, 2) == null) {
         return "";
      }
      StringBuilder out = new StringBuilder("   = ");
      int n = 1;
      for (String field; n <= FIELDS && (field = content.field(letter, occurrence, n)) != null; n++) {
         out.append(n == 1 ? "" : ", ").append(letter).append('.').append(n).append(' ')
               .append(field.isEmpty() ? "''" : cut(field, FIELD_CHARS));
      }
      return content.field(letter, occurrence, n) == null ? out.toString() : out.append(", …").toString();
   }

   private static String whyNone(String body) {
      long bytes = body.getBytes(StandardCharsets.UTF_8).length;
      if (bytes > TypeBParser.MAX_BYTES) {
         return "the body is " + bytes + " bytes of UTF-8, more than the " + TypeBParser.MAX_BYTES + " read";
      }
      return "no line of three letters A-Z (the message identifier) followed by a line .X/…";
   }

   /** At most {@code max} characters, control characters shown as {@code \\uXXXX} so the output stays one line each. */
   private static String cut(String text, int max) {
      StringBuilder out = new StringBuilder();
      int i = 0;
      for (; i < text.length() && out.length() < max; i++) {
         char ch = text.charAt(i);
         out.append(Character.isISOControl(ch) ? String.format("\\u%04x", (int) ch) : String.valueOf(ch));
      }
      return i < text.length() ? out.append('…').toString() : out.toString();
   }
}

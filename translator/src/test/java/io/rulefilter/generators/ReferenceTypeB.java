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
package io.rulefilter.generators;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The contract's reading of a Type B body, written again from the contract alone with regular expressions and
 * string splitting: the oracle for the production parser, which scans characters in one pass.
 *
 * @param identifier the SMI, e.g. {@code BSM}
 * @param elements   per element letter, the text of each occurrence in body order
 */
public record ReferenceTypeB(String identifier, Map<Character, List<String>> elements) {

   private static final int LIMIT = 64 * 1024;
   private static final Pattern LINE_END = Pattern.compile("\r\n|\r|\n");
   private static final Pattern SMI = Pattern.compile("[A-Z]{3}");
   private static final Pattern ELEMENT = Pattern.compile("\\.([A-Z])/(.*)", Pattern.DOTALL);

   /** The Type B content of a text body, or {@code null} when it is none. */
   public static ReferenceTypeB read(String body) {
      if (body == null || body.getBytes(StandardCharsets.UTF_8).length > LIMIT) {
         return null;
      }
      String[] lines = LINE_END.split(body, -1);
      int at = 0;
      while (at < lines.length && !SMI.matcher(lines[at]).matches()) {
         at++;
      }
      if (at == lines.length) {
         return null;
      }
      String identifier = lines[at];
      Map<Character, List<String>> elements = new TreeMap<>();
      for (at++; at < lines.length && !lines[at].equals("END" + identifier); at++) {
         Matcher element = ELEMENT.matcher(lines[at]);
         if (element.matches()) {
            elements.computeIfAbsent(element.group(1).charAt(0), letter -> new ArrayList<>())
                  .add(withoutTrailingSpaces(element.group(2)));
         }
      }
      return elements.isEmpty() ? null : new ReferenceTypeB(identifier, elements);
   }

   private static String withoutTrailingSpaces(String text) {
      int end = text.length();
      while (end > 0 && text.charAt(end - 1) == ' ') {
         end--;
      }
      return text.substring(0, end);
   }

   /** The Type B content of a bytes body: its text when it is well-formed UTF-8, else none. */
   public static ReferenceTypeB read(byte[] body) {
      if (body.length > LIMIT) {
         return null;
      }
      try {
         return read(StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
               .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(body)).toString());
      } catch (CharacterCodingException e) {
         return null;
      }
   }

   /** Every value the subject has: the SMI, each occurrence of an element, or field {@code n} of each that has it. */
   public List<String> values(char element, int field) {
      if (element == 0) {
         return List.of(identifier);
      }
      List<String> out = new ArrayList<>();
      for (String value : elements.getOrDefault(element, List.of())) {
         String[] fields = value.split("/", -1);
         if (field == 0) {
            out.add(value);
         } else if (field <= fields.length) {
            out.add(fields[field - 1]);
         }
      }
      return out;
   }
}

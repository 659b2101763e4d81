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

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads a message body as IATA Type B text, in one pass and in time linear in its size, noting where each element's
 * value lies (no value is copied until asked for):
 * <ul>
 *    <li>lines end with CR LF, LF or CR;</li>
 *    <li>lines before the first that is exactly three letters {@code A}–{@code Z} (the SMI) are the heading, skipped;</li>
 *    <li>after the SMI, a line {@code .X/text} is an occurrence of element {@code X} with value {@code text}, trailing
 *    spaces removed; other lines are ignored;</li>
 *    <li>the message ends at the line {@code END} + SMI ({@code ENDBSM}) or at the end of the body.</li>
 * </ul>
 * A body larger than {@link #MAX_BYTES} (in UTF-8), bytes that are not UTF-8, or text with no SMI or no element after
 * it, is not a Type B message: the parser answers {@code null}, never throws on content.
 */
public final class TypeBParser {

   /** The largest body read: 64 KiB of UTF-8. */
   public static final int MAX_BYTES = 64 * 1024;

   private TypeBParser() {
   }

   /** The Type B content of a UTF-8 body, or {@code null}. */
   public static TypeBMessage parse(byte[] body) {
      return body == null ? null : parse(body, 0, body.length);
   }

   /** The Type B content of {@code length} bytes of UTF-8 at {@code offset}, or {@code null}. */
   public static TypeBMessage parse(byte[] body, int offset, int length) {
      if (length > MAX_BYTES || length < 3) {
         return null;
      }
      try {
         CharBuffer text = StandardCharsets.UTF_8.newDecoder()
               .onMalformedInput(CodingErrorAction.REPORT)
               .onUnmappableCharacter(CodingErrorAction.REPORT)
               .decode(ByteBuffer.wrap(body, offset, length));
         return read(text);
      } catch (CharacterCodingException e) {
         return null; // binary, not text: no Type B content
      }
   }

   /** The Type B content of a text body, or {@code null}. */
   public static TypeBMessage parse(CharSequence body) {
      if (body == null || body.length() > MAX_BYTES || utf8Length(body) > MAX_BYTES) {
         return null;
      }
      return read(body);
   }

   /** UTF-8 bytes of a text, counted only up to just past the limit. */
   private static int utf8Length(CharSequence text) {
      int bytes = 0;
      for (int i = 0; i < text.length() && bytes <= MAX_BYTES; i++) {
         char ch = text.charAt(i);
         if (ch < 0x80) {
            bytes++;
         } else if (ch < 0x800) {
            bytes += 2;
         } else if (Character.isHighSurrogate(ch) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
            bytes += 4;
            i++;
         } else {
            bytes += 3;
         }
      }
      return bytes;
   }

   private static TypeBMessage read(CharSequence body) {
      String text = body.toString();
      String identifier = null;
      String end = null;
      int[] found = new int[3 * 16]; // letter, start, end of each element line, in body order
      int elements = 0;
      int length = text.length();
      for (int start = 0; start < length; ) {
         int stop = start;
         while (stop < length && text.charAt(stop) != '\n' && text.charAt(stop) != '\r') {
            stop++;
         }
         int next = stop < length && text.charAt(stop) == '\r' && stop + 1 < length && text.charAt(stop + 1) == '\n'
               ? stop + 2 : stop + 1;
         if (identifier == null) {
            if (isIdentifier(text, start, stop)) {
               identifier = text.substring(start, stop);
               end = "END" + identifier;
            }
         } else if (isLine(text, start, stop, end)) {
            break;
         } else if (isElement(text, start, stop)) {
            int valueEnd = stop;
            while (valueEnd > start + 3 && text.charAt(valueEnd - 1) == ' ') {
               valueEnd--;
            }
            if (3 * elements == found.length) {
               found = Arrays.copyOf(found, 2 * found.length);
            }
            found[3 * elements] = text.charAt(start + 1) - 'A';
            found[3 * elements + 1] = start + 3;
            found[3 * elements + 2] = valueEnd;
            elements++;
         }
         start = next;
      }
      return elements == 0 ? null : new TypeBMessage(identifier, text, found, elements);
   }

   private static boolean isIdentifier(String text, int start, int stop) {
      return stop - start == 3 && isLetter(text.charAt(start)) && isLetter(text.charAt(start + 1))
            && isLetter(text.charAt(start + 2));
   }

   private static boolean isElement(String text, int start, int stop) {
      return stop - start >= 3 && text.charAt(start) == '.' && isLetter(text.charAt(start + 1))
            && text.charAt(start + 2) == '/';
   }

   private static boolean isLine(String text, int start, int stop, String line) {
      if (stop - start != line.length()) {
         return false;
      }
      for (int i = 0; i < line.length(); i++) {
         if (text.charAt(start + i) != line.charAt(i)) {
            return false;
         }
      }
      return true;
   }

   private static boolean isLetter(char ch) {
      return ch >= 'A' && ch <= 'Z';
   }
}

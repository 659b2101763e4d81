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
package io.rulefilter.internal.parse;

import io.rulefilter.rule.Subject;

import java.util.Locale;

/**
 * Reads the subject of a condition for {@link RuleParser}: {@code @tag}, {@code @attr}, an attribute key (bare,
 * quoted or after {@code attr.}) or, in version 2, a {@code @typeb} subject. Kept apart from the parser, as
 * {@link OperandReader} is, so that the rules for naming what a condition looks at, and the refusal of
 * {@code @typeb} where Type B content is not read, live in one place.
 */
final class SubjectReader {

   private static final String ATTR_PREFIX = "attr.";

   private final Scanner in;
   private final boolean v2;
   private final String typeBRefusal;

   /** {@code typeBRefusal}: why {@code @typeb} is refused here, or {@code null} where it is read. */
   SubjectReader(Scanner in, boolean v2, String typeBRefusal) {
      this.in = in;
      this.v2 = v2;
      this.typeBRefusal = typeBRefusal;
   }

   Subject subject() {
      int start = in.pos();
      if (in.startsWith(ATTR_PREFIX) && in.text().length() > start + ATTR_PREFIX.length()
            && Lexical.isQuote(in.text().charAt(start + ATTR_PREFIX.length()))) {
         in.advance(ATTR_PREFIX.length());
         return attribute(start + ATTR_PREFIX.length(), in.word().text());
      }
      boolean quoted = Lexical.isQuote(in.peek());
      Word word = in.word();
      if (quoted) {
         return attribute(start, word.text());
      }
      if (word.raw().startsWith("@")) {
         String lower = word.raw().toLowerCase(Locale.ROOT);
         if (lower.equals("@tag")) {
            return Subject.TAG;
         }
         if (lower.equals("@attr")) {
            return Subject.KEYS;
         }
         if (v2 && TypeBSubject.names(lower)) {
            if (typeBRefusal != null) {
               throw in.error(start, "a subject", Scanner.quoted(word.raw()), Scanner.quoted(word.raw())
                     + " is not available here: " + typeBRefusal);
            }
            return TypeBSubject.read(in, start, word.raw());
         }
         throw in.error(start, "a subject", Scanner.quoted(word.raw()), "unknown subject " + Scanner.quoted(word.raw())
               + ": expected @tag, @attr" + (v2 ? ", @typeb" : "") + " or an attribute key");
      }
      if (word.raw().startsWith(ATTR_PREFIX)) {
         return attribute(start + ATTR_PREFIX.length(), word.text().substring(ATTR_PREFIX.length()));
      }
      return attribute(start, word.text());
   }

   private Subject attribute(int start, String key) {
      if (key.isEmpty()) {
         throw in.error(start, "an attribute key", "an empty key", "an attribute key must not be empty");
      }
      return Subject.attribute(key);
   }
}

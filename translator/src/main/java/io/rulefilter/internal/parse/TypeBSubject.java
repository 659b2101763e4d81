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
 * Reads the version 2 subjects on Type B content, {@code @typeb}, {@code @typeb.F} and {@code @typeb.F.n}, for
 * {@link RuleParser}. The keyword ignores case like every keyword; the element letter does not, because Type B
 * elements are upper case and a rule on {@code .f/} would never match: it is refused with the letter to use.
 */
final class TypeBSubject {

   private static final String TYPEB = "@typeb";

   private TypeBSubject() {
   }

   /** True when a subject word (lower-cased) is a Type B subject, well-formed or not. */
   static boolean names(String lower) {
      return lower.equals(TYPEB) || lower.startsWith(TYPEB + ".");
   }

   /** The subject {@code raw} names; an error at the letter or the field number that is not one. */
   static Subject read(Scanner in, int start, String raw) {
      if (raw.length() == TYPEB.length()) {
         return Subject.TYPEB;
      }
      String path = raw.substring(TYPEB.length() + 1);
      int dot = path.indexOf('.');
      String letter = dot < 0 ? path : path.substring(0, dot);
      if (letter.length() != 1 || letter.charAt(0) < 'A' || letter.charAt(0) > 'Z') {
         String hint = letter.length() == 1 && letter.charAt(0) >= 'a' && letter.charAt(0) <= 'z'
               ? ": element letters are upper case, @typeb." + letter.toUpperCase(Locale.ROOT)
               : ": expected one letter A-Z, as in @typeb.F";
         throw in.error(start + TYPEB.length() + 1, "an element letter A-Z", quote(letter), "unknown Type B element "
               + quote(letter) + " in " + quote(raw) + hint);
      }
      if (dot < 0) {
         return new Subject.TypeB(letter.charAt(0), Subject.TypeB.WHOLE);
      }
      String field = path.substring(dot + 1);
      if (!field.matches("[1-9][0-9]?")) {
         throw in.error(start + TYPEB.length() + 1 + dot + 1, "a field number 1-" + Subject.TypeB.MAX_FIELD,
               quote(field), "expected a field number from 1 to " + Subject.TypeB.MAX_FIELD + " after '" + TYPEB
                     + "." + letter + ".', found " + quote(field));
      }
      return new Subject.TypeB(letter.charAt(0), Integer.parseInt(field));
   }

   private static String quote(String word) {
      return "'" + word + "'";
   }
}

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
package io.rulefilter.rule;

/** What a condition looks at: the tag, the set of attribute keys, or one attribute's value. */
public sealed interface Subject permits Subject.Tag, Subject.Keys, Subject.Attribute, Subject.TypeB {

   Tag TAG = new Tag();
   Keys KEYS = new Keys();

   static Attribute attribute(String key) {
      return new Attribute(key);
   }

   /** {@code @typeb}: the standard message identifier of a Type B body. */
   TypeB TYPEB = new TypeB(TypeB.IDENTIFIER, TypeB.WHOLE);

   /** {@code @tag}: the message's kind, e.g. {@code BSM}. */
   record Tag() implements Subject {
   }

   /** {@code @attr}: the attribute keys; the condition holds when some key (or, for negated ops, no key) passes. */
   record Keys() implements Subject {
   }

   /** {@code key} or {@code attr.key}: the value of one attribute. */
   record Attribute(String key) implements Subject {

      public Attribute {
         if (key == null || key.isEmpty()) {
            throw new IllegalArgumentException("an attribute key must not be empty");
         }
      }
   }

   /**
    * Version 2: Type B content of the body. {@code @typeb} (the SMI, e.g. {@code BSM}), {@code @typeb.F} (the text of
    * element {@code .F/}) or {@code @typeb.F.1} (its first {@code /}-separated field).
    *
    * @param element the element letter {@code A}–{@code Z}, or {@link #IDENTIFIER} for the SMI
    * @param field   the field, 1 to {@link #MAX_FIELD}, or {@link #WHOLE} for the element's whole text
    */
   record TypeB(char element, int field) implements Subject {

      public static final char IDENTIFIER = 0;
      public static final int WHOLE = 0;
      public static final int MAX_FIELD = 99;

      public TypeB {
         if (element != IDENTIFIER && (element < 'A' || element > 'Z')) {
            throw new IllegalArgumentException("a Type B element is a letter A-Z, was '" + element + "'");
         }
         if (field < WHOLE || field > MAX_FIELD || element == IDENTIFIER && field != WHOLE) {
            throw new IllegalArgumentException("a Type B field is 1 to " + MAX_FIELD + " of an element, was " + field);
         }
      }

      public boolean isIdentifier() {
         return element == IDENTIFIER;
      }

      /** The subject as a rule writes it: {@code @typeb}, {@code @typeb.F}, {@code @typeb.F.1}. */
      public String text() {
         return isIdentifier() ? "@typeb" : "@typeb." + element + (field == WHOLE ? "" : "." + field);
      }
   }
}

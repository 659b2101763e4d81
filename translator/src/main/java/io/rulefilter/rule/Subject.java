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
public sealed interface Subject permits Subject.Tag, Subject.Keys, Subject.Attribute {

   Tag TAG = new Tag();
   Keys KEYS = new Keys();

   static Attribute attribute(String key) {
      return new Attribute(key);
   }

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
}

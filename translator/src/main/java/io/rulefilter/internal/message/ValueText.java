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
package io.rulefilter.internal.message;

/** How string operators see an attribute value: strings as they are, other values as Java prints them. */
public final class ValueText {

   private ValueText() {
   }

   /** The text of {@code value}; {@code null} for a type that has no text form here (e.g. bytes). */
   public static CharSequence of(Object value) {
      if (value instanceof CharSequence text) {
         return text;
      }
      if (value instanceof Boolean || value instanceof Long || value instanceof Integer || value instanceof Short
            || value instanceof Byte || value instanceof Double || value instanceof Float) {
         return value.toString();
      }
      return null;
   }
}

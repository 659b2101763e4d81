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
package io.rulefilter.message;

import java.util.function.Function;

/**
 * An attribute key named in a compiled rule. It can hold the key in a message adapter's own form (for Artemis a
 * {@code SimpleString}), made once on first use instead of once per message.
 */
public final class AttributeKey {

   private final String name;
   private volatile Object nativeForm;

   public AttributeKey(String name) {
      this.name = name;
   }

   public String name() {
      return name;
   }

   /** The key in an adapter's form; {@code factory} runs on first use only (a racing duplicate is harmless). */
   @SuppressWarnings("unchecked")
   public <T> T nativeForm(Function<String, T> factory) {
      Object form = nativeForm;
      if (form == null) {
         form = factory.apply(name);
         nativeForm = form;
      }
      return (T) form;
   }

   @Override
   public String toString() {
      return name;
   }
}

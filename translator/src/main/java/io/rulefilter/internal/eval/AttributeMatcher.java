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
package io.rulefilter.internal.eval;

import io.rulefilter.message.AttributeKey;
import io.rulefilter.message.MessageView;

/** A positive operator applied to one attribute's value; a missing attribute never matches. */
final class AttributeMatcher implements Matcher {

   private final AttributeKey key;
   private final ValueTest test;

   AttributeMatcher(AttributeKey key, ValueTest test) {
      this.key = key;
      this.test = test;
   }

   @Override
   public boolean matches(MessageView message) {
      Object value = message.attribute(key);
      return value != null && test.test(value);
   }
}

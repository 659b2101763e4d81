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

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** A message held in plain Java objects: for the CLI, tests and tools that have no broker message at hand. */
public record MapMessage(String tag, Map<String, Object> attributes) implements MessageView {

   public MapMessage {
      attributes = Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
   }

   @Override
   public Object attribute(AttributeKey key) {
      return attributes.get(key.name());
   }

   @Override
   public boolean anyKey(KeyTest test) {
      for (Map.Entry<String, Object> attribute : attributes.entrySet()) {
         if (attribute.getValue() != null && test.test(attribute.getKey())) {
            return true;
         }
      }
      return false;
   }
}

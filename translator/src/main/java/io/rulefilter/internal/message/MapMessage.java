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

import io.rulefilter.message.AttributeKey;
import io.rulefilter.message.MessageView;
import io.rulefilter.typeb.TypeBMessage;
import io.rulefilter.typeb.TypeBParser;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A message held in plain Java objects: for the CLI, tests and tools that have no broker message at hand. A text body,
 * when given, is read as Type B content once, when the message is made.
 */
public final class MapMessage implements MessageView {

   private final String tag;
   private final Map<String, Object> attributes;
   private final String body;
   private final TypeBMessage typeB;

   public MapMessage(String tag, Map<String, ?> attributes) {
      this(tag, attributes, null);
   }

   /** A message with a text body ({@code null} for none). */
   public MapMessage(String tag, Map<String, ?> attributes, String body) {
      this.tag = tag;
      this.attributes = Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
      this.body = body;
      this.typeB = TypeBParser.parse(body);
   }

   @Override
   public String tag() {
      return tag;
   }

   public Map<String, Object> attributes() {
      return attributes;
   }

   /** The text body, or {@code null}. */
   public String body() {
      return body;
   }

   @Override
   public TypeBMessage typeB() {
      return typeB;
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

   @Override
   public String toString() {
      return "MapMessage[tag=" + tag + ", attributes=" + attributes + (body == null ? "" : ", body=" + body.length() + " chars") + "]";
   }
}

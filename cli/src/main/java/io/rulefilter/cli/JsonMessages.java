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
package io.rulefilter.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.rulefilter.internal.message.MapMessage;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Messages written as JSON: {@code "tag"} (string, or null/absent), {@code "properties"}, where a JSON string is a
 * String property, an integer a long, a number with a fraction or exponent a double, true/false a boolean, and null
 * no property at all, and {@code "body"} (string, or null/absent), the text body that {@code @typeb} subjects read.
 */
public final class JsonMessages {

   private JsonMessages() {
   }

   public static MapMessage fromJson(JsonNode line) {
      JsonNode tag = line.get("tag");
      if (tag != null && !tag.isNull() && !tag.isTextual()) {
         throw new IllegalArgumentException("'tag' must be a string or null, found " + tag.getNodeType().name().toLowerCase());
      }
      Map<String, Object> attributes = new LinkedHashMap<>();
      JsonNode properties = line.get("properties");
      if (properties != null && !properties.isNull()) {
         if (!properties.isObject()) {
            throw new IllegalArgumentException("'properties' must be an object");
         }
         properties.fields().forEachRemaining(e -> {
            if (!e.getValue().isNull()) { // a key whose value is null does not exist, for every operator
               attributes.put(e.getKey(), value(e.getKey(), e.getValue()));
            }
         });
      }
      return new MapMessage(tag == null || tag.isNull() ? null : tag.asText(), attributes, body(line));
   }

   /** The text body, or null; a body in any other JSON form is refused rather than guessed at (bytes? a document?). */
   private static String body(JsonNode line) {
      JsonNode body = line.get("body");
      if (body == null || body.isNull()) {
         return null;
      }
      if (!body.isTextual()) {
         throw new IllegalArgumentException("'body' must be a string or null, found " + body.getNodeType().name().toLowerCase());
      }
      return body.textValue();
   }

   private static Object value(String key, JsonNode value) {
      if (value.isTextual()) {
         return value.textValue();
      }
      if (value.isBoolean()) {
         return value.booleanValue();
      }
      if (value.isIntegralNumber()) {
         if (!value.canConvertToLong()) {
            throw new IllegalArgumentException("property '" + key + "': " + value + " is out of the range of a long");
         }
         return value.longValue();
      }
      if (value.isNumber()) {
         return value.doubleValue();
      }
      throw new IllegalArgumentException("property '" + key + "' must be a string, number or boolean, found "
            + value.getNodeType().name().toLowerCase());
   }
}

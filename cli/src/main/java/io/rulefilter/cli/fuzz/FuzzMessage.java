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
package io.rulefilter.cli.fuzz;

import io.rulefilter.internal.message.MapMessage;
import io.rulefilter.message.MessageModel;
import org.apache.activemq.artemis.core.message.impl.CoreMessage;

import java.util.Map;

/** A generated message: our view of it, and the same data as a real Artemis core message. */
record FuzzMessage(String tag, Map<String, Object> attributes) {

   MapMessage view() {
      return new MapMessage(tag, attributes);
   }

   CoreMessage toCore() {
      CoreMessage message = new CoreMessage(1, 256);
      if (tag != null) {
         message.putStringProperty(MessageModel.DEFAULT_TAG_PROPERTY, tag);
      }
      attributes.forEach(message::putObjectProperty);
      return message;
   }

   @Override
   public String toString() {
      StringBuilder out = new StringBuilder("tag=").append(tag == null ? "(none)" : "'" + FuzzCase.shorten(tag) + "'");
      attributes.forEach((k, v) -> out.append(", ").append(k).append('=').append(v instanceof String s
            ? "'" + FuzzCase.shorten(s) + "'" : v == null ? "null" : v + " (" + v.getClass().getSimpleName() + ")"));
      return out.toString();
   }
}

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
package io.rulefilter.generators;

import io.rulefilter.internal.message.MapMessage;
import io.rulefilter.message.MessageModel;
import org.apache.activemq.artemis.core.message.impl.CoreMessage;

import java.util.Map;
import java.util.Set;

/**
 * One generated message, which becomes both our {@link MapMessage} and a real Artemis {@link CoreMessage}; the body,
 * when there is one, is text that may be Type B content.
 */
public record TestMessage(String tag, Map<String, Object> attributes, String body) {

   /** The exact bookkeeping names Artemis's protocol layers add to messages, as the manual lists them. */
   public static final Set<String> PROTOCOL_PROPERTIES = Set.of("destination", "content-length",
         "receipt", "transaction", "destination-type", "amqMessageId", "NATIVE_MESSAGE_ID", "x-opt-amq-mr-id",
         "x-opt-amq-bkr-id");

   public TestMessage(String tag, Map<String, Object> attributes) {
      this(tag, attributes, null);
   }

   public MapMessage view() {
      return new MapMessage(tag, attributes, body);
   }

   public CoreMessage toCore() {
      CoreMessage message = new CoreMessage(1, 256);
      if (tag != null) {
         message.putStringProperty(MessageModel.DEFAULT_TAG_PROPERTY, tag);
      }
      attributes.forEach(message::putObjectProperty);
      return message;
   }

   @Override
   public String toString() {
      StringBuilder out = new StringBuilder("tag=" + (tag == null ? "(none)" : "'" + tag + "'"));
      attributes.forEach((k, v) -> out.append(", ").append(k).append('=')
            .append(v instanceof String ? "'" + v + "'" : v == null ? "null" : v + " (" + v.getClass().getSimpleName() + ")"));
      if (body != null) {
         String shown = body.length() > 400 ? body.substring(0, 400) + "…(" + body.length() + " chars)" : body;
         out.append(", body='").append(shown.replace("\r", "\\r").replace("\n", "\\n")).append('\'');
      }
      return out.toString();
   }
}

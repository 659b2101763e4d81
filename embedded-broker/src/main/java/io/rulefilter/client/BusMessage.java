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
package io.rulefilter.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.reader.MessageUtil;
import org.apache.activemq.artemis.reader.TextMessageUtil;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * A message as publish and subscribe see it: a tag (the JMS type, which RuleFilter's {@code @tag} reads by default),
 * properties, and an optional text body. It becomes a core message a JMS client reads as a Message or TextMessage,
 * and prints as one line or one JSON object in the shape {@code rulefilter eval} reads.
 */
record BusMessage(String tag, Map<String, Object> properties, String body) {

   private static final ObjectMapper JSON = new ObjectMapper();
   private static final Pattern PLAIN = Pattern.compile("[^\\s\"=]+");

   /** Artemis's own bookkeeping (routing type, connection id, …), not the publisher's properties. */
   private static boolean internal(String name) {
      return name.startsWith("_AMQ") || name.startsWith("__AMQ") || name.equals(MessageUtil.TYPE_HEADER_NAME_STRING);
   }

   static BusMessage of(ClientMessage message) {
      Map<String, Object> properties = new TreeMap<>();
      for (SimpleString name : message.getPropertyNames()) {
         Object value = message.getObjectProperty(name);
         if (!internal(name.toString()) && value != null) {
            properties.put(name.toString(), shown(value));
         }
      }
      SimpleString body = message.getType() == Message.TEXT_TYPE ? TextMessageUtil.readBodyText(message.getReadOnlyBodyBuffer()) : null;
      return new BusMessage(message.getStringProperty(MessageUtil.TYPE_HEADER_NAME), properties, body == null ? null : body.toString());
   }

   /** Strings as text, numbers and booleans as they are; bytes (no RuleFilter rule reads them) by their count. */
   private static Object shown(Object value) {
      if (value instanceof byte[] bytes) {
         return "(" + bytes.length + " bytes)";
      }
      return value instanceof SimpleString text ? text.toString() : value;
   }

   /** A durable message to send to a multicast address, as a JMS topic publisher would send it. */
   ClientMessage toCore(ClientSession session) {
      ClientMessage message = session.createMessage(body == null ? Message.DEFAULT_TYPE : Message.TEXT_TYPE, true);
      if (tag != null) {
         message.putStringProperty(MessageUtil.TYPE_HEADER_NAME, tag);
      }
      properties.forEach(message::putObjectProperty);
      if (body != null) {
         TextMessageUtil.writeBodyText(message.getBodyBuffer(), SimpleString.of(body));
      }
      return message;
   }

   /** {@code BSM airline=CA bagCount=3 body="…"}; a value that is empty or holds a space, quote or = is quoted. */
   String line() {
      StringBuilder line = new StringBuilder(tag == null ? "(no tag)" : tag);
      properties.forEach((key, value) -> line.append(' ').append(key).append('=').append(quoted(String.valueOf(value))));
      if (body != null) {
         line.append(" body=").append(quoted(body));
      }
      return line.toString();
   }

   private static String quoted(String text) {
      if (PLAIN.matcher(text).matches()) {
         return text;
      }
      try {
         return JSON.writeValueAsString(text);
      } catch (JsonProcessingException e) {
         throw new IllegalStateException(e);
      }
   }

   /** {@code {"tag":"BSM","properties":{"airline":"CA","bagCount":3},"body":"…"}}; no body, no "body". */
   String json() {
      Map<String, Object> object = new LinkedHashMap<>();
      object.put("tag", tag);
      object.put("properties", properties);
      if (body != null) {
         object.put("body", body);
      }
      try {
         return JSON.writeValueAsString(object);
      } catch (JsonProcessingException e) {
         throw new IllegalStateException(e);
      }
   }
}

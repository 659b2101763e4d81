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
package io.rulefilter.testing;

import io.rulefilter.internal.message.MapMessage;
import io.rulefilter.message.MessageView;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.utils.UUIDGenerator;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A message a test publishes: a tag (the message type, e.g. {@code BSM}), attributes (its properties) and, if given,
 * a text body such as a raw Type B BSM. Immutable; {@link #with} and {@link #withBody} return a new message. Tests
 * compare the very instances they published with what subscribers received, so two messages with the same content
 * stay two messages.
 */
public final class AirportMessage {

   private final String tag;
   private final Map<String, Object> attributes;
   private final String body;

   private AirportMessage(String tag, Map<String, Object> attributes, String body) {
      this.tag = tag;
      this.attributes = Collections.unmodifiableMap(attributes);
      this.body = body;
   }

   /** A message with this tag (e.g. {@code BSM}, {@code MVT}). */
   public static AirportMessage tagged(String tag) {
      if (tag == null || tag.isEmpty()) {
         throw new IllegalArgumentException("a tag must not be null or empty (use untagged() for a message without one)");
      }
      return new AirportMessage(tag, new LinkedHashMap<>(), null);
   }

   /** A message without a tag. */
   public static AirportMessage untagged() {
      return new AirportMessage(null, new LinkedHashMap<>(), null);
   }

   /**
    * This message with one more attribute: a String, Boolean, Byte, Short, Integer, Long, Float or Double, as a JMS
    * property may hold.
    */
   public AirportMessage with(String attribute, Object value) {
      if (attribute == null || attribute.isEmpty()) {
         throw new IllegalArgumentException("an attribute name must not be null or empty");
      }
      if (!(value instanceof String || value instanceof Boolean || value instanceof Number && isJmsNumber(value))) {
         throw new IllegalArgumentException("attribute '" + attribute + "': " + (value == null ? "null" : value.getClass()
               .getSimpleName()) + " is not a JMS property type (String, Boolean, Byte, Short, Integer, Long, Float, Double)");
      }
      Map<String, Object> next = new LinkedHashMap<>(attributes);
      next.put(attribute, value);
      return new AirportMessage(tag, next, body);
   }

   /**
    * This message with a text body ({@code null}: none), e.g. a Type B message that {@code @typeb} subjects read. It
    * is sent as a text message (a JMS {@code TextMessage}), as telex gateways send Type B.
    */
   public AirportMessage withBody(String text) {
      return new AirportMessage(tag, new LinkedHashMap<>(attributes), text);
   }

   private static boolean isJmsNumber(Object value) {
      return value instanceof Byte || value instanceof Short || value instanceof Integer || value instanceof Long
            || value instanceof Float || value instanceof Double;
   }

   /** The tag, or null. */
   public String tag() {
      return tag;
   }

   public Map<String, Object> attributes() {
      return attributes;
   }

   /** The text body, or null when the test gave none. */
   public String body() {
      return body;
   }

   /** The message as RuleFilter's evaluator reads it, body included. */
   MessageView view() {
      return new MapMessage(tag, attributes, body);
   }

   /**
    * The core message for it: the tag in {@code tagProperty}, the attributes as properties, and as a JMS text body
    * {@code id} or, when the test gave a body, that body and a new user id (its JMS message id) to be told by. Sent
    * through the core API, which (unlike a JMS client) takes any property name, such as {@code flight-no}, as AMQP
    * and core publishers do.
    */
   ClientMessage toCore(ClientSession session, String tagProperty, String id) {
      if (attributes.containsKey(tagProperty)) {
         throw new IllegalArgumentException("attribute '" + tagProperty + "' is where this broker keeps the tag: "
               + "give the tag with AirportMessage.tagged(...)");
      }
      ClientMessage message = session.createMessage(Message.TEXT_TYPE, false);
      message.getBodyBuffer().writeNullableSimpleString(SimpleString.of(body == null ? id : body));
      if (body != null) {
         message.setUserID(UUIDGenerator.getInstance().generateUUID());
      }
      message.setRoutingType(RoutingType.MULTICAST);
      if (tag != null) {
         message.putStringProperty(tagProperty, tag);
      }
      for (Map.Entry<String, Object> attribute : attributes.entrySet()) {
         message.putObjectProperty(attribute.getKey(), attribute.getValue());
      }
      return message;
   }

   @Override
   public String toString() {
      return (tag == null ? "(untagged)" : tag) + attributes + (body == null ? "" : " with a body of " + body.length() + " chars");
   }
}

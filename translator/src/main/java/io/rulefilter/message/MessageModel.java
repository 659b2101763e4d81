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

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Where a message keeps its tag and which property names are bookkeeping rather than attributes. Never attributes:
 * the tag property; names starting with {@code JMS} (reserved by the JMS specification), {@code _AMQ} or
 * {@code __AMQ} (Artemis internals), {@code _HQ} (legacy internals), {@code __HDR_} (what Artemis keeps for
 * OpenWire clients) or {@code mqtt.} (Artemis's MQTT bookkeeping and MQTT 5 properties); and the exact names in
 * {@link #PROTOCOL_PROPERTIES}, which Artemis's protocol layers add to messages on their own.
 */
public record MessageModel(String tagProperty) {

   /** The JMS type ({@code message.setJMSType("BSM")}) is the tag unless configured otherwise. */
   public static final String DEFAULT_TAG_PROPERTY = "JMSType";

   public static final MessageModel DEFAULT = new MessageModel(DEFAULT_TAG_PROPERTY);

   /** Prefixes of bookkeeping property names. */
   public static final List<String> RESERVED_PREFIXES = List.of("JMS", "_AMQ", "__AMQ", "_HQ", "__HDR_", "mqtt.");

   /**
    * Exact bookkeeping names that Artemis's protocol layers add: the STOMP frame headers that every SEND (or a SEND
    * with that header) leaves as properties ({@code StompUtils}), the AMQP message id kept when an AMQP message
    * becomes a core one, and the ids AMQP mirroring adds.
    */
   public static final List<String> PROTOCOL_PROPERTIES = List.of("destination", "content-length", "receipt",
         "transaction", "destination-type", "amqMessageId", "NATIVE_MESSAGE_ID", "x-opt-amq-mr-id", "x-opt-amq-bkr-id");

   /** Names that Artemis's filter engine resolves to message headers instead of properties. */
   public static final Set<String> ARTEMIS_HEADER_NAMES = Set.of("AMQUserID", "AMQPriority", "AMQTimestamp",
         "AMQDurable", "AMQExpiration", "AMQSize", "AMQAddress", "AMQGroupID");

   public MessageModel {
      Objects.requireNonNull(tagProperty, "tagProperty");
      if (tagProperty.isBlank()) {
         throw new IllegalArgumentException("the tag property must not be blank");
      }
   }

   public boolean isReserved(CharSequence key) {
      for (int i = 0; i < RESERVED_PREFIXES.size(); i++) {
         if (startsWith(key, RESERVED_PREFIXES.get(i))) {
            return true;
         }
      }
      if (tagProperty.contentEquals(key)) {
         return true;
      }
      for (int i = 0; i < PROTOCOL_PROPERTIES.size(); i++) {
         String name = PROTOCOL_PROPERTIES.get(i);
         if (name.length() == key.length() && startsWith(key, name)) {
            return true;
         }
      }
      return false;
   }

   private static boolean startsWith(CharSequence key, String prefix) {
      if (key.length() < prefix.length()) {
         return false;
      }
      for (int i = 0; i < prefix.length(); i++) {
         if (key.charAt(i) != prefix.charAt(i)) {
            return false;
         }
      }
      return true;
   }
}

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
package io.rulefilter.artemis.protocol;

import io.rulefilter.artemis.log.ProtocolLogger;
import io.rulefilter.selector.RuleSelector;
import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.Interceptor;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.protocol.core.Packet;
import org.apache.activemq.artemis.core.protocol.core.impl.wireformat.SessionQueueQueryResponseMessage;
import org.apache.activemq.artemis.spi.core.protocol.RemotingConnection;

import java.lang.reflect.Field;
import java.util.Optional;

/**
 * Shows a JMS client that created a subscription with a raw rule its own selector text when it queries the queue
 * again; the text comes from the queue's own filter, where {@link SelectorRewriter} kept it. The client compares that
 * text with its selector to decide whether the subscription is unchanged; without this a durable subscriber that
 * reconnects would delete and recreate its queue (losing the backlog) and a second shared consumer would be
 * refused. The response has no setter, so the field is set reflectively; if Artemis ever renames it, this logs once
 * and leaves responses untouched.
 */
public final class ClientSelectorEcho implements Interceptor {

   private static final Field FILTER_STRING = filterStringField();

   /** True when clients can be shown their own selector text. */
   public static boolean available() {
      return FILTER_STRING != null;
   }

   @Override
   public boolean intercept(Packet packet, RemotingConnection connection) throws ActiveMQException {
      if (FILTER_STRING != null && packet instanceof SessionQueueQueryResponseMessage response && response.isExists()
            && response.getFilterString() != null) {
         Optional<String> sent = RuleSelector.sentText(response.getFilterString().toString());
         if (sent.isPresent()) {
            try {
               FILTER_STRING.set(response, SimpleString.of(sent.get()));
            } catch (IllegalAccessException | RuntimeException e) {
               ProtocolLogger.selectorNotShown(e);
            }
         }
      }
      return true;
   }

   private static Field filterStringField() {
      try {
         Field field = SessionQueueQueryResponseMessage.class.getDeclaredField("filterString");
         field.setAccessible(true);
         return field;
      } catch (ReflectiveOperationException | RuntimeException e) {
         ProtocolLogger.queueQueryFilterHidden(e);
         return null;
      }
   }
}

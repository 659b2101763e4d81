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

import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.TextMessage;
import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientProducer;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.api.core.client.ServerLocator;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Publishes {@link AirportMessage}s through the core API and recognises them when a subscriber receives them: each
 * carries an id of its own as its body or, when the test gave it a body, as its JMS message id.
 */
final class Publisher implements AutoCloseable {

   private static final String BODY_PREFIX = "rulefilter-test:";
   /** What the JMS client puts before a core message's user id to make its JMS message id. */
   private static final String JMS_ID_PREFIX = "ID:";

   private final String url;
   private final String tagProperty;
   private final Map<String, AirportMessage> sent = new ConcurrentHashMap<>();
   private final AtomicLong ids = new AtomicLong();
   private ServerLocator locator;
   private ClientSessionFactory sessions;

   Publisher(String url, String tagProperty) {
      this.url = url;
      this.tagProperty = tagProperty;
   }

   /** Sends the messages in order; returns once the broker has routed them (blocking sends). */
   void publish(String address, List<AirportMessage> messages) throws ActiveMQException {
      try (ClientSession session = sessions().createSession(); ClientProducer producer = session.createProducer(address)) {
         for (AirportMessage message : messages) {
            String id = BODY_PREFIX + ids.incrementAndGet();
            ClientMessage core = message.toCore(session, tagProperty, id);
            sent.put(message.body() == null ? id : JMS_ID_PREFIX + core.getUserID(), message);
            producer.send(core);
         }
      }
   }

   /** The message published as {@code received}. */
   AirportMessage original(Message received) throws JMSException {
      String messageId = received.getJMSMessageID();
      AirportMessage original = messageId == null ? null : sent.get(messageId);
      if (original == null) {
         String body = received instanceof TextMessage text ? text.getText() : null;
         original = body == null ? null : sent.get(body);
      }
      if (original == null) {
         throw new AssertionError("received a message this test did not publish through RuleFilterExtension: " + received);
      }
      return original;
   }

   /** Forgets what was sent and disconnects. */
   @Override
   public void close() {
      sent.clear();
      if (sessions != null) {
         sessions.close();
         sessions = null;
      }
      if (locator != null) {
         locator.close();
         locator = null;
      }
   }

   private ClientSessionFactory sessions() throws ActiveMQException {
      if (sessions == null) {
         try {
            locator = ActiveMQClient.createServerLocator(url).setBlockOnNonDurableSend(true).setBlockOnDurableSend(true);
            sessions = locator.createSessionFactory();
         } catch (ActiveMQException e) {
            close();
            throw e;
         } catch (Exception e) {
            close();
            throw new IllegalStateException("could not connect to the in-VM broker at " + url, e);
         }
      }
      return sessions;
   }
}

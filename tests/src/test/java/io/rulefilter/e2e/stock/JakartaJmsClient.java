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
package io.rulefilter.e2e.stock;

import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.apache.qpid.jms.JmsConnectionFactory;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

/** Artemis's own JMS client (core protocol) or Qpid JMS (AMQP 1.0): both Jakarta JMS, shared durable subscriptions. */
final class JakartaJmsClient implements AirportClient {

   private final String protocol;
   private final Connection connection;
   /** Whether bodies go out as {@code BytesMessage}s of their UTF-8 bytes (over AMQP, a data section). */
   private final boolean bytes;

   private JakartaJmsClient(String protocol, ConnectionFactory factory, boolean bytes) throws Exception {
      this.protocol = protocol;
      this.bytes = bytes;
      this.connection = factory.createConnection(StockArtemis.USER, StockArtemis.PASSWORD);
      connection.start();
   }

   private JakartaJmsClient(String protocol, ConnectionFactory factory) throws Exception {
      this(protocol, factory, false);
   }

   static JakartaJmsClient core(int port) throws Exception {
      return new JakartaJmsClient("CORE", new ActiveMQConnectionFactory(
            "tcp://127.0.0.1:" + port));
   }

   static JakartaJmsClient amqp(int port) throws Exception {
      return new JakartaJmsClient("AMQP", new JmsConnectionFactory("amqp://127.0.0.1:" + port));
   }

   /** A core client that compresses the bodies it sends as large messages (those of 100 KiB and more). */
   static JakartaJmsClient coreCompressed(int port) throws Exception {
      return new JakartaJmsClient("CORE compressed", new ActiveMQConnectionFactory(
            "tcp://127.0.0.1:" + port + "?compressLargeMessage=true"));
   }

   /** A core client that publishes {@code BytesMessage}s. */
   static JakartaJmsClient coreBytes(int port) throws Exception {
      return new JakartaJmsClient("CORE bytes", new ActiveMQConnectionFactory("tcp://127.0.0.1:" + port), true);
   }

   /** An AMQP client that publishes {@code BytesMessage}s: each body a data section. */
   static JakartaJmsClient amqpBytes(int port) throws Exception {
      return new JakartaJmsClient("AMQP data", new JmsConnectionFactory("amqp://127.0.0.1:" + port), true);
   }

   @Override
   public String protocol() {
      return protocol;
   }

   @Override
   public void publish(String address, List<AirportMessage> messages) throws Exception {
      try (Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE)) {
         MessageProducer producer = session.createProducer(session.createTopic(address));
         for (AirportMessage out : messages) {
            Message message;
            if (bytes) {
               BytesMessage bytesMessage = session.createBytesMessage();
               bytesMessage.writeBytes(out.body().getBytes(StandardCharsets.UTF_8));
               message = bytesMessage;
            } else {
               message = session.createTextMessage(out.body());
            }
            if (out.tag() != null) {
               message.setJMSType(out.tag());
            }
            for (Map.Entry<String, String> attribute : out.attributes().entrySet()) {
               message.setStringProperty(attribute.getKey(), attribute.getValue());
            }
            producer.send(message);
         }
      }
   }

   @Override
   public Subscriber subscribe(String address, String name, String selector) throws Exception {
      Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
      MessageConsumer consumer = session.createSharedDurableConsumer(session.createTopic(address), name, selector);
      return new Subscriber() {
         @Override
         public String nextBody(long millis) throws Exception {
            Message m = consumer.receive(millis);
            return m == null ? null : m instanceof TextMessage text ? text.getText()
                  : new String(m.getBody(byte[].class), StandardCharsets.UTF_8); // MQTT sends bytes
         }

         @Override
         public void close() throws Exception {
            session.close();
         }
      };
   }

   @Override
   public void close() throws Exception {
      connection.close();
   }
}

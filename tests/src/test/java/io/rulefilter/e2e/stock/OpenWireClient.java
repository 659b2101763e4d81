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

import org.apache.activemq.ActiveMQConnectionFactory;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.TextMessage;
import javax.jms.TopicSubscriber;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The ActiveMQ Classic client (OpenWire, javax JMS 1.1): durable subscribers need a connection client id. */
final class OpenWireClient implements AirportClient {

   private final int port;
   private final List<Connection> connections = new ArrayList<>();

   OpenWireClient(int port) {
      this.port = port;
   }

   private Connection connect(String clientId) throws Exception {
      ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(StockArtemis.USER, StockArtemis.PASSWORD,
            "tcp://127.0.0.1:" + port);
      Connection connection = factory.createConnection();
      if (clientId != null) {
         connection.setClientID(clientId);
      }
      connection.start();
      connections.add(connection);
      return connection;
   }

   @Override
   public String protocol() {
      return "OPENWIRE";
   }

   @Override
   public void publish(String address, List<AirportMessage> messages) throws Exception {
      Connection connection = connect(null);
      try (Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE)) {
         MessageProducer producer = session.createProducer(session.createTopic(address));
         for (AirportMessage out : messages) {
            TextMessage message = session.createTextMessage(out.body());
            if (out.tag() != null) {
               message.setJMSType(out.tag());
            }
            for (Map.Entry<String, String> attribute : out.attributes().entrySet()) {
               message.setStringProperty(attribute.getKey(), attribute.getValue());
            }
            producer.send(message);
         }
      } finally {
         connection.close();
         connections.remove(connection);
      }
   }

   @Override
   public Subscriber subscribe(String address, String name, String selector) throws Exception {
      Connection connection = connect(name);
      Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
      TopicSubscriber subscriber = session.createDurableSubscriber(session.createTopic(address), name, selector, false);
      return new Subscriber() {
         @Override
         public String nextBody(long millis) throws Exception {
            Message m = subscriber.receive(millis);
            return m == null ? null : m instanceof TextMessage text ? text.getText() : bytesOf((BytesMessage) m);
         }

         @Override
         public void close() throws Exception {
            connection.close();
            connections.remove(connection);
         }
      };
   }

   @Override
   public void close() throws Exception {
      for (Connection connection : List.copyOf(connections)) {
         connection.close();
      }
   }

   /** MQTT publishers send bytes. */
   private static String bytesOf(BytesMessage message) throws JMSException {
      byte[] body = new byte[(int) message.getBodyLength()];
      message.readBytes(body);
      return new String(body, StandardCharsets.UTF_8);
   }
}

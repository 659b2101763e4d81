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
package io.rulefilter.console;

import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;

/** What the console's tests set up on a real broker: its port, subscriptions, and traffic through them. */
final class ConsoleFixtures {

   private ConsoleFixtures() {
   }

   /** A free TCP port for the broker. */
   static int freePort() throws IOException {
      try (ServerSocket socket = new ServerSocket(0)) {
         return socket.getLocalPort();
      }
   }

   /** A durable subscription {@code queue} of {@code address} whose filter is {@code rule}. */
   static void subscribe(ClientSession session, String address, String queue, String rule) throws Exception {
      session.createQueue(QueueConfiguration.of(queue).setAddress(address).setRoutingType(RoutingType.MULTICAST)
            .setFilterString(rule).setDurable(true));
   }

   /**
    * Publishes one message per tag to {@code address} (as the application user) and returns the tags {@code queue}
    * of that address then holds, in order, consuming them.
    */
   static List<String> publishAndReceive(String url, String address, String queue, List<String> tags) throws Exception {
      ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(url, "app", "app");
      try (Connection connection = factory.createConnection()) {
         connection.start();
         Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
         try (MessageProducer producer = session.createProducer(session.createTopic(address));
              MessageConsumer consumer = session.createConsumer(session.createQueue(address + "::" + queue))) {
            for (String tag : tags) {
               Message message = session.createTextMessage(tag);
               message.setJMSType(tag);
               producer.send(message);
            }
            List<String> received = new ArrayList<>();
            for (Message m = consumer.receive(5000); m != null; m = consumer.receive(500)) {
               received.add(m.getJMSType());
            }
            return received;
         }
      }
   }
}

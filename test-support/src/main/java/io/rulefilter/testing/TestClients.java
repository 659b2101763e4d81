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

import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

import java.util.function.Supplier;

/**
 * The clients a test's calls open on the broker, each at first use: the JMS connection factory and the connection its
 * subscribers share, and the publisher. Closed together when the test ends.
 */
final class TestClients {

   private final Supplier<String> url;
   private final String tagProperty;
   private ActiveMQConnectionFactory factory;
   private Publisher publisher;
   private Connection connection;

   TestClients(Supplier<String> url, String tagProperty) {
      this.url = url;
      this.tagProperty = tagProperty;
   }

   ConnectionFactory connectionFactory() {
      if (factory == null) {
         factory = new ActiveMQConnectionFactory(url.get());
         factory.setBlockOnDurableSend(true);
         factory.setBlockOnNonDurableSend(true); // when a send returns, the broker has routed the message
      }
      return factory;
   }

   Publisher publisher() {
      if (publisher == null) {
         publisher = new Publisher(url.get(), tagProperty);
      }
      return publisher;
   }

   Connection connection() throws JMSException {
      if (connection == null) {
         connection = connectionFactory().createConnection();
         connection.start();
      }
      return connection;
   }

   void close() throws JMSException {
      try {
         if (publisher != null) {
            publisher.close();
            publisher = null;
         }
         if (connection != null) {
            connection.close(); // closes every subscriber's session
            connection = null;
         }
      } finally {
         if (factory != null) {
            factory.close();
            factory = null;
         }
      }
   }
}

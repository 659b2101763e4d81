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

import io.rulefilter.selector.RuleSelector;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import org.apache.qpid.jms.JmsConnectionFactory;

/** The manual's AMQP 1.0 subscriber (Qpid JMS), word for word between the markers. */
final class AmqpSubscriberExample {

   private AmqpSubscriberExample() {
   }

   /** The connection (to close) and the subscriber. */
   record Subscribed(Connection connection, MessageConsumer bags) {
   }

   static Subscribed subscribe(String url) throws JMSException {
      // README begin
      ConnectionFactory factory = new JmsConnectionFactory("admin", "admin", url);   // amqp://127.0.0.1:5672
      Connection connection = factory.createConnection();
      Session session = connection.createSession();
      String selector = RuleSelector.of("@tag beg BS and airline weq CA");   // Qpid JMS checks selectors: selector form
      MessageConsumer bags = session.createSharedDurableConsumer(session.createTopic("airport.events"), "bags", selector);
      connection.start();
      // README end
      return new Subscribed(connection, bags);
   }
}

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
import org.apache.activemq.ActiveMQConnectionFactory;

import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Session;
import javax.jms.TopicSubscriber;

/** The manual's OpenWire subscriber (ActiveMQ Classic client), word for word between the markers. */
final class OpenWireSubscriberExample {

   private OpenWireSubscriberExample() {
   }

   /** The connection (to close) and the subscriber. */
   record Subscribed(Connection connection, TopicSubscriber bags) {
   }

   static Subscribed subscribe(String url) throws JMSException {
      // README begin
      ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory("admin", "admin", url);   // tcp://127.0.0.1:61616
      Connection connection = factory.createConnection();
      connection.setClientID("baggage-hall");
      Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
      String selector = RuleSelector.of("@tag beg BS and airline weq CA");   // the client checks selectors: selector form
      TopicSubscriber bags = session.createDurableSubscriber(session.createTopic("airport.events"), "bags", selector, false);
      connection.start();
      // README end
      return new Subscribed(connection, bags);
   }
}

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
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.Topic;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

/** The README's quick-start subscriber, word for word between the markers. */
final class QuickStartExample {

   private QuickStartExample() {
   }

   /** What the two consumers received: the first message of each. */
   record Received(Message bag, Message ca) {
   }

   static Received subscribeAndReceive(String url, Runnable whenSubscribed) throws JMSException {
      // README begin
      ConnectionFactory factory = new ActiveMQConnectionFactory(url, "app", "app");   // tcp://127.0.0.1:61616
      try (Connection connection = factory.createConnection()) {
         Session session = connection.createSession();
         Topic events = session.createTopic("airport.events");
         MessageConsumer bags = session.createSharedDurableConsumer(events, "baggage", "@tag beg BS");          // raw rule
         MessageConsumer ca = session.createConsumer(events, RuleSelector.of("airline weq CA and bagCount gt 2")); // selector form
         connection.start();
         // README end
         whenSubscribed.run();
         return new Received(bags.receive(5_000), ca.receive(5_000));
      }
   }
}

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
package io.rulefilter.e2e;

import jakarta.jms.Connection;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

/** Connections to a broker known only by its URL (e.g. one running in another process). */
final class TestBrokerFactory {

   private TestBrokerFactory() {
   }

   /** Connections as user {@code app}, with blocking sends so that a publish has been routed when it returns. */
   static ActiveMQConnectionFactory connectionFactory(String url) {
      ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(url);
      factory.setUser(TestBroker.APP);
      factory.setPassword(TestBroker.APP);
      factory.setBlockOnDurableSend(true);
      factory.setBlockOnNonDurableSend(true);
      return factory;
   }

   static Connection connect(String url, String clientId) throws Exception {
      Connection connection = connectionFactory(url).createConnection();
      if (clientId != null) {
         connection.setClientID(clientId);
      }
      connection.start();
      return connection;
   }
}

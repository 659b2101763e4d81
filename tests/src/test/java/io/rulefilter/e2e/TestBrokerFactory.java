package io.rulefilter.e2e;

import jakarta.jms.Connection;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

/** Connections to a broker known only by its URL (e.g. one running in another process). */
final class TestBrokerFactory {

   private TestBrokerFactory() {
   }

   static Connection connect(String url, String clientId) throws Exception {
      ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(url);
      factory.setUser(TestBroker.APP);
      factory.setPassword(TestBroker.APP);
      factory.setBlockOnDurableSend(true);
      factory.setBlockOnNonDurableSend(true);
      Connection connection = factory.createConnection();
      if (clientId != null) {
         connection.setClientID(clientId);
      }
      connection.start();
      return connection;
   }
}

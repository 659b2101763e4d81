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

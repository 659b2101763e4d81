package io.rulefilter.e2e.stock;

import io.rulefilter.selector.RuleSelector;
import org.apache.activemq.ActiveMQConnectionFactory;

import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Session;
import javax.jms.TopicSubscriber;

/** The README's OpenWire subscriber (ActiveMQ Classic client), word for word between the markers. */
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

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

import io.rulefilter.RuleLanguage;
import io.rulefilter.artemis.PluginSettings;
import io.rulefilter.artemis.RuleFilterPlugin;
import io.rulefilter.artemis.management.RuleFilterControlMBean;
import io.rulefilter.artemis.subscription.SubscriptionInfo;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.api.core.client.ClientProducer;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.api.core.client.ServerLocator;
import org.apache.activemq.artemis.api.core.TransportConfiguration;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.postoffice.Binding;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;
import org.apache.activemq.artemis.core.remoting.impl.invm.InVMAcceptorFactory;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.Queue;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.apache.activemq.artemis.junit.EmbeddedActiveMQExtension;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A JUnit 5 extension: an in-VM Artemis 2.56.0 with RuleFilter (no network, no disk), for testing rules.
 * <pre>{@code
 * @RegisterExtension
 * static RuleFilterExtension broker = new RuleFilterExtension();
 * }</pre>
 * In a static field the broker runs for the whole class, in an instance field for each test; either way every
 * test starts on an empty broker (no queues, no addresses, no rules). It is Artemis's
 * {@link EmbeddedActiveMQExtension}, so its operations (send, receive, queues) are there too.
 */
public class RuleFilterExtension extends EmbeddedActiveMQExtension
      implements BeforeAllCallback, BeforeEachCallback, AfterEachCallback, AfterAllCallback {

   private static final AtomicInteger SERVER_IDS = new AtomicInteger(7_300);
   private static final String BODY_PREFIX = "rulefilter-test:";

   private final RuleLanguage language;
   private final String tagProperty;
   private final Map<String, AirportMessage> published = new ConcurrentHashMap<>();
   private final List<Subscriber> subscribers = new ArrayList<>();
   private final AtomicLong ids = new AtomicLong();
   private ActiveMQConnectionFactory factory;
   private ServerLocator locator;
   private ClientSessionFactory publishers;
   private Connection connection;
   private boolean running;
   private boolean startedForTest;

   /** RuleFilter with its default settings. */
   public RuleFilterExtension() {
      this(Map.of());
   }

   /** RuleFilter with these plugin settings (as in broker.xml, e.g. {@code tag-property=msgType}). */
   public RuleFilterExtension(Map<String, String> pluginSettings) {
      this(PluginSettings.from(pluginSettings), SERVER_IDS.incrementAndGet());
   }

   private RuleFilterExtension(PluginSettings settings, int serverId) {
      super(configuration(settings, serverId));
      this.language = RuleLanguage.of(settings.model().tagProperty(), settings.limits());
      this.tagProperty = settings.model().tagProperty();
   }

   private static Configuration configuration(PluginSettings settings, int serverId) {
      Configuration configuration = new ConfigurationImpl().setName("rulefilter-test-" + serverId)
            .setPersistenceEnabled(false).setSecurityEnabled(false).setJMXManagementEnabled(false)
            .setCriticalAnalyzer(false).setMaxDiskUsage(-1).addAcceptorConfiguration(new TransportConfiguration(
                  InVMAcceptorFactory.class.getName(), Map.of("serverId", serverId), "in-vm"));
      configuration.registerBrokerPlugin(new RuleFilterPlugin(settings));
      return configuration;
   }

   // ---- lifecycle ----

   @Override
   public void beforeAll(ExtensionContext context) throws Exception {
      super.beforeAll(context);
      running = true;
   }

   @Override
   public void beforeEach(ExtensionContext context) {
      if (!running) { // an instance field: a broker for this test alone
         start();
         running = true;
         startedForTest = true;
      }
   }

   @Override
   public void afterEach(ExtensionContext context) throws Exception {
      if (startedForTest) {
         closeClients();
         stop();
         running = false;
         startedForTest = false;
      } else {
         reset();
      }
   }

   @Override
   public void afterAll(ExtensionContext context) throws Exception {
      closeClients();
      running = false;
      super.afterAll(context);
   }

   /** Back to an empty broker: subscribers closed, every queue, address and address rule gone. */
   private void reset() throws Exception {
      closeClients();
      ActiveMQServer server = server();
      for (Binding binding : server.getPostOffice().getAllBindings().toList()) {
         if (binding instanceof LocalQueueBinding local && !local.getQueue().isInternalQueue()) {
            server.destroyQueue(local.getQueue().getName(), null, false, true);
         }
      }
      plugin().management().addressRules().forEach(rule -> removeAddressRule(rule.address()));
      for (SimpleString address : List.copyOf(server.getPostOffice().getAddresses())) {
         if (!address.toString().startsWith("activemq.")) {
            server.removeAddressInfo(address, null, true);
         }
      }
   }

   private void removeAddressRule(String address) {
      try {
         management().removeAddressRule(address);
      } catch (Exception e) {
         throw new IllegalStateException("could not remove the address rule of '" + address + "'", e);
      }
   }

   private void closeClients() throws JMSException {
      for (Subscriber subscriber : subscribers) {
         subscriber.close();
      }
      subscribers.clear();
      published.clear();
      if (connection != null) {
         connection.close();
         connection = null;
      }
      if (factory != null) {
         factory.close();
         factory = null;
      }
      if (publishers != null) {
         publishers.close();
         locator.close();
         publishers = null;
      }
   }

   // ---- what tests use ----

   /** A JMS connection factory for this broker (in-VM). */
   public ConnectionFactory connectionFactory() {
      if (factory == null) {
         factory = new ActiveMQConnectionFactory(getVmURL());
         factory.setBlockOnDurableSend(true);
         factory.setBlockOnNonDurableSend(true); // when publish returns, the broker has routed the message
      }
      return factory;
   }

   /**
    * Subscribes to the multicast {@code address} as a JMS subscriber does: a shared durable subscription named
    * {@code subscription} whose selector carries {@code rule} (null: no rule). Its consumer stays open until the
    * test ends.
    */
   public Subscriber subscribe(String address, String subscription, String rule) throws JMSException {
      String selector = rule == null ? null : language.selector(language.parse(rule));
      Session session = connection().createSession(Session.AUTO_ACKNOWLEDGE);
      MessageConsumer consumer = session.createSharedDurableConsumer(session.createTopic(address), subscription, selector);
      Queue queue = server().locateQueue(SimpleString.of(subscription));
      if (queue == null) {
         session.close();
         throw new IllegalArgumentException("subscription '" + subscription + "': no queue of that name was created "
               + "(the JMS client escapes names with '.' or '\\'; use a name without them)");
      }
      Subscriber subscriber = new Subscriber(this, address, subscription, session, consumer, queue);
      subscribers.add(subscriber);
      return subscriber;
   }

   /** Publishes the messages to the multicast {@code address}, in order; returns once the broker has routed them. */
   public void publish(String address, AirportMessage... messages) throws ActiveMQException {
      try (ClientSession session = publishers().createSession(); ClientProducer producer = session.createProducer(address)) {
         for (AirportMessage message : messages) {
            String id = BODY_PREFIX + ids.incrementAndGet();
            published.put(id, message);
            producer.send(message.toCore(session, tagProperty, id));
         }
      }
   }

   /** Changes the subscriber's rule as an operator does (management {@code setRule}): the next message obeys it. */
   public void setRule(Subscriber subscriber, String rule) throws Exception {
      management().setRule(subscriber.address(), subscriber.name(), rule);
   }

   /** RuleFilter's management operations (what JMX and the management address offer), results as JSON. */
   public RuleFilterControlMBean management() {
      return (RuleFilterControlMBean) server().getManagementService().getResource(RuleFilterControlMBean.RESOURCE_NAME);
   }

   /** Assertions on what {@code rule} delivers: {@code assertThatRule(rule).delivers(a, b).of(a, b, c)}. */
   public RuleAssert assertThatRule(String rule) {
      return new RuleAssert(this, rule);
   }

   /** The rule language as this broker's RuleFilter reads rules (its tag property and limits). */
   public RuleLanguage language() {
      return language;
   }

   // ---- for the package ----

   Subscriber subscribeAlone(String rule) throws JMSException {
      long n = ids.incrementAndGet();
      return subscribe("rulefilter.test.address-" + n, "rulefilter-test-subscriber-" + n, rule);
   }

   AirportMessage published(Message message) throws JMSException {
      String body = message instanceof TextMessage text ? text.getText() : null;
      AirportMessage original = body == null ? null : published.get(body);
      if (original == null) {
         throw new AssertionError("received a message this test did not publish through RuleFilterExtension: " + message);
      }
      return original;
   }

   /** The rule in force for the subscriber (its own and its address's), or null when none filters it. */
   String ruleOf(Subscriber subscriber) {
      SubscriptionInfo info = plugin().management().get(subscriber.address(), subscriber.name());
      if (info == null || !info.enabled()) {
         return null;
      }
      if (info.addressRule() == null) {
         return info.rule();
      }
      return info.rule() == null ? info.addressRule() : "(" + info.addressRule() + ") and (" + info.rule() + ")";
   }

   private ClientSessionFactory publishers() throws ActiveMQException {
      if (publishers == null) {
         try {
            locator = ActiveMQClient.createServerLocator(getVmURL()).setBlockOnNonDurableSend(true)
                  .setBlockOnDurableSend(true); // when publish returns, the broker has routed the message
            publishers = locator.createSessionFactory();
         } catch (ActiveMQException e) {
            throw e;
         } catch (Exception e) {
            throw new IllegalStateException("could not connect to the in-VM broker at " + getVmURL(), e);
         }
      }
      return publishers;
   }

   private Connection connection() throws JMSException {
      if (connection == null) {
         connection = connectionFactory().createConnection();
         connection.start();
      }
      return connection;
   }

   private ActiveMQServer server() {
      if (!running) {
         throw new IllegalStateException("the broker is not running: register RuleFilterExtension with @RegisterExtension");
      }
      return getServer().getActiveMQServer();
   }

   private RuleFilterPlugin plugin() {
      return server().getBrokerPlugins().stream().filter(RuleFilterPlugin.class::isInstance)
            .map(RuleFilterPlugin.class::cast).findFirst().orElseThrow();
   }
}

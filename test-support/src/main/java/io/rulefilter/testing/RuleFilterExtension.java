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
import io.rulefilter.artemis.internal.PluginParts;
import io.rulefilter.artemis.management.RuleFilterControlMBean;
import io.rulefilter.artemis.subscription.SubscriptionInfo;
import io.rulefilter.testing.internal.EmbeddedTestBroker;
import io.rulefilter.testing.internal.TestBrokerConfig;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.Queue;
import org.apache.activemq.artemis.jms.client.ActiveMQDestination;
import org.apache.activemq.artemis.junit.EmbeddedActiveMQExtension;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A JUnit 5 extension: an in-VM Artemis 2.56.0 with RuleFilter for testing rules (no network port, persistence
 * off, Artemis's disk-usage guard off).
 * <pre>{@code
 * @RegisterExtension
 * static RuleFilterExtension broker = new RuleFilterExtension();
 * }</pre>
 * In a static field one broker serves the whole class, its {@code @Nested} classes included; in an instance field
 * each test gets its own (each class, under {@code @TestInstance(PER_CLASS)}). Either way every test starts on an
 * empty broker: no queues, diverts, addresses or rules. It is Artemis's {@link EmbeddedActiveMQExtension}, so its
 * operations (queues, send, receive) are there too; a {@link Subscriber} recognises only messages published through
 * {@link #publish}. Use it, and the {@link Subscriber}s it returns, from the test's own thread.
 */
public class RuleFilterExtension extends EmbeddedActiveMQExtension
      implements BeforeAllCallback, BeforeEachCallback, AfterEachCallback, AfterAllCallback {

   private static final AtomicInteger SERVER_IDS = new AtomicInteger(7_300);

   private final RuleLanguage language;
   private final List<Subscriber> subscribers = new ArrayList<>();
   private final AtomicLong ids = new AtomicLong();
   private final TestClients clients;
   private boolean running;
   private boolean startedForTest;
   /** The container (class) whose beforeAll started the broker: only its afterAll stops it. */
   private String startedBy;

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
      this.clients = new TestClients(this::getVmURL, settings.model().tagProperty());
   }

   private static Configuration configuration(PluginSettings settings, int serverId) {
      return TestBrokerConfig.named("rulefilter-test-" + serverId).inVmAcceptor("in-vm", serverId).ruleFilter(settings)
            .build();
   }

   // ---- lifecycle ----

   @Override
   public void beforeAll(ExtensionContext context) throws Exception {
      if (running) { // JUnit calls an enclosing class's extension again for each @Nested container
         return;
      }
      super.beforeAll(context);
      running = true;
      startedBy = context.getUniqueId();
   }

   @Override
   public void beforeEach(ExtensionContext context) {
      if (!running) { // an instance field: a broker for this test alone
         startedForTest = true; // afterEach stops what start() may have half started
         start();
         running = true;
      }
   }

   @Override
   public void afterEach(ExtensionContext context) throws Exception {
      if (startedForTest) {
         try {
            closeClients();
         } finally {
            running = false;
            startedForTest = false;
            stop();
         }
      } else {
         try {
            closeClients();
         } finally {
            BrokerReset.empty(server());
         }
      }
   }

   @Override
   public void afterAll(ExtensionContext context) throws Exception {
      if (!context.getUniqueId().equals(startedBy)) { // a @Nested container's end, or a beforeAll that never ran
         return;
      }
      startedBy = null;
      try {
         closeClients();
      } finally {
         running = false;
         super.afterAll(context);
      }
   }

   private void closeClients() throws JMSException {
      subscribers.clear();
      clients.close();
   }

   // ---- what tests use ----

   /** A JMS connection factory for this broker (in-VM). */
   public ConnectionFactory connectionFactory() {
      return clients.connectionFactory();
   }

   /**
    * Subscribes to the multicast {@code address} as a JMS subscriber does: a shared durable subscription named
    * {@code subscription} whose selector carries {@code rule} (null: no rule). Its consumer stays open until the
    * test ends. A name already subscribed is refused: change a subscriber's rule with {@link #setRule}.
    */
   public Subscriber subscribe(String address, String subscription, String rule) throws JMSException {
      String selector = rule == null ? null : language.selector(language.parse(rule));
      SimpleString queueName = ActiveMQDestination.createQueueNameForSubscription(true, null, subscription);
      if (server().locateQueue(queueName) != null) {
         throw new IllegalArgumentException("subscription '" + subscription + "' exists already in this test; "
               + "use setRule(subscriber, rule) to change its rule");
      }
      Session session = clients.connection().createSession(Session.AUTO_ACKNOWLEDGE);
      try {
         MessageConsumer consumer = session.createSharedDurableConsumer(session.createTopic(address), subscription, selector);
         Queue queue = server().locateQueue(queueName);
         if (queue == null) {
            throw new IllegalStateException("subscription '" + subscription + "': Artemis created no queue named '"
                  + queueName + "'");
         }
         Subscriber subscriber = new Subscriber(this, address, subscription, consumer, queue);
         subscribers.add(subscriber);
         return subscriber;
      } catch (JMSException | RuntimeException e) {
         session.close();
         throw e;
      }
   }

   /** Publishes the messages to the multicast {@code address}, in order; returns once the broker has routed them. */
   public void publish(String address, AirportMessage... messages) throws ActiveMQException {
      for (Subscriber subscriber : subscribers) {
         if (subscriber.address().equals(address)) {
            String rule = ruleOf(subscriber);
            Arrays.stream(messages).forEach(message -> subscriber.publishing(message, rule));
         }
      }
      clients.publisher().publish(address, Arrays.asList(messages));
   }

   /** Changes the subscriber's rule as an operator does (management {@code setRule}): the next message obeys it. */
   public void setRule(Subscriber subscriber, String rule) throws Exception {
      management().setRule(subscriber.address(), subscriber.queueName(), rule);
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

   AirportMessage original(Message received) throws JMSException {
      return clients.publisher().original(received);
   }

   /** The rule in force for the subscriber (its own and its address's), or null when none filters it. */
   String ruleOf(Subscriber subscriber) {
      SubscriptionInfo info = PluginParts.management(plugin()).get(subscriber.address(), subscriber.queueName());
      if (info == null || !info.enabled()) {
         return null;
      }
      if (info.addressRule() == null) {
         return info.rule();
      }
      return info.rule() == null ? info.addressRule() : "(" + info.addressRule() + ") and (" + info.rule() + ")";
   }

   private ActiveMQServer server() {
      if (!running) {
         throw new IllegalStateException("the broker is not running: register RuleFilterExtension with @RegisterExtension "
               + "(if it is registered, its start failed: see the error reported before this one)");
      }
      return getServer().getActiveMQServer();
   }

   private RuleFilterPlugin plugin() {
      return EmbeddedTestBroker.pluginOf(server());
   }
}

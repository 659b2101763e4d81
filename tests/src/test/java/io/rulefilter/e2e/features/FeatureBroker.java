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
package io.rulefilter.e2e.features;

import io.rulefilter.artemis.internal.PluginParts;
import io.rulefilter.e2e.HeldMessages;
import io.rulefilter.e2e.Scratch;
import io.rulefilter.RuleLanguage;
import io.rulefilter.artemis.PluginSettings;
import io.rulefilter.artemis.RuleFilterPlugin;
import io.rulefilter.artemis.management.RuleManagement;
import io.rulefilter.testing.internal.EmbeddedTestBroker;
import io.rulefilter.testing.internal.FreePorts;
import io.rulefilter.testing.internal.TestBrokerConfig;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.management.ActiveMQServerControl;
import org.apache.activemq.artemis.api.core.management.QueueControl;
import org.apache.activemq.artemis.api.core.management.ResourceNames;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.Queue;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import jakarta.jms.MessageConsumer;

/**
 * One broker of a feature test: plain Artemis 2.56.0, or the same broker with RuleFilter, its index on or off. Every
 * kind is configured alike (persistent NIO journal in its own directory, security off, one core acceptor on a free
 * loopback port), so a scenario run on each shows what RuleFilter changes and nothing else.
 */
final class FeatureBroker implements AutoCloseable {

   /** Which broker. */
   enum Kind {
      PLAIN, INDEX_ON, INDEX_OFF;

      boolean hasRules() {
         return this != PLAIN;
      }
   }

   private static final RuleLanguage LANGUAGE = RuleLanguage.standard();

   private final Kind kind;
   private final String url;
   private final EmbeddedTestBroker broker;
   private ActiveMQConnectionFactory factory;

   private FeatureBroker(Kind kind, String url, EmbeddedTestBroker broker) {
      this.kind = kind;
      this.url = url;
      this.broker = broker;
      openFactory();
   }

   static FeatureBroker start(Kind kind, Consumer<Configuration> configure) throws Exception {
      int port = FreePorts.any();
      TestBrokerConfig config = TestBrokerConfig.named("feature-" + kind).journalIn(Scratch.directory("rulefilter-feature"))
            .tcpAcceptor("core", port, "CORE").and(c -> c.setJournalPoolFiles(4).setJournalMinFiles(2));
      if (kind.hasRules()) {
         config.ruleFilter(Map.of(PluginSettings.ROUTING_INDEX, Boolean.toString(kind == Kind.INDEX_ON)));
      }
      return new FeatureBroker(kind, "tcp://127.0.0.1:" + port, EmbeddedTestBroker.start(config.and(configure)));
   }

   private void openFactory() {
      factory = new ActiveMQConnectionFactory(url);
      factory.setBlockOnDurableSend(true);
      factory.setBlockOnNonDurableSend(true);
   }

   Kind kind() {
      return kind;
   }

   ActiveMQServer server() {
      return broker.server();
   }

   ActiveMQConnectionFactory factory() {
      return factory;
   }

   Connection connect() throws JMSException {
      Connection connection = factory.createConnection();
      connection.start();
      return connection;
   }

   /** RuleFilter's management operations; only on brokers with RuleFilter. */
   RuleManagement rules() {
      return PluginParts.management(plugin());
   }

   RuleFilterPlugin plugin() {
      return broker.plugin();
   }

   /** Whether RuleFilter routes the address through its index now (false on plain Artemis). */
   boolean indexed(String address) {
      return kind.hasRules() && PluginParts.registry(plugin()).queries().routing(address).indexed();
   }

   /**
    * A shared durable subscription; on brokers with RuleFilter its selector is the rule in the selector form, on
    * plain Artemis it has none (the scenario's expectation applies the rule afterwards).
    */
   void subscribe(String topic, String subscription, String rule) throws JMSException {
      try (Connection connection = connect(); Session session = connection.createSession()) {
         String selector = rule == null || !kind.hasRules() ? null : LANGUAGE.selector(LANGUAGE.parse(rule));
         session.createSharedDurableConsumer(session.createTopic(topic), subscription, selector).close();
      }
   }

   /** Publishes to {@code address} (a topic), numbering the messages as the traffic does. */
   void publish(String address, List<Traffic.Out> messages) throws JMSException {
      try (Connection connection = connect(); Session session = connection.createSession()) {
         MessageProducer producer = session.createProducer(session.createTopic(address));
         for (Traffic.Out out : messages) {
            producer.send(out.toJms(session));
         }
      }
   }

   /**
    * The seq numbers a queue holds, in queue order, read on the broker (a browser may stop early). Waits first for
    * this thread's pending journal operations and the queue's executor, so that what was routed or committed (a
    * retry, a move) has reached the queue.
    */
   List<Integer> held(String queue) throws Exception {
      server().getStorageManager().waitOnOperations();
      Queue q = server().locateQueue(SimpleString.of(queue));
      if (q == null) {
         throw new IllegalStateException("no queue " + queue + " on " + kind);
      }
      return HeldMessages.seqs(q, Traffic.SEQ);
   }

   /** Receives everything a consumer gets until nothing more arrives for a while. */
   static List<Integer> drain(MessageConsumer consumer) throws JMSException {
      List<Integer> seqs = new ArrayList<>();
      for (Message m; (m = consumer.receive(seqs.isEmpty() ? 2_000 : 500)) != null; ) {
         seqs.add(m.getIntProperty(Traffic.SEQ));
      }
      return seqs;
   }

   /**
    * The sequence numbers of what arrives, for messages another node forwards: waits up to 30 s for each of the
    * {@code expected} ones (a cross-node delivery on a loaded machine), then as {@link #drain} for any more.
    */
   static List<Integer> drainForwarded(MessageConsumer consumer, int expected) throws JMSException {
      List<Integer> seqs = new ArrayList<>();
      for (Message m; seqs.size() < expected && (m = consumer.receive(30_000)) != null; ) {
         seqs.add(m.getIntProperty(Traffic.SEQ));
      }
      for (Message m; (m = consumer.receive(500)) != null; ) {
         seqs.add(m.getIntProperty(Traffic.SEQ));
      }
      return seqs;
   }

   /**
    * Waits until {@code queue} holds {@code count} messages: a management operation (expiry, retry, move) commits
    * on Artemis's own threads and adds its messages to their queues when the journal confirms the commit.
    */
   void awaitCount(String queue, long count) throws Exception {
      Queue q = server().locateQueue(SimpleString.of(queue));
      long deadline = System.nanoTime() + 10_000_000_000L;
      while (q.getMessageCount() != count) {
         if (System.nanoTime() > deadline) {
            throw new AssertionError(queue + " holds " + q.getMessageCount() + " messages, not " + count + ", after 10 s");
         }
         Thread.sleep(10);
      }
   }

   QueueControl queueControl(String queue) {
      return (QueueControl) server().getManagementService().getResource(ResourceNames.QUEUE + queue);
   }

   ActiveMQServerControl serverControl() {
      return server().getActiveMQServerControl();
   }

   /** Stops cleanly and starts again on the same journal. */
   void restart() throws Exception {
      factory.close();
      broker.restart();
      openFactory();
   }

   @Override
   public void close() throws Exception {
      try {
         factory.close();
      } finally {
         broker.close();
      }
   }
}

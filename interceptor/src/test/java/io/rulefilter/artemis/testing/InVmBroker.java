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
package io.rulefilter.artemis.testing;

import io.rulefilter.RuleLanguage;
import io.rulefilter.artemis.PluginSettings;
import io.rulefilter.artemis.RuleFilterPlugin;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.api.core.client.ClientConsumer;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.api.core.client.ServerLocator;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.utils.FileUtil;
import org.apache.activemq.artemis.core.message.impl.CoreMessage;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.Queue;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.apache.activemq.artemis.core.server.impl.RoutingContextImpl;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A real Artemis broker with RuleFilter, in this JVM and without network: for the plugin's unit tests, which drive
 * its parts through Artemis itself (creating queues, routing messages) rather than through mocks. The other test
 * brokers are built by test-support's {@code EmbeddedTestBroker}, which this module cannot use (test-support depends
 * on it: a Maven cycle); {@link InVmBrokerConfig} describes this one in the same shape.
 */
public final class InVmBroker implements AutoCloseable {

   private static final RuleLanguage LANGUAGE = RuleLanguage.standard();
   private final EmbeddedActiveMQ embedded = new EmbeddedActiveMQ();
   private final Path data;
   private long nextMessageId = 1;
   private ServerLocator locator;
   private ClientSessionFactory sessions;
   private ClientSession client;

   private PluginSettings plugin;

   private InVmBroker(Configuration configuration, Path data) throws Exception {
      this.data = data;
      embedded.setConfiguration(configuration);
      embedded.start();
   }

   public static InVmBroker start(Map<String, String> pluginProperties, Consumer<Configuration> configure) throws Exception {
      Path data = Files.createTempDirectory("rulefilter-unit");
      PluginSettings settings = PluginSettings.from(pluginProperties);
      InVmBroker broker = new InVmBroker(InVmBrokerConfig.named("unit", data).inVmAcceptor("invm", 0).ruleFilter(settings)
            .and(configure).build(), data);
      broker.plugin = settings;
      return broker;
   }

   public static InVmBroker start() throws Exception {
      return start(Map.of(), config -> { });
   }

   public ActiveMQServer server() {
      return embedded.getActiveMQServer();
   }

   public RuleFilterPlugin plugin() {
      return server().getBrokerPlugins().stream().filter(RuleFilterPlugin.class::isInstance)
            .map(RuleFilterPlugin.class::cast).findFirst().orElseThrow();
   }

   /** A multicast subscription queue on {@code address} with {@code rule} (null: no filter) in the selector form. */
   public Queue subscription(String address, String queue, String rule) throws Exception {
      return server().createQueue(QueueConfiguration.of(queue).setAddress(address).setRoutingType(RoutingType.MULTICAST)
            .setFilterString(rule == null ? null : LANGUAGE.selector(LANGUAGE.parse(rule))).setAutoCreateAddress(true));
   }

   /** A core message with a tag and properties. */
   public Message message(String address, String tag, Map<String, Object> properties) {
      CoreMessage message = new CoreMessage(nextMessageId++, 256);
      message.setAddress(address);
      if (tag != null) {
         message.putStringProperty("JMSType", tag);
      }
      properties.forEach(message::putObjectProperty);
      return message;
   }

   /** The names of the queues Artemis routes {@code message} to (nothing is enqueued). */
   public List<String> routes(Message message) throws Exception {
      RoutingContextImpl context = new RoutingContextImpl(null);
      server().getPostOffice().getBindingsForAddress(message.getAddressSimpleString()).route(message, context);
      return context.getContexListing().values().stream()
            .flatMap(list -> Stream.concat(list.getDurableQueues().stream(), list.getNonDurableQueues().stream()))
            .map(q -> q.getName().toString()).sorted().toList();
   }

   /** Stops and starts again on the same journal, with a new plugin instance that has {@code pluginProperties}. */
   public void restart(Map<String, String> pluginProperties) throws Exception {
      plugin = PluginSettings.from(pluginProperties);
      restart();
   }

   /** Stops and starts again on the same journal, with a new plugin instance. */
   public void restart() throws Exception {
      embedded.stop();
      Configuration config = embedded.getConfiguration();
      PluginSettings settings = plugin == null ? PluginSettings.DEFAULT : plugin;
      // from every hook list: clearing getBrokerPlugins() alone left the old instance in the queue and binding hooks
      List.copyOf(config.getBrokerPlugins()).forEach(config::unRegisterBrokerPlugin);
      config.registerBrokerPlugin(new RuleFilterPlugin(settings));
      embedded.start();
   }

   public Queue queue(String name) {
      return server().locateQueue(SimpleString.of(name));
   }

   /** A core client session on this broker (auto-commit, acknowledgements sent at once), closed with the broker. */
   public ClientSession client() throws Exception {
      if (client == null) {
         locator = ActiveMQClient.createServerLocator("vm://0");
         sessions = locator.createSessionFactory();
         client = sessions.createSession(true, true, 0);
      }
      return client;
   }

   /** The {@code property} of every message {@code consumer} receives until it stays quiet, acknowledging each. */
   public static List<String> receiveAll(ClientConsumer consumer, String property) throws Exception {
      List<String> values = new ArrayList<>();
      for (ClientMessage m = consumer.receive(2_000); m != null; m = consumer.receive(300)) {
         values.add(m.getStringProperty(property));
         m.acknowledge();
      }
      return values;
   }

   /**
    * Returns once {@code queue} has taken in every message routed to it before the call (Artemis's
    * {@code flushExecutor} may return while its last task still runs): a marker queued behind them has run.
    */
   public static void awaitIntake(Queue queue) throws InterruptedException {
      CountDownLatch done = new CountDownLatch(1);
      queue.flushOnIntermediate(done::countDown);
      if (!done.await(10, TimeUnit.SECONDS)) {
         throw new AssertionError("queue " + queue.getName() + " stayed busy for 10 s");
      }
   }

   @Override
   public void close() throws Exception {
      if (client != null) {
         client.close();
         sessions.close();
         locator.close();
      }
      embedded.stop();
      FileUtil.deleteDirectory(data.toFile()); // journals left behind fill the disk, and Artemis then blocks producers
   }
}

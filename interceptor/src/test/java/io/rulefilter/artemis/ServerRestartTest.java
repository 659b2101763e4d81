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
package io.rulefilter.artemis;

import io.micrometer.core.instrument.MeterRegistry;
import io.rulefilter.RuleLanguage;
import io.rulefilter.artemis.testing.InVmBroker;
import io.rulefilter.artemis.testing.InVmBrokerConfig;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.api.core.client.ServerLocator;
import org.apache.activemq.artemis.core.config.ClusterConnectionConfiguration;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.MetricsConfiguration;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.ActiveMQServers;
import org.apache.activemq.artemis.core.server.impl.ActiveMQServerImpl;
import org.apache.activemq.artemis.core.server.metrics.plugins.SimpleMetricsPlugin;
import org.apache.activemq.artemis.utils.FileUtil;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Artemis starts a stopped server again on the same server object with the same plugin instance (HA fail-back in
 * one JVM, a backup restarted in place): it calls {@code registered} anew and never {@code unregistered}. Each life
 * wires its own parts; nothing of an earlier life may stay on the server: no activation callback that would prune
 * the store of a stopped journal at every activation, no guard of forwarded messages, no consumer rules enforcing
 * the rules of consumers that are gone.
 */
class ServerRestartTest {

   private static final long WAIT_SECONDS = 60;
   private static final int RESTARTS = 3;
   private static final RuleLanguage LANGUAGE = RuleLanguage.standard();
   /** A rule on attribute keys: its SQL is TRUE, a superset, so RuleFilter enforces it for the consumer. */
   private static final String KEY_RULE = "@attr beg rem";

   @Test
   void aClusterNodeStartedAgainKeepsNothingOfItsEarlierLives() throws Exception {
      assertThat(LANGUAGE.translate(LANGUAGE.parse(KEY_RULE)).isExact()).as("the premise").isFalse();
      Path data = Files.createTempDirectory("rulefilter-restart");
      ActiveMQServer node = ActiveMQServers.newActiveMQServer(configuration("node", 51, 52, data));
      ActiveMQServer other = ActiveMQServers.newActiveMQServer(configuration("other", 52, 51, data));
      try {
         node.start();
         other.start();
         node.createQueue(QueueConfiguration.of("work").setRoutingType(RoutingType.ANYCAST).setAutoCreateAddress(true));
         for (int life = 0; life < RESTARTS; life++) {
            try (ServerLocator locator = ActiveMQClient.createServerLocator("vm://51");
                 ClientSessionFactory sessions = locator.createSessionFactory();
                 ClientSession session = sessions.createSession()) {
               session.createConsumer("work", LANGUAGE.selector(LANGUAGE.parse(KEY_RULE)));
               assertThat(count(node, "protocol.ConsumerRules")).as("consumer rules while the consumer is open").isEqualTo(1);
               node.stop(); // the consumer goes with the broker, never closed
            }
            node.start();
            assertThat(node.waitForActivation(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
         }
         assertThat(((ActiveMQServerImpl) node).getActivateCallbacks()).as("RuleFilter's activation callbacks after "
               + RESTARTS + " restarts").filteredOn(c -> c.getClass().getName().startsWith("io.rulefilter.")).hasSize(1);
         assertThat(count(node, "cluster.ForwardedMessageGuard")).as("guards of forwarded messages").isEqualTo(1);
         assertThat(count(node, "protocol.ConsumerRules")).as("consumer rules, no rule consumer open").isZero();
      } finally {
         other.stop();
         node.stop();
         FileUtil.deleteDirectory(data.toFile());
      }
   }

   /**
    * The metrics plugin, and so its meter registry, outlives the restart: the counters of a subscription are this
    * life's, not meters of the earlier life that Micrometer would hand back for the same name and tags.
    */
   @Test
   void aRestartedBrokersMetersCountThisLifesMessages() throws Exception {
      try (InVmBroker broker = InVmBroker.start(Map.of(), config -> config.setMetricsConfiguration(
            new MetricsConfiguration().setPlugin(new SimpleMetricsPlugin().init(Map.of()))))) {
         broker.subscription("airport.events", "loads", "@tag beg LD");
         assertThat(broker.routes(broker.message("airport.events", "LDM", Map.of()))).containsExactly("loads");
         assertThat(matched(broker.server())).isEqualTo(1.0);

         broker.server().stop();
         broker.server().start();
         assertThat(broker.server().waitForActivation(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
         assertThat(broker.routes(broker.message("airport.events", "LDM", Map.of()))).containsExactly("loads");
         assertThat(broker.routes(broker.message("airport.events", "LDM", Map.of()))).containsExactly("loads");
         assertThat(matched(broker.server())).as("messages matched in this life").isEqualTo(2.0);
      }
   }

   private static double matched(ActiveMQServer server) {
      MeterRegistry meters = server.getMetricsManager().getMeterRegistry();
      return meters.get("artemis.rulefilter.matched").tag("queue", "loads").functionCounter().count();
   }

   /** How many of RuleFilter's parts of that class (some package-private) are among the broker's plugins. */
   private static long count(ActiveMQServer server, String part) {
      return server.getBrokerPlugins().stream()
            .filter(p -> p.getClass().getName().equals("io.rulefilter.artemis." + part)).count();
   }

   private static Configuration configuration(String name, int id, int otherId, Path data) throws Exception {
      Path dir = data.resolve(name);
      Configuration config = InVmBrokerConfig.named(name, dir).inVmAcceptor("in-vm", id)
            .ruleFilter(PluginSettings.from(Map.of()))
            .and(c -> c.setClusterUser("pair").setClusterPassword("pair")).build();
      config.addConnectorConfiguration("self", "vm://" + id);
      config.addConnectorConfiguration("other", "vm://" + otherId);
      config.addClusterConfiguration(new ClusterConnectionConfiguration().setName("nodes").setConnectorName("self")
            .setStaticConnectors(List.of("other")).setRetryInterval(100));
      return config;
   }
}

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

import org.apache.activemq.artemis.core.config.ClusterConnectionConfiguration;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.ActiveMQServers;
import org.apache.activemq.artemis.core.server.JournalType;
import org.apache.activemq.artemis.core.server.plugin.ActiveMQServerBasePlugin;
import org.apache.activemq.artemis.utils.FileUtil;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Artemis starts a stopped server again on the same server object with the same plugin instance (HA fail-back in
 * one JVM, a backup restarted in place): it calls {@code registered} anew and never {@code unregistered}. Each life
 * wires its own parts; nothing of an earlier life may stay among the broker's plugins, where Artemis would call its
 * hooks on every message and a node's forwarded messages would meet the guard of every earlier life.
 */
class ServerRestartTest {

   private static final long WAIT_SECONDS = 60;

   @Test
   void aClusterNodeStartedAgainKeepsNothingOfItsEarlierLifeAmongItsPlugins() throws Exception {
      Path data = Files.createTempDirectory("rulefilter-restart");
      ActiveMQServer node = ActiveMQServers.newActiveMQServer(configuration("node", 51, 52, data));
      ActiveMQServer other = ActiveMQServers.newActiveMQServer(configuration("other", 52, 51, data));
      try {
         node.start();
         other.start();
         awaitTrue(() -> ruleFilterParts(node).size() > 0, "the other node's bridge connects and the guard joins");
         List<ActiveMQServerBasePlugin> earlier = ruleFilterParts(node);

         node.stop();
         node.start();
         assertThat(node.waitForActivation(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
         assertThat(ruleFilterParts(node)).as("RuleFilter's plugins after the restart (this life's guard joins when "
               + "the other node's bridge connects again)").noneMatch(p -> earlier.stream().anyMatch(e -> e == p));
      } finally {
         other.stop();
         node.stop();
         FileUtil.deleteDirectory(data.toFile());
      }
   }

   /** The plugins RuleFilter registered itself (the guard of forwarded messages, consumer rules), not the plugin. */
   private static List<ActiveMQServerBasePlugin> ruleFilterParts(ActiveMQServer server) {
      return server.getBrokerPlugins().stream().filter(p -> !(p instanceof RuleFilterPlugin))
            .filter(p -> p.getClass().getName().startsWith("io.rulefilter.")).toList();
   }

   private static void awaitTrue(BooleanSupplier condition, String what) throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
      while (!condition.getAsBoolean()) {
         if (System.nanoTime() > deadline) {
            throw new AssertionError("not within " + WAIT_SECONDS + " s: " + what);
         }
         Thread.sleep(20);
      }
   }

   private static Configuration configuration(String name, int id, int otherId, Path data) throws Exception {
      Path dir = data.resolve(name);
      Configuration config = new ConfigurationImpl().setName(name).setPersistenceEnabled(true).setSecurityEnabled(false)
            .setJournalDirectory(dir.resolve("journal").toString()).setBindingsDirectory(dir.resolve("bindings").toString())
            .setPagingDirectory(dir.resolve("paging").toString()).setLargeMessagesDirectory(dir.resolve("large").toString())
            .setJMXManagementEnabled(false).setCriticalAnalyzer(false).setMaxDiskUsage(-1)
            .setClusterUser("pair").setClusterPassword("pair");
      config.setJournalType(JournalType.NIO);
      config.addAcceptorConfiguration("in-vm", "vm://" + id);
      config.addConnectorConfiguration("self", "vm://" + id);
      config.addConnectorConfiguration("other", "vm://" + otherId);
      config.addClusterConfiguration(new ClusterConnectionConfiguration().setName("nodes").setConnectorName("self")
            .setStaticConnectors(List.of("other")).setRetryInterval(100));
      config.registerBrokerPlugin(new RuleFilterPlugin(PluginSettings.from(Map.of())));
      return config;
   }
}

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

import io.rulefilter.artemis.PluginSettings;
import io.rulefilter.artemis.RuleFilterPlugin;
import org.apache.activemq.artemis.core.config.ClusterConnectionConfiguration;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.HAPolicyConfiguration;
import org.apache.activemq.artemis.core.config.ha.ReplicaPolicyConfiguration;
import org.apache.activemq.artemis.core.config.ha.ReplicatedPolicyConfiguration;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.ActiveMQServers;
import org.apache.activemq.artemis.core.server.impl.ActiveMQServerImpl;
import org.apache.activemq.artemis.core.server.impl.SharedNothingBackupActivation;
import org.apache.activemq.artemis.utils.FileUtil;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A primary and its replicating backup, each a real Artemis broker with RuleFilter, in this JVM (in-VM connectors,
 * a static cluster connection between the two): for the plugin's unit tests of what Artemis's HA does to a broker's
 * life, such as a backup that Artemis restarts in place (the same server object, the same plugin instance). Each
 * broker is an {@link InVmBrokerConfig} with what HA needs of its own.
 */
public final class InVmPair implements AutoCloseable {

   private static final long WAIT_SECONDS = 30;
   private final Path data;
   private final ActiveMQServer primary;
   private final ActiveMQServer backup;

   private InVmPair(Path data, ActiveMQServer primary, ActiveMQServer backup) {
      this.data = data;
      this.primary = primary;
      this.backup = backup;
   }

   /** Starts the primary, then the backup, returning once the backup is in sync with it. */
   public static InVmPair start() throws Exception {
      return start(Map.of());
   }

   /** As {@link #start()}, both plugins with {@code pluginProperties}. */
   public static InVmPair start(Map<String, String> pluginProperties) throws Exception {
      Path data = Files.createTempDirectory("rulefilter-pair");
      ActiveMQServer primary = ActiveMQServers.newActiveMQServer(configuration("primary", 41, 42, data,
            new ReplicatedPolicyConfiguration(), pluginProperties));
      ActiveMQServer backup = ActiveMQServers.newActiveMQServer(configuration("backup", 42, 41, data,
            new ReplicaPolicyConfiguration(), pluginProperties));
      InVmPair pair = new InVmPair(data, primary, backup);
      try {
         primary.start();
         if (!primary.waitForActivation(WAIT_SECONDS, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the primary did not become active");
         }
         pair.startBackup();
         return pair;
      } catch (Exception e) {
         pair.close();
         throw e;
      }
   }

   private static Configuration configuration(String name, int id, int otherId, Path data, HAPolicyConfiguration ha,
                                              Map<String, String> pluginProperties) throws Exception {
      Path dir = data.resolve(name);
      Configuration config = InVmBrokerConfig.named(name, dir).inVmAcceptor("in-vm", id)
            .ruleFilter(PluginSettings.from(pluginProperties))
            .and(c -> c.setNodeManagerLockDirectory(dir.resolve("lock").toString()).setClusterUser("pair")
                  .setClusterPassword("pair").setHAPolicyConfiguration(ha))
            .build();
      config.addConnectorConfiguration("self", "vm://" + id);
      config.addConnectorConfiguration("other", "vm://" + otherId);
      config.addClusterConfiguration(new ClusterConnectionConfiguration().setName("pair").setConnectorName("self")
            .setStaticConnectors(List.of("other")).setRetryInterval(100));
      return config;
   }

   public ActiveMQServer primary() {
      return primary;
   }

   public ActiveMQServer backup() {
      return backup;
   }

   public static RuleFilterPlugin plugin(ActiveMQServer server) {
      return server.getBrokerPlugins().stream().filter(RuleFilterPlugin.class::isInstance)
            .map(RuleFilterPlugin.class::cast).findFirst().orElseThrow();
   }

   /** Starts the backup, returning once it has replicated the primary's journal and follows it. */
   public void startBackup() throws Exception {
      backup.start();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
      while (!backup.isReplicaSync()) {
         if (System.nanoTime() > deadline) {
            throw new IllegalStateException("the backup did not get in sync with the primary");
         }
         Thread.sleep(20);
      }
   }

   /**
    * The backup keeps its connection but no longer handles what the primary replicates, nor answers it, as a backup
    * process that froze: the primary's journal waits for confirmations that do not come.
    */
   public void backupStopsAcknowledging() {
      ((SharedNothingBackupActivation) ((ActiveMQServerImpl) backup).getActivation()).getReplicationEndpoint().pause();
   }

   /** The primary goes away; returns once the backup is active in its place. */
   public void failOver() throws Exception {
      primary.stop();
      if (!backup.waitForActivation(WAIT_SECONDS, TimeUnit.SECONDS)) {
         throw new IllegalStateException("the backup did not take over");
      }
   }

   @Override
   public void close() throws Exception {
      try {
         backup.stop();
      } finally {
         primary.stop();
         FileUtil.deleteDirectory(data.toFile());
      }
   }
}

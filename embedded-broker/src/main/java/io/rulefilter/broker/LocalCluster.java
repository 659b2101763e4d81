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
package io.rulefilter.broker;

import org.apache.activemq.artemis.core.server.cluster.ClusterConnection;

import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;

/**
 * A symmetric Artemis cluster of RuleFilter brokers on loopback, one broker per port, each with its own data directory
 * ({@code data/node-1}, …). For {@code rulefilter cluster} and the end-to-end tests.
 */
public final class LocalCluster implements AutoCloseable {

   /** Artemis's message-load-balancing types. */
   public static final Set<String> LOAD_BALANCING = Set.of("OFF", "STRICT", "ON_DEMAND", "OFF_WITH_REDISTRIBUTION");

   private final List<RuleFilterBroker> nodes = new ArrayList<>();
   private final List<Integer> ports;
   private final Path data;
   private final String loadBalancing;
   private final String clusterPassword;
   private final IntPredicate withPlugin;
   private final IntFunction<Map<String, String>> pluginSettings;

   private LocalCluster(List<Integer> ports, Path data, String loadBalancing, IntPredicate withPlugin,
                        IntFunction<Map<String, String>> pluginSettings) {
      this.withPlugin = withPlugin;
      this.pluginSettings = pluginSettings;
      this.ports = List.copyOf(ports);
      this.data = data;
      this.loadBalancing = loadBalancing;
      byte[] secret = new byte[18];
      new SecureRandom().nextBytes(secret);
      this.clusterPassword = Base64.getUrlEncoder().encodeToString(secret);
   }

   /** Starts one RuleFilter node per port and returns once each is connected to all the others. */
   public static LocalCluster start(List<Integer> ports, Path data, String loadBalancing, Duration formTimeout)
         throws Exception {
      return start(ports, data, loadBalancing, formTimeout, true);
   }

   /** Like {@link #start(List, Path, String, Duration)}; {@code withPlugin} false starts plain Artemis nodes. */
   public static LocalCluster start(List<Integer> ports, Path data, String loadBalancing, Duration formTimeout,
                                    boolean withPlugin) throws Exception {
      return start(ports, data, loadBalancing, formTimeout, node -> withPlugin);
   }

   /** Like {@link #start(List, Path, String, Duration)}; node {@code i} (0-based) has RuleFilter when the test says so. */
   public static LocalCluster start(List<Integer> ports, Path data, String loadBalancing, Duration formTimeout,
                                    IntPredicate withPlugin) throws Exception {
      return start(ports, data, loadBalancing, formTimeout, withPlugin, Map.of());
   }

   /**
    * Like {@link #start(List, Path, String, Duration, IntPredicate)}; every node with RuleFilter gets
    * {@code pluginSettings} (keys of {@code PluginSettings}, such as {@code routing-index}) as plugin properties.
    */
   public static LocalCluster start(List<Integer> ports, Path data, String loadBalancing, Duration formTimeout,
                                    IntPredicate withPlugin, Map<String, String> pluginSettings) throws Exception {
      Map<String, String> settings = Map.copyOf(pluginSettings);
      return start(ports, data, loadBalancing, formTimeout, withPlugin, node -> settings);
   }

   /** Like {@link #start(List, Path, String, Duration, IntPredicate, Map)}, with settings of each node's own. */
   public static LocalCluster start(List<Integer> ports, Path data, String loadBalancing, Duration formTimeout,
                                    IntPredicate withPlugin, IntFunction<Map<String, String>> pluginSettings)
         throws Exception {
      String balancing = loadBalancing.toUpperCase(Locale.ROOT);
      if (!LOAD_BALANCING.contains(balancing)) {
         throw new IllegalArgumentException("unknown message load balancing '" + loadBalancing + "'; use one of "
               + LOAD_BALANCING);
      }
      if (ports.size() < 2 || Set.copyOf(ports).size() != ports.size()) {
         throw new IllegalArgumentException("a cluster needs at least 2 nodes on distinct ports, got " + ports);
      }
      LocalCluster cluster = new LocalCluster(ports, data, balancing, withPlugin, pluginSettings);
      try {
         for (int i = 0; i < ports.size(); i++) {
            cluster.nodes.add(cluster.startNode(i));
         }
         cluster.awaitFormed(formTimeout);
      } catch (Exception | Error e) {
         cluster.close();
         throw e;
      }
      return cluster;
   }

   private RuleFilterBroker startNode(int index) throws Exception {
      Path nodeData = data.resolve("node-" + (index + 1));
      ConfigSource config = ClusterNodeConfig.write(nodeData.resolve("etc"), index, ports, nodeData, loadBalancing,
            clusterPassword, withPlugin.test(index), Map.copyOf(pluginSettings.apply(index)));
      return RuleFilterBroker.start(ports.get(index), nodeData, config);
   }

   /** Stops node {@code index} (0-based) cleanly; {@link #restart} starts it again on the same data. */
   public void stop(int index) throws Exception {
      nodes.get(index).close();
   }

   /** Starts node {@code index} again with its data, and returns once the cluster has formed again. */
   public RuleFilterBroker restart(int index, Duration formTimeout) throws Exception {
      startAgain(index);
      awaitFormed(formTimeout);
      return nodes.get(index);
   }

   /** Starts node {@code index} again with its data, without waiting for the other nodes (some may be stopped). */
   public RuleFilterBroker startAgain(int index) throws Exception {
      nodes.set(index, startNode(index));
      return nodes.get(index);
   }

   /** Waits until every node's cluster connection has a live bridge to every other node. */
   public void awaitFormed(Duration timeout) throws InterruptedException {
      long deadline = System.nanoTime() + timeout.toNanos();
      while (!formed()) {
         if (System.nanoTime() > deadline) {
            throw new IllegalStateException("the cluster on ports " + ports + " did not form within " + timeout);
         }
         Thread.sleep(50);
      }
   }

   private boolean formed() {
      for (RuleFilterBroker node : nodes) {
         if (!node.server().isStarted()) {
            return false;
         }
         for (ClusterConnection connection : node.server().getClusterManager().getClusterConnections()) {
            if (connection.getNodes().size() < nodes.size() - 1) {
               return false;
            }
         }
      }
      return true;
   }

   public List<RuleFilterBroker> nodes() {
      return List.copyOf(nodes);
   }

   public RuleFilterBroker node(int index) {
      return nodes.get(index);
   }

   public String loadBalancing() {
      return loadBalancing;
   }

   @Override
   public void close() throws Exception {
      Exception failure = null;
      for (int i = nodes.size() - 1; i >= 0; i--) {
         try {
            nodes.get(i).close();
         } catch (Exception e) {
            if (failure == null) {
               failure = e;
            } else {
               failure.addSuppressed(e);
            }
         }
      }
      if (failure != null) {
         throw failure;
      }
   }
}

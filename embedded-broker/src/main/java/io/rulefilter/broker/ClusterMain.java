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

import io.rulefilter.cli.CommandLines;
import io.rulefilter.console.ConsoleServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code rulefilter cluster}: a local symmetric cluster of RuleFilter brokers on consecutive loopback ports, until
 * SIGTERM or Ctrl-C. For trying clustering out; production clusters are Artemis instances configured as
 * docs/clusters.md shows.
 */
@Command(name = "rulefilter cluster", mixinStandardHelpOptions = true, version = "rulefilter 0.1.0",
      description = "Start a local Artemis 2.56.0 cluster of RuleFilter brokers on 127.0.0.1.")
public final class ClusterMain implements Callable<Integer> {

   static {
      BrokerMain.defaultLogLevels();
   }

   @Option(names = "--nodes", defaultValue = "3", description = "how many nodes (2 to 9; default: ${DEFAULT-VALUE})")
   int nodes;

   @Option(names = "--port", defaultValue = "61616",
         description = "the first node's TCP port; the others take the next ones (default: ${DEFAULT-VALUE})")
   int port;

   @Option(names = "--data", defaultValue = "./cluster-data",
         description = "one directory per node is made here: node-1, node-2, … (default: ${DEFAULT-VALUE})")
   Path data;

   @Option(names = "--load-balancing", defaultValue = "ON_DEMAND",
         description = "Artemis's message load balancing: ON_DEMAND, STRICT, OFF_WITH_REDISTRIBUTION or OFF "
               + "(default: ${DEFAULT-VALUE})")
   String loadBalancing;

   @Option(names = "--http-port", paramLabel = "PORT", defaultValue = "0", description = {
         "the first node's console API port on 127.0.0.1, the others take the next ones",
         "(0, the default: free ports, printed at start)"})
   int httpPort;

   @Option(names = "--no-http", description = "no console HTTP ports at all")
   boolean noHttp;

   public static void main(String[] args) {
      System.exit(CommandLines.of(new ClusterMain()).execute(args));
   }

   @Override
   public Integer call() throws Exception {
      if (nodes < 2 || nodes > 9) {
         System.err.println("rulefilter cluster: --nodes must be between 2 and 9, was " + nodes);
         return 2;
      }
      if (port < 1 || port + nodes - 1 > 65535) {
         System.err.println("rulefilter cluster: --port " + port + " leaves no room for " + nodes + " ports below 65536");
         return 2;
      }
      List<Integer> ports = new ArrayList<>();
      for (int i = 0; i < nodes; i++) {
         ports.add(port + i);
      }
      if (!noHttp && (httpPort < 0 || httpPort + nodes - 1 > 65535)) {
         System.err.println("rulefilter cluster: --http-port " + httpPort + " leaves no room for " + nodes
               + " ports below 65536");
         return 2;
      }
      if (!noHttp && httpPort != 0 && httpPort < port + nodes && port < httpPort + nodes) {
         System.err.println("rulefilter cluster: the --http-port and --port ranges overlap");
         return 2;
      }
      LocalCluster cluster;
      List<ConsoleServer> consoles = new ArrayList<>();
      try {
         StartChecks.requireDataDirectory("--data", data);
         ports.forEach(StartChecks::requireFreePort);
         for (int i = 0; i < nodes && !noHttp; i++) {
            consoles.add(ConsoleServer.bind(httpPort == 0 ? 0 : httpPort + i));
         }
         cluster = LocalCluster.start(ports, data, loadBalancing, Duration.ofMinutes(2));
      } catch (IllegalStateException | IllegalArgumentException e) {
         consoles.forEach(ConsoleServer::close);
         System.err.println("rulefilter cluster: " + e.getMessage());
         return 1;
      }
      for (int i = 0; i < consoles.size(); i++) {
         consoles.get(i).serve(cluster.node(i));
      }
      UntilShutdown shutdown = UntilShutdown.closing("cluster", () -> {
         consoles.forEach(ConsoleServer::close);
         cluster.close();
      });
      for (int i = 0; i < consoles.size(); i++) {
         System.out.println("RuleFilter console of node " + (i + 1) + " on " + consoles.get(i).url());
      }
      for (int i = 0; i < nodes; i++) {
         System.out.println("RuleFilter cluster node " + (i + 1) + " ready on " + cluster.node(i).url()
               + " (data " + data.resolve("node-" + (i + 1)) + ", load balancing " + cluster.loadBalancing() + ")");
      }
      System.out.flush();
      shutdown.await();
      return 0;
   }
}

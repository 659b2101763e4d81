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
package io.rulefilter.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.rulefilter.bench.AirportWorkload.Mix;
import io.rulefilter.bench.BenchBroker.Kind;
import io.rulefilter.cli.CommandLines;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code rulefilter bench}: the filter micro-benchmark (JMH), the end-to-end routing benchmark, the consumers-attached
 * benchmark (latency and throughput), the subscribing and rule-change benchmarks and (full run, or alone
 * with {@code --cluster-only}) the 3-node cluster benchmark, RuleFilter against plain Artemis measured in the same run
 * and JVM, printed as tables and written as JSON.
 */
@Command(name = "rulefilter bench", mixinStandardHelpOptions = true, version = "rulefilter 0.1.0",
      description = "Benchmark RuleFilter against plain Artemis (quick by default, under 3 minutes).")
public final class BenchMain implements Callable<Integer> {

   @Option(names = "--full", description = "the full run: longer JMH, in-VM and TCP, more messages and rounds, the index "
         + "switched off too, and the 3-node cluster benchmark")
   boolean full;

   @Option(names = "--skip-jmh", description = "no JMH benchmark")
   boolean skipJmh;

   @Option(names = "--skip-routing", description = "no single-broker routing benchmark (in or out of JMH)")
   boolean skipRouting;

   @Option(names = "--skip-subscribe", description = "no subscribing and rule-change benchmarks")
   boolean skipSubscribe;

   @Option(names = "--skip-latency", description = "no consumers-attached benchmark (publish-to-deliver latency, "
         + "throughput with consumers draining)")
   boolean skipLatency;

   @Option(names = "--cluster-only", description = "only the cluster benchmark (3 nodes; quick sizes unless --full)")
   boolean clusterOnly;

   @Option(names = "--skip-cluster", description = "no cluster benchmark (it runs with --full or --cluster-only)")
   boolean skipCluster;

   @Option(names = "--cluster-subscriptions", split = ",", description = "subscription counts of the cluster benchmark, "
         + "each spread over its 3 nodes (default: 3,1000; with --full 3,1000,10000)")
   int[] clusterSubscriptions;

   @Option(names = "--cluster-mode", defaultValue = "both", description = "the cluster benchmark's mode: fill (consumers "
         + "without credit, the queues fill), drain (consumers attached and draining) or both (default: ${DEFAULT-VALUE})")
   String clusterMode;

   @Option(names = "--sizes", split = ",", description = "subscription counts (default: 1,100,1000; with --full 1,10,100,1000,10000)")
   int[] sizes;

   @Option(names = "--mixes", split = ",", defaultValue = "BROAD,SELECTIVE", description = "rule mixes (default: ${DEFAULT-VALUE})")
   List<Mix> mixes;

   @Option(names = "--brokers", split = ",", description = "only these brokers: RULEFILTER, RULEFILTER_NO_INDEX, ARTEMIS_SQL, NO_FILTER, "
         + "ARTEMIS_ROUTED")
   List<Kind> only;

   @Option(names = "--output", defaultValue = "${env:RULEFILTER_HOME:-.}/benchmarks/results",
         description = "where JSON results go (default: ${DEFAULT-VALUE})")
   Path output;

   static final String LOG_LEVEL = "org.slf4j.simpleLogger.defaultLogLevel";
   static final String SERVER_LOG_LEVEL = "org.slf4j.simpleLogger.log.org.apache.activemq.artemis.core.server";

   private final PrintStream out = System.out;

   public static void main(String[] args) {
      System.setProperty(LOG_LEVEL, "warn");
      System.setProperty(SERVER_LOG_LEVEL, "error");
      System.exit(CommandLines.of(new BenchMain()).execute(args));
   }

   @Spec
   CommandSpec spec;

   /** The subscription counts of the routing benchmarks: as given, or the mode's. */
   int[] sizes() {
      return sizes != null ? sizes : full ? new int[] {1, 10, 100, 1000, 10_000} : new int[] {1, 100, 1000};
   }

   /** The subscription counts of the cluster benchmark: as given, or the mode's. */
   int[] clusterSizes() {
      return clusterSubscriptions != null ? clusterSubscriptions : full ? new int[] {3, 1000, 10_000} : new int[] {3, 1000};
   }

   /** The cluster benchmark's modes, from {@code --cluster-mode}; null when it names none. */
   List<ClusterBenchmark.Mode> clusterModes() {
      return switch (clusterMode.toLowerCase(Locale.ROOT)) {
         case "fill" -> List.of(ClusterBenchmark.Mode.FILL);
         case "drain" -> List.of(ClusterBenchmark.Mode.DRAIN);
         case "both" -> List.of(ClusterBenchmark.Mode.FILL, ClusterBenchmark.Mode.DRAIN);
         default -> null;
      };
   }

   /** Whether this run includes the JMH filter benchmark (and, with {@link #runsRouting}, the routing decision). */
   boolean runsJmh() {
      return !clusterOnly && !skipJmh;
   }

   /** Whether this run includes the single-broker routing benchmark. */
   boolean runsRouting() {
      return !clusterOnly && !skipRouting;
   }

   /** Whether this run includes the consumers-attached benchmark (latency and throughput with consumers). */
   boolean runsLatency() {
      return !clusterOnly && !skipLatency;
   }

   /** Whether this run includes the subscribing benchmark. */
   boolean runsSubscribe() {
      return !clusterOnly && !skipSubscribe;
   }

   /** Whether this run includes the cluster benchmark: in the full run, or alone. */
   boolean runsCluster() {
      return clusterOnly || full && !skipCluster;
   }

   private void validate() {
      if (clusterOnly && skipCluster) {
         throw new ParameterException(spec.commandLine(), "--cluster-only and --skip-cluster exclude each other");
      }
      for (int n : clusterSizes()) {
         if (n < 3) {
            throw new ParameterException(spec.commandLine(), "--cluster-subscriptions: " + n
                  + " is too few, each count must be at least 3 (one per node)");
         }
      }
      if (clusterModes() == null) {
         throw new ParameterException(spec.commandLine(), "--cluster-mode: '" + clusterMode
               + "' is none of fill, drain, both");
      }
   }

   @Override
   public Integer call() throws Exception {
      validate();
      Files.createDirectories(output);
      String stamp = Instant.now().toString().replace(':', '-');
      Map<String, Object> report = new LinkedHashMap<>();
      report.put("mode", full ? "full" : "quick");
      report.put("java", System.getProperty("java.version"));
      report.put("cores", Runtime.getRuntime().availableProcessors());
      if (runsJmh()) {
         JmhRuns jmh = new JmhRuns(full, sizes(), mixes, out);
         report.put("filter", jmh.filterBenchmark(output.resolve("jmh-" + stamp + ".json")));
         if (runsRouting()) {
            report.put("routingDecision", jmh.routingDecisionBenchmark(output.resolve("jmh-routing-" + stamp + ".json")));
         }
      }
      if (runsRouting()) {
         RoutingRuns routing = new RoutingRuns(full, sizes(), mixes, only, out);
         report.put("routing", routing.run());
         report.put("pairedRatios", routing.ratios());
      }
      if (runsLatency()) {
         report.put("consumersAttached", new LatencyRuns(full, out).run());
      }
      if (runsSubscribe()) {
         report.put("subscribing", new SubscribeRuns(full, out).run());
         if (full) { // the quick run must stay under 3 minutes
            report.put("ruleChanges", new RuleChangeRuns(out).run());
         }
      }
      if (runsCluster()) {
         report.put("copiesRoutingDecision", new JmhRuns(full, sizes(), mixes, out).copiesRoutingDecisionBenchmark(
               output.resolve("jmh-copies-" + stamp + ".json"), full ? new int[] {1, 100, 1000, 10_000}
                     : new int[] {1, 1000, 10_000}));
         report.put("cluster", ClusterRuns.of(full, clusterSizes(), clusterModes(), out).run());
      }
      Path json = output.resolve("bench-" + stamp + ".json");
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(json.toFile(), report);
      out.println("results: " + json);
      return 0;
   }
}

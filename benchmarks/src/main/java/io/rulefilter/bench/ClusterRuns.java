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

import io.rulefilter.bench.AirportWorkload.Mix;
import io.rulefilter.bench.BenchBroker.Kind;
import io.rulefilter.bench.BenchCluster.Setup;
import io.rulefilter.bench.ClusterBenchmark.Result;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The cluster benchmark of {@code rulefilter bench}: a 3-node RuleFilter cluster and a 3-node plain Artemis cluster
 * with the equivalent SQL selectors, side by side in one JVM, run in rounds (rotating order); the median run per
 * cluster, the paired ratio per round, the setup time and what crossed the wire per published message.
 */
final class ClusterRuns {

   private static final List<Kind> KINDS = List.of(Kind.RULEFILTER, Kind.ARTEMIS_SQL);

   private final int subscriptions;
   private final int messages;
   private final int rounds;
   private final int warmup;
   private final PrintStream out;

   ClusterRuns(int subscriptions, int messages, int rounds, int warmup, PrintStream out) {
      this.subscriptions = subscriptions;
      this.messages = messages;
      this.rounds = rounds;
      this.warmup = warmup;
      this.out = out;
   }

   /** The sizes of {@code rulefilter bench}: quick or full. */
   static ClusterRuns of(boolean full, int subscriptions, PrintStream out) {
      return full ? new ClusterRuns(subscriptions, 60_000, 7, 5_000, out) : new ClusterRuns(subscriptions, 20_000, 3, 2_000, out);
   }

   Map<String, Object> run() throws Exception {
      ClusterBenchmark bench = new ClusterBenchmark(subscriptions, messages, warmup);
      List<BenchCluster> clusters = new ArrayList<>();
      Map<Kind, Setup> setup = new EnumMap<>(Kind.class);
      Map<Kind, List<Result>> runs = new EnumMap<>(Kind.class);
      try {
         for (Kind kind : KINDS) {
            out.printf("starting a 3-node %s cluster and creating %d subscriptions ...%n", kind.label, subscriptions);
            BenchCluster cluster = BenchCluster.start(kind);
            clusters.add(cluster);
            setup.put(kind, cluster.subscribe(bench.filters(kind)));
         }
         out.println("warming up both clusters (results discarded) ...");
         for (BenchCluster cluster : clusters) {
            bench.run(cluster);
         }
         for (int r = 0; r < rounds; r++) {
            List<BenchCluster> order = new ArrayList<>(clusters);
            Collections.rotate(order, r); // no cluster always runs first
            for (BenchCluster cluster : order) {
               Result result = bench.run(cluster);
               runs.computeIfAbsent(cluster.kind, k -> new ArrayList<>()).add(result);
               out.printf("  cluster round %d %-12s %9.0f msg/s%n", r + 1, cluster.kind.label, result.messagesPerSecond());
            }
         }
      } finally {
         for (BenchCluster cluster : clusters) {
            cluster.close();
         }
      }
      PairedRatio ratio = PairedRatio.of("cluster", Mix.SELECTIVE, subscriptions, "rulefilter / artemis-sql",
            asRuns(runs.get(Kind.RULEFILTER)), asRuns(runs.get(Kind.ARTEMIS_SQL)));
      Map<Kind, Result> medians = new EnumMap<>(Kind.class);
      runs.forEach((kind, list) -> medians.put(kind, median(list)));
      print(setup, runs, medians, ratio);
      Map<String, Object> report = new LinkedHashMap<>();
      report.put("nodes", 3);
      report.put("loadBalancing", BenchCluster.LOAD_BALANCING);
      report.put("subscriptions", subscriptions);
      report.put("messagesPerRun", messages);
      report.put("rounds", rounds);
      Map<String, Map<String, Double>> setupSeconds = new LinkedHashMap<>();
      setup.forEach((kind, time) -> setupSeconds.put(kind.label, Map.of("created", seconds(time.created()),
            "knownClusterWide", seconds(time.known()))));
      report.put("setupSeconds", setupSeconds);
      report.put("runs", runs.values().stream().flatMap(List::stream).toList());
      report.put("pairedRatio", ratio);
      return report;
   }

   private static double seconds(Duration time) {
      return time.toNanos() / 1e9;
   }

   private static List<RoutingBenchmark.Result> asRuns(List<Result> results) {
      return results == null ? null : results.stream().map(Result::asRun).toList();
   }

   /** The run with the median throughput (the upper one of an even count). */
   static Result median(List<Result> runs) {
      List<Result> sorted = new ArrayList<>(runs);
      sorted.sort((a, b) -> Double.compare(a.messagesPerSecond(), b.messagesPerSecond()));
      return sorted.get(sorted.size() / 2);
   }

   private void print(Map<Kind, Setup> setup, Map<Kind, List<Result>> runs, Map<Kind, Result> medians, PairedRatio ratio) {
      out.println();
      out.printf("Cluster throughput: 3 nodes (%s, TCP on loopback), %d selective subscriptions spread over the nodes,%n",
            BenchCluster.LOAD_BALANCING, subscriptions);
      out.printf("a producer on every node; msg/s until every subscription has all its messages and every forward is done%n");
      out.printf("%-12s %12s %14s %12s %22s%n", "", "setup: made", "known by all", "msg/s", "range over rounds");
      for (Kind kind : medians.keySet()) {
         double min = runs.get(kind).stream().mapToDouble(Result::messagesPerSecond).min().orElse(Double.NaN);
         double max = runs.get(kind).stream().mapToDouble(Result::messagesPerSecond).max().orElse(Double.NaN);
         out.printf("%-12s %11.2fs %13.2fs %12.0f %10.0f – %-9.0f%n", kind.label, seconds(setup.get(kind).created()),
               seconds(setup.get(kind).known()), medians.get(kind).messagesPerSecond(), min, max);
      }
      if (ratio != null) {
         out.printf("paired ratio rulefilter / artemis-sql: %.2fx (%.2fx – %.2fx over %d rounds)%n", ratio.median(),
               ratio.min(), ratio.max(), ratio.rounds());
      }
      out.println();
      out.println("What crosses the wire between the nodes, per published message (median run)");
      out.printf("%-12s %10s %12s %10s %10s %10s %10s %12s%n", "", "forwarded", "fwd bytes", "route ids", "id bytes",
            "judged", "rejected", "publ. bytes");
      for (Map.Entry<Kind, Result> e : medians.entrySet()) {
         Result r = e.getValue();
         out.printf("%-12s %10.3f %12.0f %10.2f %10.0f %10s %10s %12.0f%n", e.getKey().label, r.perMessage(r.forwarded()),
               r.perMessage(r.forwardedBytes()), r.perMessage(r.routeIds()), r.perMessage(r.routeIds() * Long.BYTES),
               e.getKey() == Kind.RULEFILTER ? String.format("%.2f", r.perMessage(r.judged())) : "-",
               e.getKey() == Kind.RULEFILTER ? String.format("%.2f", r.perMessage(r.rejected())) : "-",
               r.perMessage(r.publishedBytes()));
      }
      out.println("forwarded: messages put into the nodes' store-and-forward queues (one per target node); fwd bytes: their");
      out.println("core packets; route ids: target queues they name (_AMQ_ROUTE_TO, 8 bytes each); judged/rejected:");
      out.println("forwarded queue deliveries RuleFilter's rules judged on the owning node, and rejected there.");
   }
}

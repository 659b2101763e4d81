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
import io.rulefilter.bench.ClusterBenchmark.Mode;
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
 * The cluster benchmark of {@code rulefilter bench}: for each number of subscriptions, a 3-node RuleFilter cluster and
 * a 3-node plain Artemis cluster with the equivalent SQL selectors, side by side in one JVM, run in rounds (rotating
 * order) in fill mode, then with draining consumers attached; per mode the median run per cluster, the paired ratio per
 * round, and per cluster the setup time and what crossed the wire per published message.
 */
final class ClusterRuns {

   private static final List<Kind> KINDS = List.of(Kind.RULEFILTER, Kind.ARTEMIS_SQL);
   /** From this many subscriptions on, runs publish a sixth of the messages: plain Artemis routes a few hundred a second. */
   static final int LARGE = 10_000;
   /** Subscriptions each cluster makes and removes before its measured setup (at most), to compile that path. */
   static final int WARM_UP_SUBSCRIPTIONS = 1_000;
   private static final int LARGE_DIVISOR = 6;

   private final int[] sizes;
   private final List<Mode> modes;
   private final int messages;
   private final int rounds;
   private final int warmup;
   private final PrintStream out;

   ClusterRuns(int[] sizes, List<Mode> modes, int messages, int rounds, int warmup, PrintStream out) {
      this.sizes = sizes.clone();
      this.modes = List.copyOf(modes);
      this.messages = messages;
      this.rounds = rounds;
      this.warmup = warmup;
      this.out = out;
   }

   /** The message counts and rounds of {@code rulefilter bench}: quick or full. */
   static ClusterRuns of(boolean full, int[] sizes, List<Mode> modes, PrintStream out) {
      return full ? new ClusterRuns(sizes, modes, 60_000, 7, 5_000, out) : new ClusterRuns(sizes, modes, 10_000, 3, 1_000, out);
   }

   Map<String, Object> run() throws Exception {
      Map<String, Object> report = new LinkedHashMap<>();
      report.put("nodes", 3);
      report.put("loadBalancing", BenchCluster.LOAD_BALANCING);
      report.put("rounds", rounds);
      List<Map<String, Object>> bySize = new ArrayList<>();
      for (int i = 0; i < sizes.length; i++) {
         List<Kind> order = new ArrayList<>(KINDS);
         if (i % 2 == 1) {
            Collections.reverse(order);
         }
         bySize.add(run(sizes[i], order));
      }
      report.put("sizes", bySize);
      return report;
   }

   /**
    * Both clusters with {@code n} subscriptions, through every mode. Both start, and each makes and removes up to
    * {@link #WARM_UP_SUBSCRIPTIONS} subscriptions, before either subscribes for the measurement, so neither pays the
    * JVM's warm-up of the paths both use; which one subscribes first ({@code order}) still alternates by size.
    */
   private Map<String, Object> run(int n, List<Kind> order) throws Exception {
      int divisor = n >= LARGE ? LARGE_DIVISOR : 1;
      ClusterBenchmark bench = new ClusterBenchmark(n, messages / divisor, warmup / divisor);
      List<BenchCluster> clusters = new ArrayList<>();
      List<ClusterConsumers> draining = new ArrayList<>();
      Map<Kind, Setup> setup = new EnumMap<>(Kind.class);
      Map<Mode, Map<Kind, List<Result>>> runs = new EnumMap<>(Mode.class);
      try {
         for (Kind kind : KINDS) {
            out.printf("starting a 3-node %s cluster ...%n", kind.label);
            clusters.add(BenchCluster.start(kind));
         }
         for (Kind kind : order) {
            List<String> filters = bench.filters(kind);
            out.printf("warming up: %d subscriptions made and removed on the %s cluster ...%n",
                  Math.min(n, WARM_UP_SUBSCRIPTIONS), kind.label);
            clusters.get(KINDS.indexOf(kind)).warmUpSubscribing(filters.subList(0, Math.min(n, WARM_UP_SUBSCRIPTIONS)));
         }
         for (Kind kind : order) {
            out.printf("creating %d subscriptions on the %s cluster ...%n", n, kind.label);
            setup.put(kind, clusters.get(KINDS.indexOf(kind)).subscribe(bench.filters(kind)));
         }
         for (Mode mode : modes) {
            if (mode == Mode.DRAIN) {
               out.printf("attaching a draining consumer to each of the %d subscriptions ...%n", n);
               for (BenchCluster cluster : clusters) {
                  draining.add(new ClusterConsumers(cluster, n));
               }
            }
            runs.put(mode, rounds(bench, mode, clusters, draining));
         }
      } finally {
         for (ClusterConsumers consumers : draining) {
            consumers.close();
         }
         for (BenchCluster cluster : clusters) {
            cluster.close();
         }
      }
      Map<String, Object> report = new LinkedHashMap<>();
      report.put("subscriptions", n);
      report.put("subscribedFirst", order.get(0).label);
      report.put("messagesPerRun", messages / divisor);
      report.put("warmupMessagesPerRun", warmup / divisor);
      Map<String, Map<String, Double>> setupSeconds = new LinkedHashMap<>();
      setup.forEach((kind, time) -> setupSeconds.put(kind.label, Map.of("created", seconds(time.created()),
            "knownClusterWide", seconds(time.known()))));
      report.put("setupSeconds", setupSeconds);
      print(n, setup);
      out.printf("(the %s cluster subscribed first)%n", order.get(0).label);
      for (Map.Entry<Mode, Map<Kind, List<Result>>> e : runs.entrySet()) {
         Map<Kind, List<Result>> byKind = e.getValue();
         PairedRatio ratio = PairedRatio.of("cluster-" + e.getKey().label(), Mix.SELECTIVE, n, "rulefilter / artemis-sql",
               asRuns(byKind.get(Kind.RULEFILTER)), asRuns(byKind.get(Kind.ARTEMIS_SQL)));
         Map<Kind, Result> medians = new EnumMap<>(Kind.class);
         byKind.forEach((kind, list) -> medians.put(kind, median(list)));
         print(n, e.getKey(), byKind, medians, ratio);
         Map<String, Object> mode = new LinkedHashMap<>();
         mode.put("runs", byKind.values().stream().flatMap(List::stream).toList());
         mode.put("pairedRatio", ratio);
         report.put(e.getKey().label(), mode);
      }
      return report;
   }

   /** A warm-up run per cluster (discarded), then the rounds of {@code mode}, each cluster once per round. */
   private Map<Kind, List<Result>> rounds(ClusterBenchmark bench, Mode mode, List<BenchCluster> clusters,
                                          List<ClusterConsumers> draining) throws Exception {
      out.printf("warming up both clusters, %s mode (results discarded) ...%n", mode.label());
      for (int c = 0; c < clusters.size(); c++) {
         run(bench, mode, clusters.get(c), draining, c);
      }
      Map<Kind, List<Result>> runs = new EnumMap<>(Kind.class);
      for (int r = 0; r < rounds; r++) {
         List<Integer> order = new ArrayList<>();
         for (int c = 0; c < clusters.size(); c++) {
            order.add(c);
         }
         Collections.rotate(order, r); // no cluster always runs first
         for (int c : order) {
            Result result = run(bench, mode, clusters.get(c), draining, c);
            runs.computeIfAbsent(clusters.get(c).kind, k -> new ArrayList<>()).add(result);
            out.printf("  cluster N=%d %s round %d %-12s %9.0f msg/s%n", result.subscriptions(), mode.label(), r + 1,
                  result.broker(), result.messagesPerSecond());
         }
      }
      return runs;
   }

   private static Result run(ClusterBenchmark bench, Mode mode, BenchCluster cluster, List<ClusterConsumers> draining,
                             int c) throws Exception {
      return mode == Mode.FILL ? bench.fill(cluster) : bench.drain(cluster, draining.get(c));
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

   private void print(int n, Map<Kind, Setup> setup) {
      out.println();
      out.printf("Cluster setup: 3 nodes (%s, TCP on loopback), %d selective subscriptions spread over the nodes%n",
            BenchCluster.LOAD_BALANCING, n);
      out.printf("%-12s %12s %14s%n", "", "setup: made", "known by all");
      for (Map.Entry<Kind, Setup> e : setup.entrySet()) {
         out.printf("%-12s %11.2fs %13.2fs%n", e.getKey().label, seconds(e.getValue().created()),
               seconds(e.getValue().known()));
      }
   }

   private void print(int n, Mode mode, Map<Kind, List<Result>> runs, Map<Kind, Result> medians, PairedRatio ratio) {
      out.println();
      out.printf("Cluster throughput, %s mode: N=%d, a producer on every node; msg/s until %s and every forward is done%n",
            mode.label(), n, mode == Mode.FILL ? "every subscription queue holds all its messages"
                  : "every message has reached its subscription's consumer");
      out.printf("%-12s %12s %22s%n", "", "msg/s", "range over rounds");
      for (Kind kind : medians.keySet()) {
         double min = runs.get(kind).stream().mapToDouble(Result::messagesPerSecond).min().orElse(Double.NaN);
         double max = runs.get(kind).stream().mapToDouble(Result::messagesPerSecond).max().orElse(Double.NaN);
         out.printf("%-12s %12.0f %10.0f – %-9.0f%n", kind.label, medians.get(kind).messagesPerSecond(), min, max);
      }
      if (ratio != null) {
         out.printf("paired ratio rulefilter / artemis-sql: %.2fx (%.2fx – %.2fx over %d rounds)%n", ratio.median(),
               ratio.min(), ratio.max(), ratio.rounds());
      }
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

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

import io.rulefilter.artemis.routing.AddressIndexes;
import io.rulefilter.bench.AirportWorkload.Mix;
import io.rulefilter.bench.BenchBroker.Kind;
import io.rulefilter.bench.RoutingBenchmark.Result;
import io.rulefilter.testing.internal.FreePorts;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The end-to-end routing benchmark of {@code rulefilter bench}: every broker kind in rounds (rotating order), the
 * median run per broker, and paired ratios per round.
 */
final class RoutingRuns {

   private final boolean full;
   private final int[] sizes;
   private final List<Mix> mixes;
   private final List<Kind> only;
   private final PrintStream out;
   private final List<PairedRatio> ratios = new ArrayList<>();

   RoutingRuns(boolean full, int[] sizes, List<Mix> mixes, List<Kind> only, PrintStream out) {
      this.full = full;
      this.sizes = sizes;
      this.mixes = mixes;
      this.only = only;
      this.out = out;
   }

   /** The paired ratios of the last {@link #run}. */
   List<PairedRatio> ratios() {
      return ratios;
   }

   List<Result> run() throws Exception {
      List<Kind> kinds = full ? List.of(Kind.RULEFILTER, Kind.RULEFILTER_NO_INDEX, Kind.ARTEMIS_SQL, Kind.NO_FILTER,
                  Kind.ARTEMIS_ROUTED)
            : List.of(Kind.RULEFILTER, Kind.ARTEMIS_SQL, Kind.NO_FILTER);
      if (only != null) {
         kinds = only;
      }
      List<String> transports = full ? List.of("vm", "tcp") : List.of("tcp");
      int warmup = full ? 10_000 : 5_000;
      List<BenchBroker> brokers = new ArrayList<>();
      List<Result> results = new ArrayList<>();
      try {
         for (int i = 0; i < kinds.size(); i++) {
            brokers.add(new BenchBroker(kinds.get(i), 100 + i, FreePorts.any()));
         }
         RoutingBenchmark bench = new RoutingBenchmark();
         out.println("warming up every broker (results discarded) ...");
         for (BenchBroker broker : brokers) {
            for (String transport : transports) {
               bench.run(broker, transport, Mix.SELECTIVE, 100, 20_000, 2_000);
               if (broker.kind != Kind.ARTEMIS_ROUTED) {
                  bench.run(broker, transport, Mix.BROAD, 10, 20_000, 2_000);
                  bench.run(broker, transport, Mix.BROAD, 1, 20_000, 2_000);
               }
            }
         }
         int round = 0;
         for (String transport : transports) {
            for (Mix mix : mixes) {
               for (int n : sizes) {
                  // Small N runs are fast and their differences small: longer runs and more rounds, so that noise
                  // can be told apart. A thousand subscriptions keep every matched message queued: fewer messages
                  // keep memory in bounds.
                  if (mix == Mix.BROAD && n > 1000) {
                     continue; // ~8% of 10,000 queues take each message: that measures enqueueing, not routing
                  }
                  int messages = n <= 10 ? (full ? 300_000 : 40_000) : n < 1000 ? (full ? 100_000 : 40_000)
                        : n == 1000 ? (full ? 30_000 : 15_000) : (full ? 100_000 : 40_000);
                  int rounds = full ? (n <= 10 ? 7 : 3) : 1;
                  Map<Kind, List<Result>> runs = new LinkedHashMap<>();
                  for (int r = 0; r < rounds; r++) {
                     List<BenchBroker> order = new ArrayList<>(brokers);
                     Collections.rotate(order, round++); // no broker always runs first
                     for (BenchBroker broker : order) {
                        if (broker.kind == Kind.NO_FILTER && n > 100) {
                           continue; // every message in every queue: 1000 copies per message measures memory, not filtering
                        }
                        if (broker.kind == Kind.ARTEMIS_ROUTED && mix != Mix.SELECTIVE) {
                           continue; // a broad message goes to several subscriptions: it has no one queue
                        }
                        runs.computeIfAbsent(broker.kind, k -> new ArrayList<>())
                              .add(slow(broker.kind, n) ? bench.run(broker, transport, mix, n, 3_000, 500)
                                    : bench.run(broker, transport, mix, n, messages, warmup));
                     }
                  }
                  runs.forEach((kind, list) -> {
                     Result median = median(list);
                     results.add(median);
                     out.printf("  %-3s %-9s N=%-4d %-20s %9.0f msg/s%n", transport, mix.name().toLowerCase(), n,
                           kind.label, median.messagesPerSecond());
                  });
                  addRatio(PairedRatio.of(transport, mix, n, "rulefilter / artemis-sql", runs.get(Kind.RULEFILTER),
                        runs.get(Kind.ARTEMIS_SQL)));
                  addRatio(PairedRatio.of(transport, mix, n, "rulefilter / artemis-routed (floor)",
                        runs.get(Kind.RULEFILTER), runs.get(Kind.ARTEMIS_ROUTED)));
                  if (n < AddressIndexes.MIN_INDEXED_SUBSCRIPTIONS) {
                     // Below the index threshold both RuleFilter brokers run the same code: their ratio is pure noise.
                     addRatio(PairedRatio.of(transport, mix, n, "control: rulefilter / rulefilter-no-index",
                           runs.get(Kind.RULEFILTER), runs.get(Kind.RULEFILTER_NO_INDEX)));
                  }
               }
            }
         }
      } finally {
         for (BenchBroker broker : brokers) {
            broker.close();
         }
      }
      printRoutingTables(results, kinds, transports);
      printRatios();
      return results;
   }

   /**
    * Whether a broker walks all {@code n} filters per message: at 10,000 it routes a few hundred messages a second, so
    * it is timed on fewer messages (its rate, not its duration, is compared).
    */
   private static boolean slow(Kind kind, int n) {
      return n > 1000 && kind != Kind.RULEFILTER && kind != Kind.ARTEMIS_ROUTED;
   }

   private void addRatio(PairedRatio ratio) {
      if (ratio != null) {
         ratios.add(ratio);
      }
   }

   private void printRatios() {
      out.println();
      out.println("Paired ratios (each round runs every broker back to back; median and range over the rounds)");
      out.printf("%-5s %-9s %6s %-42s %6s %8s %17s%n", "", "mix", "N", "comparison", "rounds", "median", "range");
      for (PairedRatio r : ratios) {
         out.printf("%-5s %-9s %6d %-42s %6d %7.2fx %7.2fx – %.2fx%n", r.transport().equals("tcp") ? "TCP" : "in-VM",
               r.mix(), r.subscriptions(), r.comparison(), r.rounds(), r.median(), r.min(), r.max());
      }
   }

   /** The run with the median throughput (the upper one of an even count); a run, not an average of runs. */
   static Result median(List<Result> runs) {
      List<Result> sorted = new ArrayList<>(runs);
      sorted.sort((a, b) -> Double.compare(a.messagesPerSecond(), b.messagesPerSecond()));
      return sorted.get(sorted.size() / 2);
   }

   private void printRoutingTables(List<Result> results, List<Kind> kinds, List<String> transports) {
      for (String transport : transports) {
         for (Mix mix : mixes) {
            String m = mix.name().toLowerCase();
            out.println();
            out.printf("Publish throughput, %s, %s rules (msg/s until every subscription has all its messages)%n",
                  transport.equals("tcp") ? "TCP" : "in-VM", m);
            StringBuilder header = new StringBuilder(String.format("%6s", "N"));
            kinds.forEach(k -> header.append(String.format(" %20s", k.label)));
            header.append(String.format(" %12s %14s", "rf/sql", "rf vs rf(N=1)"));
            boolean floor = kinds.contains(Kind.ARTEMIS_ROUTED) && mix == Mix.SELECTIVE;
            if (floor) {
               header.append(String.format(" %18s", "floor vs its N=1"));
            }
            out.println(header);
            double base = throughput(results, transport, m, sizes[0], Kind.RULEFILTER);
            double floorBase = throughput(results, transport, m, sizes[0], Kind.ARTEMIS_ROUTED);
            for (int n : sizes) {
               int size = n;
               if (kinds.stream().allMatch(k -> Double.isNaN(throughput(results, transport, m, size, k)))) {
                  continue; // not run (broad rules at 10,000)
               }
               StringBuilder row = new StringBuilder(String.format("%6d", n));
               for (Kind k : kinds) {
                  double t = throughput(results, transport, m, n, k);
                  row.append(String.format(" %20s", Double.isNaN(t) ? "-" : String.format("%.0f", t)));
               }
               double rf = throughput(results, transport, m, n, Kind.RULEFILTER);
               double sql = throughput(results, transport, m, n, Kind.ARTEMIS_SQL);
               row.append(String.format(" %11.2fx %13.0f%%", rf / sql, 100 * rf / base));
               if (floor) {
                  row.append(String.format(" %17.0f%%", 100 * throughput(results, transport, m, n, Kind.ARTEMIS_ROUTED)
                        / floorBase));
               }
               out.println(row);
            }
         }
      }
   }

   private static double throughput(List<Result> results, String transport, String mix, int n, Kind kind) {
      return results.stream().filter(r -> r.transport().equals(transport) && r.mix().equals(mix) && r.subscriptions() == n
            && r.broker().equals(kind.label)).mapToDouble(Result::messagesPerSecond).findFirst().orElse(Double.NaN);
   }
}

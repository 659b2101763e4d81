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
import io.rulefilter.artemis.routing.AddressIndexes;
import io.rulefilter.bench.AirportWorkload.Mix;
import io.rulefilter.bench.BenchBroker.Kind;
import io.rulefilter.bench.RoutingBenchmark.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.Collections;
import org.openjdk.jmh.results.format.ResultFormatType;

/**
 * {@code rulefilter bench}: the filter micro-benchmark (JMH) and the end-to-end routing benchmark, RuleFilter against
 * plain Artemis measured in the same run and JVM, printed as tables and written as JSON.
 */
@Command(name = "rulefilter bench", mixinStandardHelpOptions = true,
      description = "Benchmark RuleFilter against plain Artemis (quick by default, under 3 minutes).")
public final class BenchMain implements Callable<Integer> {

   @Option(names = "--full", description = "the full run: longer JMH, in-VM and TCP, more messages and rounds, the index switched off too")
   boolean full;

   @Option(names = "--skip-jmh", description = "only the routing benchmark")
   boolean skipJmh;

   @Option(names = "--skip-routing", description = "only the JMH benchmark")
   boolean skipRouting;

   @Option(names = "--sizes", split = ",", defaultValue = "1,10,100,1000", description = "subscription counts (default: ${DEFAULT-VALUE})")
   int[] sizes;

   @Option(names = "--mixes", split = ",", defaultValue = "BROAD,SELECTIVE", description = "rule mixes (default: ${DEFAULT-VALUE})")
   List<Mix> mixes;

   @Option(names = "--brokers", split = ",", description = "only these brokers: RULEFILTER, RULEFILTER_NO_INDEX, ARTEMIS_SQL, NO_FILTER")
   List<Kind> only;

   @Option(names = "--output", defaultValue = "${env:RULEFILTER_HOME:-.}/benchmarks/results",
         description = "where JSON results go (default: ${DEFAULT-VALUE})")
   Path output;

   private static final String LOG_LEVEL = "org.slf4j.simpleLogger.defaultLogLevel";
   private static final String SERVER_LOG_LEVEL = "org.slf4j.simpleLogger.log.org.apache.activemq.artemis.core.server";

   private final PrintStream out = System.out;
   private final List<PairedRatio> ratios = new ArrayList<>();

   public static void main(String[] args) {
      System.setProperty(LOG_LEVEL, "warn");
      System.setProperty(SERVER_LOG_LEVEL, "error");
      System.exit(new CommandLine(new BenchMain()).execute(args));
   }

   @Override
   public Integer call() throws Exception {
      Files.createDirectories(output);
      String stamp = Instant.now().toString().replace(':', '-');
      Map<String, Object> report = new LinkedHashMap<>();
      report.put("mode", full ? "full" : "quick");
      report.put("java", System.getProperty("java.version"));
      report.put("cores", Runtime.getRuntime().availableProcessors());
      if (!skipJmh) {
         report.put("filter", filterBenchmark(output.resolve("jmh-" + stamp + ".json")));
         if (!skipRouting) {
            report.put("routingDecision", routingDecisionBenchmark(output.resolve("jmh-routing-" + stamp + ".json")));
         }
      }
      if (!skipRouting) {
         report.put("routing", routingBenchmark());
         report.put("pairedRatios", ratios);
      }
      Path json = output.resolve("bench-" + stamp + ".json");
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(json.toFile(), report);
      out.println("results: " + json);
      return 0;
   }

   // ---- JMH ----

   private Map<String, Map<String, Double>> filterBenchmark(Path jmhJson) throws Exception {
      Options options = new OptionsBuilder()
            .include(FilterBenchmark.class.getName())
            .include(MessageReadBenchmark.class.getName())
            .forks(full ? 2 : 1)
            .warmupIterations(full ? 3 : 1).warmupTime(TimeValue.milliseconds(full ? 1000 : 400))
            .measurementIterations(full ? 5 : 2).measurementTime(TimeValue.milliseconds(full ? 1000 : 400))
            .jvmArgs("-Xms1g", "-Xmx1g")
            .resultFormat(ResultFormatType.JSON).result(jmhJson.toString())
            .build();
      Collection<RunResult> results = new Runner(options).run();
      int expected = FILTER_METHODS * FilterBenchmark.FAMILIES.size() + 1;
      if (results.size() != expected) {
         throw new IllegalStateException("JMH produced " + results.size() + " results instead of " + expected
               + "; see its output above");
      }
      Map<String, Map<String, Double>> byFamily = new TreeMap<>();
      double read = Double.NaN;
      for (RunResult result : results) {
         String benchmark = result.getParams().getBenchmark();
         String method = benchmark.substring(benchmark.lastIndexOf('.') + 1);
         if (method.equals("readOnce")) {
            read = result.getPrimaryResult().getScore();
            continue;
         }
         byFamily.computeIfAbsent(result.getParams().getParam("family"), f -> new LinkedHashMap<>())
               .put(method, result.getPrimaryResult().getScore());
      }
      double readShare = read / AddressIndexes.MIN_INDEXED_SUBSCRIPTIONS;
      out.println();
      out.println("Filter cost per message and subscription (ns/op, lower is better)");
      out.printf("%-12s %10s %10s %8s %8s %12s %8s%n", "family", "rulefilter", "artemis", "speed-up", "floor",
            "in index", "speed-up");
      for (Map.Entry<String, Map<String, Double>> family : byFamily.entrySet()) {
         Map<String, Double> scores = family.getValue();
         double ours = scores.get("rulefilter");
         double theirs = scores.get("artemis");
         double indexed = scores.get("rulefilterIndexed") + readShare;
         scores.put("speedUp", theirs / ours);
         scores.put("indexedWithReadShare", indexed);
         scores.put("indexedSpeedUp", theirs / indexed);
         out.printf("%-12s %10.1f %10.1f %7.1fx %8.1f %12.1f %7.1fx%n", family.getKey(), ours, theirs, theirs / ours,
               scores.get("floor"), indexed, theirs / indexed);
      }
      out.printf("floor: reading the properties the rule needs through Artemis's message API (one property lock each).%n");
      out.printf("in index: the rule inside the address index (%d+ subscriptions), plus a %d-th share of the %.1f ns%n",
            AddressIndexes.MIN_INDEXED_SUBSCRIPTIONS, AddressIndexes.MIN_INDEXED_SUBSCRIPTIONS, read);
      out.println("the index spends reading each message's properties once for all its subscriptions.");
      out.println("key-pattern: SQL cannot test keys, so Artemis's translation is TRUE and accepts every message.");
      byFamily.put("readOnce", Map.of("readOnce", read));
      return byFamily;
   }

   /** The routing decision inside a broker ({@link RoutingDecisionBenchmark}), RuleFilter against Artemis with SQL. */
   private List<Map<String, Object>> routingDecisionBenchmark(Path jmhJson) throws Exception {
      Options options = new OptionsBuilder()
            .include(RoutingDecisionBenchmark.class.getName())
            .param("mix", mixes.stream().map(Enum::name).toArray(String[]::new))
            .param("subscriptions", Arrays.stream(sizes).mapToObj(String::valueOf).toArray(String[]::new))
            .forks(full ? 3 : 1)
            .warmupIterations(full ? 4 : 1).warmupTime(TimeValue.milliseconds(full ? 1000 : 400))
            .measurementIterations(full ? 4 : 2).measurementTime(TimeValue.milliseconds(full ? 1000 : 400))
            .jvmArgs("-Xms2g", "-Xmx2g", "-D" + LOG_LEVEL + "=warn", "-D" + SERVER_LOG_LEVEL + "=error")
            .resultFormat(ResultFormatType.JSON).result(jmhJson.toString())
            .build();
      Map<String, double[]> scores = new TreeMap<>();
      for (RunResult result : new Runner(options).run()) {
         String key = result.getParams().getParam("mix") + "/" + result.getParams().getParam("subscriptions");
         double[] pair = scores.computeIfAbsent(key, k -> new double[4]);
         int at = result.getParams().getParam("broker").equals(Kind.RULEFILTER.name()) ? 0 : 2;
         pair[at] = result.getPrimaryResult().getScore();
         pair[at + 1] = result.getPrimaryResult().getScoreError();
      }
      out.println();
      out.println("Routing decision per message inside the broker (ns, lower is better; ± is JMH's 99.9% error,");
      out.println("shown when there are enough iterations)");
      out.printf("%-10s %6s %22s %22s %9s%n", "mix", "N", "rulefilter", "artemis-sql", "speed-up");
      List<Map<String, Object>> rows = new ArrayList<>();
      for (Mix mix : mixes) {
         for (int n : sizes) {
            double[] s = scores.get(mix.name() + "/" + n);
            if (s == null) {
               continue;
            }
            out.printf("%-10s %6d %22s %22s %8.2fx%n", mix.name().toLowerCase(), n, withError(s[0], s[1]),
                  withError(s[2], s[3]), s[2] / s[0]);
            rows.add(Map.of("mix", mix.name().toLowerCase(), "subscriptions", n, "rulefilterNs", s[0],
                  "rulefilterError", s[1], "artemisSqlNs", s[2], "artemisSqlError", s[3], "speedUp", s[2] / s[0]));
         }
      }
      return rows;
   }

   private static String withError(double score, double error) {
      return Double.isNaN(error) ? String.format("%.0f", score) : String.format("%.0f ± %.0f", score, error);
   }

   /** Methods per family in {@link FilterBenchmark}. */
   private static final int FILTER_METHODS = 4;

   // ---- routing ----

   private List<Result> routingBenchmark() throws Exception {
      List<Kind> kinds = full ? List.of(Kind.RULEFILTER, Kind.RULEFILTER_NO_INDEX, Kind.ARTEMIS_SQL, Kind.NO_FILTER)
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
            brokers.add(new BenchBroker(kinds.get(i), 100 + i, BenchBroker.freePort()));
         }
         RoutingBenchmark bench = new RoutingBenchmark();
         out.println("warming up every broker (results discarded) ...");
         for (BenchBroker broker : brokers) {
            for (String transport : transports) {
               bench.run(broker, transport, Mix.SELECTIVE, 100, 20_000, 2_000);
               bench.run(broker, transport, Mix.BROAD, 10, 20_000, 2_000);
               bench.run(broker, transport, Mix.BROAD, 1, 20_000, 2_000);
            }
         }
         int round = 0;
         for (String transport : transports) {
            for (Mix mix : mixes) {
               for (int n : sizes) {
                  // Small N runs are fast and their differences small: longer runs and more rounds, so that noise
                  // can be told apart. A thousand subscriptions keep every matched message queued: fewer messages
                  // keep memory in bounds.
                  int messages = n <= 10 ? (full ? 300_000 : 40_000) : n < 1000 ? (full ? 100_000 : 40_000)
                        : (full ? 30_000 : 15_000);
                  int rounds = full ? (n <= 10 ? 7 : 3) : 1;
                  Map<Kind, List<Result>> runs = new LinkedHashMap<>();
                  for (int r = 0; r < rounds; r++) {
                     List<BenchBroker> order = new ArrayList<>(brokers);
                     Collections.rotate(order, round++); // no broker always runs first
                     for (BenchBroker broker : order) {
                        if (broker.kind == Kind.NO_FILTER && n > 100) {
                           continue; // every message in every queue: 1000 copies per message measures memory, not filtering
                        }
                        runs.computeIfAbsent(broker.kind, k -> new ArrayList<>())
                              .add(bench.run(broker, transport, mix, n, messages, warmup));
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
            out.println(header);
            double base = throughput(results, transport, m, sizes[0], Kind.RULEFILTER);
            for (int n : sizes) {
               StringBuilder row = new StringBuilder(String.format("%6d", n));
               for (Kind k : kinds) {
                  double t = throughput(results, transport, m, n, k);
                  row.append(String.format(" %20s", Double.isNaN(t) ? "-" : String.format("%.0f", t)));
               }
               double rf = throughput(results, transport, m, n, Kind.RULEFILTER);
               double sql = throughput(results, transport, m, n, Kind.ARTEMIS_SQL);
               row.append(String.format(" %11.2fx %13.0f%%", rf / sql, 100 * rf / base));
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

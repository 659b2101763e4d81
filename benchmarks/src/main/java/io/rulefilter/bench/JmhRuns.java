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
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The JMH benchmarks of {@code rulefilter bench}: filter cost per operator family, and the routing decision. */
final class JmhRuns {

   /** Methods per family in {@link FilterBenchmark}. */
   private static final int FILTER_METHODS = 4;

   private final boolean full;
   private final int[] sizes;
   private final List<Mix> mixes;
   private final PrintStream out;

   JmhRuns(boolean full, int[] sizes, List<Mix> mixes, PrintStream out) {
      this.full = full;
      this.sizes = sizes;
      this.mixes = mixes;
      this.out = out;
   }

   Map<String, Map<String, Double>> filterBenchmark(Path jmhJson) throws Exception {
      Options options = new OptionsBuilder()
            .include(FilterBenchmark.class.getName())
            .include(MessageReadBenchmark.class.getName())
            .forks(full ? 2 : 1)
            .warmupIterations(full ? 3 : 1).warmupTime(TimeValue.milliseconds(full ? 1000 : 300))
            .measurementIterations(full ? 5 : 2).measurementTime(TimeValue.milliseconds(full ? 1000 : 300))
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

   /**
    * The routing decision inside a broker ({@link RoutingDecisionBenchmark}), RuleFilter against Artemis with SQL, and
    * at the largest size up to 1,000 the floor: Artemis without filters routing into as many queues as match.
    */
   List<Map<String, Object>> routingDecisionBenchmark(Path jmhJson) throws Exception {
      Map<String, double[]> scores = new TreeMap<>();
      run(routingDecision(jmhJson, Arrays.stream(sizes).mapToObj(String::valueOf).toArray(String[]::new),
            Kind.RULEFILTER.name(), Kind.ARTEMIS_SQL.name()), scores);
      int floorSize = Arrays.stream(sizes).filter(n -> n <= 1000).max().orElse(0);
      if (floorSize > 1) {
         Path floorJson = jmhJson.resolveSibling(jmhJson.getFileName().toString().replace(".json", "-floor.json"));
         run(routingDecision(floorJson, new String[] {String.valueOf(floorSize)}, Kind.NO_FILTER.name()), scores);
      }
      out.println();
      out.println("Routing decision per message inside the broker (ns, lower is better; ± is JMH's 99.9% error,");
      out.println("shown when there are enough iterations)");
      out.printf("%-10s %6s %22s %22s %9s %22s%n", "mix", "N", "rulefilter", "artemis-sql", "speed-up", "floor");
      List<Map<String, Object>> rows = new ArrayList<>();
      for (Mix mix : mixes) {
         for (int n : sizes) {
            double[] s = scores.get(mix.name() + "/" + n);
            if (s == null) {
               continue;
            }
            out.printf("%-10s %6d %22s %22s %8.2fx %22s%n", mix.name().toLowerCase(), n, withError(s[0], s[1]),
                  withError(s[2], s[3]), s[2] / s[0], s[4] == 0 ? "-" : withError(s[4], s[5]));
            Map<String, Object> row = new LinkedHashMap<>(Map.of("mix", mix.name().toLowerCase(), "subscriptions", n,
                  "rulefilterNs", s[0], "rulefilterError", s[1], "artemisSqlNs", s[2], "artemisSqlError", s[3],
                  "speedUp", s[2] / s[0]));
            if (s[4] != 0) {
               row.put("floorNs", s[4]);
               row.put("floorError", s[5]);
            }
            rows.add(row);
         }
      }
      out.println("floor: Artemis without filters routing each message into as many queues as the rules accept on");
      out.println("average (what enqueuing the matches costs any broker); rulefilter minus floor is the decision itself.");
      return rows;
   }

   /**
    * The routing decision on a publishing node of a cluster whose subscriptions live on another node
    * ({@link CopiesRoutingDecisionBenchmark}): RuleFilter's index of the copies against Artemis's walk of their SQL.
    */
   List<Map<String, Object>> copiesRoutingDecisionBenchmark(Path jmhJson, int[] subscriptions) throws Exception {
      Map<String, double[]> scores = new TreeMap<>();
      run(routingDecision(CopiesRoutingDecisionBenchmark.class, jmhJson, Arrays.stream(subscriptions)
            .mapToObj(String::valueOf).toArray(String[]::new), Kind.RULEFILTER.name(), Kind.ARTEMIS_SQL.name()), scores);
      out.println();
      out.println("Routing decision per message with other nodes' queues (ns, lower is better): every subscription");
      out.println("lives on another node; which of this node's copies of them forward the message");
      out.printf("%-10s %6s %22s %22s %9s%n", "mix", "N", "rulefilter", "artemis-sql", "speed-up");
      List<Map<String, Object>> rows = new ArrayList<>();
      for (Mix mix : mixes) {
         for (int n : subscriptions) {
            double[] s = scores.get(mix.name() + "/" + n);
            if (s == null) {
               continue;
            }
            out.printf("%-10s %6d %22s %22s %8.2fx%n", mix.name().toLowerCase(), n, withError(s[0], s[1]),
                  withError(s[2], s[3]), s[2] / s[0]);
            rows.add(new LinkedHashMap<>(Map.of("mix", mix.name().toLowerCase(), "subscriptions", n,
                  "rulefilterNs", s[0], "rulefilterError", s[1], "artemisSqlNs", s[2], "artemisSqlError", s[3],
                  "speedUp", s[2] / s[0])));
         }
      }
      return rows;
   }

   private Options routingDecision(Path jmhJson, String[] subscriptions, String... brokers) {
      return routingDecision(RoutingDecisionBenchmark.class, jmhJson, subscriptions, brokers);
   }

   private Options routingDecision(Class<?> benchmark, Path jmhJson, String[] subscriptions, String... brokers) {
      return new OptionsBuilder()
            .include(benchmark.getName())
            .param("broker", brokers)
            .param("mix", mixes.stream().map(Enum::name).toArray(String[]::new))
            .param("subscriptions", subscriptions)
            .forks(full ? 3 : 1)
            .warmupIterations(full ? 4 : 1).warmupTime(TimeValue.milliseconds(full ? 1000 : 400))
            .measurementIterations(full ? 4 : 2).measurementTime(TimeValue.milliseconds(full ? 1000 : 400))
            .jvmArgs("-Xms2g", "-Xmx2g", "-D" + BenchMain.LOG_LEVEL + "=warn", "-D" + BenchMain.SERVER_LOG_LEVEL + "=error")
            .resultFormat(ResultFormatType.JSON).result(jmhJson.toString())
            .build();
   }

   /** Runs {@code options}, putting each score and error by mix/size at 0 (RuleFilter), 2 (Artemis SQL) or 4 (floor). */
   private static void run(Options options, Map<String, double[]> scores) throws Exception {
      for (RunResult result : new Runner(options).run()) {
         String key = result.getParams().getParam("mix") + "/" + result.getParams().getParam("subscriptions");
         double[] row = scores.computeIfAbsent(key, k -> new double[6]);
         int at = switch (Kind.valueOf(result.getParams().getParam("broker"))) {
            case RULEFILTER -> 0;
            case NO_FILTER -> 4;
            default -> 2;
         };
         row[at] = result.getPrimaryResult().getScore();
         row[at + 1] = result.getPrimaryResult().getScoreError();
      }
   }

   private static String withError(double score, double error) {
      return Double.isNaN(error) ? String.format("%.0f", score) : String.format("%.0f ± %.0f", score, error);
   }
}

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

import io.rulefilter.bench.BenchBroker.Kind;
import io.rulefilter.bench.LatencyBenchmark.Paced;
import io.rulefilter.testing.internal.FreePorts;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The consumers-attached benchmark of {@code rulefilter bench}: RuleFilter with rules and plain Artemis with the
 * equivalent SQL selectors, each with {@value #SUBSCRIPTIONS} selective JMS subscriptions and a consumer on each, in
 * rounds that rotate which broker goes first. Per broker, the publish-to-deliver percentiles of all rounds' messages
 * together (more samples make a steadier tail); per round, the paired ratios RuleFilter ÷ Artemis + SQL of each
 * percentile and of the flat-out throughput, whose spread says how much of a difference is noise.
 */
final class LatencyRuns {

   static final int SUBSCRIPTIONS = 1000;
   /**
    * Messages a second in the paced runs: a fifth to a third of what plain Artemis delivers flat out to 1,000
    * consumers here (at 2,000 it fell behind in some runs, which measures saturation, not latency).
    */
   static final int RATE = 1000;

   /** One broker's figures: pooled latency percentiles, the median rate the producer kept, the median flat-out rate. */
   record Side(String broker, Percentiles latency, double sentPerSecond, double drainedPerSecond) {
   }

   /** What the runs measured; ratios are RuleFilter ÷ Artemis + SQL per round (below 1: RuleFilter is faster). */
   record Summary(int subscriptions, int ratePerSecond, int rounds, int pacedMessages, int flatOutMessagesRulefilter,
                  int flatOutMessagesArtemisSql, Side rulefilter, Side artemisSql, Spread p50, Spread p99, Spread p999,
                  Spread max, Spread throughput) {
   }

   private final int rounds;
   private final int paced;
   private final int warmup;
   private final int flatOutRulefilter;
   private final int flatOutSql;
   private final PrintStream out;

   LatencyRuns(boolean full, PrintStream out) {
      this(full ? 5 : 2, full ? 15_000 : 2_000, full ? 8_000 : 2_000, full ? 100_000 : 10_000, full ? 20_000 : 2_500, out);
   }

   /**
    * Rounds of {@code paced} messages at {@link #RATE}, after a warm-up of {@code warmup} messages flat out and a
    * quarter as many paced (discarded); the flat-out runs publish fewer messages to plain Artemis, which drains a
    * small fraction of RuleFilter's rate here (the rates are compared, not the times).
    */
   LatencyRuns(int rounds, int paced, int warmup, int flatOutRulefilter, int flatOutSql, PrintStream out) {
      this.rounds = rounds;
      this.paced = paced;
      this.warmup = warmup;
      this.flatOutRulefilter = flatOutRulefilter;
      this.flatOutSql = flatOutSql;
      this.out = out;
   }

   Summary run() throws Exception {
      return run(SUBSCRIPTIONS);
   }

   Summary run(int n) throws Exception {
      List<Paced> rfPaced = new ArrayList<>();
      List<Paced> sqlPaced = new ArrayList<>();
      double[] rfDrained = new double[rounds];
      double[] sqlDrained = new double[rounds];
      try (BenchBroker rfBroker = new BenchBroker(Kind.RULEFILTER, 500, FreePorts.any());
           BenchBroker sqlBroker = new BenchBroker(Kind.ARTEMIS_SQL, 501, FreePorts.any());
           LatencyBenchmark rf = new LatencyBenchmark(rfBroker, n);
           LatencyBenchmark sql = new LatencyBenchmark(sqlBroker, n)) {
         out.printf("latency: %d subscriptions with a consumer each, %d msg/s; warming up both brokers (results "
               + "discarded) ...%n", n, RATE);
         for (LatencyBenchmark bench : List.of(rf, sql)) {
            bench.flatOut(warmup);
            bench.paced(Math.max(1, warmup / 4), RATE);
         }
         for (int r = 0; r < rounds; r++) {
            List<LatencyBenchmark> order = new ArrayList<>(List.of(rf, sql));
            Collections.rotate(order, r); // no broker always runs first
            for (LatencyBenchmark bench : order) {
               boolean isRf = bench == rf;
               Paced run = bench.paced(paced, RATE);
               (isRf ? rfPaced : sqlPaced).add(run);
               (isRf ? rfDrained : sqlDrained)[r] = bench.flatOut(isRf ? flatOutRulefilter : flatOutSql);
               out.printf("  round %d %-12s p50 %7.0f µs, p99 %7.0f µs; flat out %8.0f msg/s%n", r + 1, run.broker(),
                     run.latency().p50(), run.latency().p99(), (isRf ? rfDrained : sqlDrained)[r]);
            }
         }
      }
      double[] throughputRatios = new double[rounds];
      for (int r = 0; r < rounds; r++) {
         throughputRatios[r] = rfDrained[r] / sqlDrained[r];
      }
      Summary summary = new Summary(n, RATE, rounds, paced, flatOutRulefilter, flatOutSql, side(rfPaced, rfDrained),
            side(sqlPaced, sqlDrained), ratio(rfPaced, sqlPaced, Percentiles::p50),
            ratio(rfPaced, sqlPaced, Percentiles::p99), ratio(rfPaced, sqlPaced, Percentiles::p999),
            ratio(rfPaced, sqlPaced, Percentiles::max), Spread.of(throughputRatios));
      print(summary);
      return summary;
   }

   private static Side side(List<Paced> runs, double[] drained) {
      long[] pooled = runs.stream().flatMapToLong(run -> Arrays.stream(run.latencyNanos())).toArray();
      return new Side(runs.get(0).broker(), Percentiles.of(pooled),
            Spread.of(runs.stream().mapToDouble(Paced::sentPerSecond).toArray()).median(), Spread.of(drained).median());
   }

   private static Spread ratio(List<Paced> over, List<Paced> under, ToDoubleFunction<Percentiles> value) {
      double[] ratios = new double[over.size()];
      for (int i = 0; i < ratios.length; i++) {
         ratios[i] = value.applyAsDouble(over.get(i).latency()) / value.applyAsDouble(under.get(i).latency());
      }
      return Spread.of(ratios);
   }

   private void print(Summary s) {
      out.println();
      out.printf("Publish-to-deliver latency, TCP, %d selective subscriptions with a JMS consumer each, %d msg/s "
            + "(µs; %d rounds of %d messages, all their deliveries pooled; rf/sql = median and range of the per-round "
            + "ratios)%n", s.subscriptions(), s.ratePerSecond(), s.rounds(), s.pacedMessages());
      out.printf("%-8s %12s %12s %24s%n", "", "rulefilter", "artemis-sql", "rf/sql");
      row("p50", s.rulefilter().latency().p50(), s.artemisSql().latency().p50(), s.p50());
      row("p99", s.rulefilter().latency().p99(), s.artemisSql().latency().p99(), s.p99());
      row("p99.9", s.rulefilter().latency().p999(), s.artemisSql().latency().p999(), s.p999());
      row("max", s.rulefilter().latency().max(), s.artemisSql().latency().max(), s.max());
      out.printf("producer kept %.0f (rulefilter) and %.0f (artemis-sql) msg/s; every message reached exactly the "
            + "subscription whose rule accepts it%n", s.rulefilter().sentPerSecond(), s.artemisSql().sentPerSecond());
      out.println();
      out.printf("Publish throughput with consumers attached, TCP, %d selective subscriptions (msg/s until every "
            + "consumer has received all its messages; median of %d rounds of %d / %d messages)%n", s.subscriptions(),
            s.rounds(), s.flatOutMessagesRulefilter(), s.flatOutMessagesArtemisSql());
      out.printf("%12s %12s %24s%n", "rulefilter", "artemis-sql", "rf/sql");
      out.printf("%12.0f %12.0f %24s%n", s.rulefilter().drainedPerSecond(), s.artemisSql().drainedPerSecond(),
            format(s.throughput()));
   }

   private void row(String name, double rf, double sql, Spread ratio) {
      out.printf("%-8s %12.0f %12.0f %24s%n", name, rf, sql, format(ratio));
   }

   private static String format(Spread ratio) {
      return String.format("%.2fx (%.2f–%.2f)", ratio.median(), ratio.min(), ratio.max());
   }
}

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
import io.rulefilter.bench.SubscribeBenchmark.Result;
import io.rulefilter.testing.internal.FreePorts;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The subscribing benchmark of {@code rulefilter bench}: RuleFilter with rules and plain Artemis with the equivalent
 * SQL selectors make and remove N subscriptions, in rounds that alternate which broker goes first; the time per
 * subscription as N grows says whether subscribing stays linear.
 */
final class SubscribeRuns {

   /** The median run of each broker at one N, and the paired ratios over the rounds (RuleFilter ÷ Artemis + SQL). */
   record Summary(int subscriptions, int rounds, Result rulefilter, Result artemisSql, Spread create, Spread remove,
                  double extraHeapBytes) {
   }

   private final int[] sizes;
   private final boolean full;
   private final PrintStream out;

   SubscribeRuns(boolean full, PrintStream out) {
      this.sizes = full ? new int[] {1, 100, 1000, 10_000} : new int[] {1, 1000};
      this.full = full;
      this.out = out;
   }

   /**
    * Rounds at {@code n}: a round up to 1,000 takes about a second on this machine, too short to escape the other work
    * of a 2-core machine, so the full run takes many of them; a round of 10,000 takes half a minute.
    */
   private int rounds(int n) {
      return !full ? 2 : n <= 1000 ? 15 : 5;
   }

   List<Summary> run() throws Exception {
      List<Summary> summaries = new ArrayList<>();
      try (BenchBroker rulefilter = new BenchBroker(Kind.RULEFILTER, 300, FreePorts.any());
           BenchBroker sql = new BenchBroker(Kind.ARTEMIS_SQL, 301, FreePorts.any())) {
         SubscribeBenchmark bench = new SubscribeBenchmark();
         out.println("subscribing: warming up both brokers (results discarded) ...");
         bench.run(rulefilter, 1000, 1);
         bench.run(sql, 1000, 1);
         for (int n : sizes) {
            List<Result> rf = new ArrayList<>();
            List<Result> plain = new ArrayList<>();
            int rounds = rounds(n);
            for (int r = 0; r < rounds; r++) {
               List<BenchBroker> order = new ArrayList<>(List.of(rulefilter, sql));
               Collections.rotate(order, r);
               for (BenchBroker broker : order) {
                  (broker == rulefilter ? rf : plain).add(bench.run(broker, n, Math.max(1, 300 / n)));
               }
            }
            Result rfMedian = median(rf, Result::createMicros);
            Result sqlMedian = median(plain, Result::createMicros);
            summaries.add(new Summary(n, rounds, rfMedian, sqlMedian, ratio(rf, plain, Result::createMicros),
                  ratio(rf, plain, Result::removeMicros),
                  median(rf, Result::heapBytes).heapBytes() - median(plain, Result::heapBytes).heapBytes()));
            out.printf("  N=%-6d rulefilter %8.0f µs/subscription, artemis-sql %8.0f%n", n, rfMedian.createMicros(),
                  sqlMedian.createMicros());
         }
      }
      print(summaries);
      return summaries;
   }

   private void print(List<Summary> summaries) {
      out.println();
      out.println("Subscribing over TCP (µs per subscription: shared queue with its filter, then a consumer; removing: "
            + "consumer closed, queue deleted; median of the rounds; ratio = median and range of the "
            + "paired ratios rulefilter / artemis-sql)");
      out.printf("%6s %7s %10s %10s %22s %10s %10s %22s %12s%n", "N", "rounds", "make rf", "make sql", "rf/sql", "remove rf",
            "remove sql", "rf/sql", "extra B/sub");
      for (Summary s : summaries) {
         out.printf("%6d %7d %10.0f %10.0f %22s %10.0f %10.0f %22s %12s%n", s.subscriptions(), s.rounds(),
               s.rulefilter().createMicros(),
               s.artemisSql().createMicros(), format(s.create()), s.rulefilter().removeMicros(),
               s.artemisSql().removeMicros(), format(s.remove()),
               s.subscriptions() < 1000 ? "-" : String.format("%.0f", s.extraHeapBytes()));
      }
      out.println("extra B/sub: heap held per subscription by RuleFilter beyond plain Artemis with SQL (N >= 1000)");
   }

   private static String format(Spread ratio) {
      return String.format("%.2fx (%.2f–%.2f)", ratio.median(), ratio.min(), ratio.max());
   }

   private static Spread ratio(List<Result> over, List<Result> under, ToDoubleFunction<Result> value) {
      double[] ratios = new double[over.size()];
      for (int i = 0; i < ratios.length; i++) {
         ratios[i] = value.applyAsDouble(over.get(i)) / value.applyAsDouble(under.get(i));
      }
      return Spread.of(ratios);
   }

   private static Result median(List<Result> runs, ToDoubleFunction<Result> value) {
      List<Result> sorted = new ArrayList<>(runs);
      sorted.sort(Comparator.comparingDouble(value));
      return sorted.get(sorted.size() / 2);
   }
}

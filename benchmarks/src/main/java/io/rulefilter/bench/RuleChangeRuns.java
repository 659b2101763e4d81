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
import io.rulefilter.bench.RuleChangeBenchmark.Result;
import io.rulefilter.testing.internal.FreePorts;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * The rule-change benchmark of {@code rulefilter bench}: rounds of {@link RuleChangeBenchmark} on one RuleFilter
 * broker; the change times (and the control reads') of all rounds pooled into percentiles, the throughput with changes over the throughput
 * without them paired per round.
 */
final class RuleChangeRuns {

   /** What the runs measured: the changes' and the control reads' times, and the throughput. */
   record Summary(int subscriptions, int rounds, Percentiles changes, Percentiles reads,
                  double quietPerSecond, double changingPerSecond, double ratioMedian, double ratioMin, double ratioMax) {
   }

   private final PrintStream out;

   RuleChangeRuns(PrintStream out) {
      this.out = out;
   }

   /** Its sizes are the full run's: the quick run leaves it out to stay under 3 minutes. */
   Summary run() throws Exception {
      int n = 10_000;
      int messages = 500_000;
      int rounds = 5;
      List<Result> results = new ArrayList<>();
      try (BenchBroker broker = new BenchBroker(Kind.RULEFILTER, 400, FreePorts.any())) {
         RuleChangeBenchmark bench = new RuleChangeBenchmark();
         out.printf("rule changes: %d subscriptions, %d changes a second while %d messages are published ...%n", n,
               RuleChangeBenchmark.CHANGES_PER_SECOND, messages);
         bench.run(broker, n, messages / 10, 1, false); // warm-up, discarded
         for (int r = 0; r < rounds; r++) {
            results.add(bench.run(broker, n, messages, 5, r % 2 == 1));
         }
      }
      Percentiles changes = Percentiles.of(pooled(results, Result::changeNanos));
      Percentiles reads = Percentiles.of(pooled(results, Result::readNanos));
      Spread ratio = Spread.of(results.stream().mapToDouble(r -> r.changingPerSecond() / r.quietPerSecond()).toArray());
      double quiet = Spread.of(results.stream().mapToDouble(Result::quietPerSecond).toArray()).median();
      double changing = Spread.of(results.stream().mapToDouble(Result::changingPerSecond).toArray()).median();
      Summary summary = new Summary(n, rounds, changes, reads, quiet, changing, ratio.median(), ratio.min(), ratio.max());
      out.println();
      out.printf("Rule changes through the management address, %d selective subscriptions, %d rounds (TCP)%n", n, rounds);
      out.printf("  change, request to answer (the new rule in force) while %d msg/s are published: p50 %.0f µs, "
            + "p99 %.0f µs, max %.0f µs over %d changes%n", RuleChangeBenchmark.STEADY_RATE, changes.p50(),
            changes.p99(), changes.max(), changes.samples());
      out.printf("  control, a read-only call (getRule) next to each change: p50 %.0f µs, p99 %.0f µs, max %.0f µs%n",
            reads.p50(), reads.p99(), reads.max());
      out.printf("  publish throughput: %.0f msg/s without changes, %.0f msg/s with %d changes a second: %.2fx (%.2f–%.2f)%n",
            summary.quietPerSecond(), summary.changingPerSecond(), RuleChangeBenchmark.CHANGES_PER_SECOND,
            summary.ratioMedian(), summary.ratioMin(), summary.ratioMax());
      return summary;
   }

   /** The times of every round together. */
   private static long[] pooled(List<Result> results, Function<Result, long[]> times) {
      return results.stream().flatMapToLong(r -> Arrays.stream(times.apply(r))).toArray();
   }
}

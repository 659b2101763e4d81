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
import io.rulefilter.bench.RoutingBenchmark.Result;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Ratios are taken round by round, so drift of the machine between rounds cancels out; the median, lowest and
 * highest round ratios are reported. Also the median run {@link BenchMain} reports per broker.
 */
class PairedRatioTest {

   private static Result run(double messagesPerSecond) {
      return new Result("tcp", "broad", 10, "x", 1000, messagesPerSecond, 1);
   }

   private static List<Result> runs(double... messagesPerSecond) {
      List<Result> runs = new ArrayList<>();
      for (double m : messagesPerSecond) {
         runs.add(run(m));
      }
      return runs;
   }

   @Test
   void driftBetweenRoundsCancelsOut() {
      Random random = new Random(13);
      for (int trial = 0; trial < 200; trial++) {
         int rounds = 1 + random.nextInt(9);
         double factor = 0.2 + 5 * random.nextDouble();
         List<Result> under = new ArrayList<>();
         List<Result> over = new ArrayList<>();
         for (int r = 0; r < rounds; r++) {
            double machine = 1_000 + 100_000 * random.nextDouble(); // this round's speed of the machine
            under.add(run(machine));
            over.add(run(machine * factor));
         }
         PairedRatio ratio = PairedRatio.of("tcp", Mix.SELECTIVE, 100, "a / b", over, under);
         assertThat(ratio.median()).isCloseTo(factor, within(1e-9));
         assertThat(ratio.min()).isCloseTo(factor, within(1e-9));
         assertThat(ratio.max()).isCloseTo(factor, within(1e-9));
         assertThat(ratio.rounds()).isEqualTo(rounds);
      }
   }

   @Test
   void theRangeAndMedianAreOverTheRoundsRatios() {
      // round ratios 2, 0.5, 3: not the ratio of medians (200 / 100), nor of means
      PairedRatio ratio = PairedRatio.of("vm", Mix.BROAD, 1, "rulefilter / artemis-sql", runs(200, 50, 300), runs(100, 100, 100));
      assertThat(ratio).isEqualTo(new PairedRatio("vm", "broad", 1, "rulefilter / artemis-sql", 3, 2.0, 0.5, 3.0));
      PairedRatio swapped = PairedRatio.of("vm", Mix.BROAD, 1, "c", runs(300, 200, 50), runs(100, 100, 100));
      assertThat(swapped.median()).as("the order of rounds does not matter").isEqualTo(2.0);
   }

   @Test
   void noRatioWhenEitherBrokerDidNotRunEveryRound() {
      assertThat(PairedRatio.of("tcp", Mix.BROAD, 1000, "c", null, runs(1))).isNull();
      assertThat(PairedRatio.of("tcp", Mix.BROAD, 1000, "c", runs(1), null)).isNull();
      assertThat(PairedRatio.of("tcp", Mix.BROAD, 1000, "c", runs(1, 2), runs(1))).isNull();
   }

   @Test
   void theMedianRunIsTheMiddleRunByThroughputWhateverTheOrder() {
      List<Result> rounds = runs(5, 1, 9, 3, 7);
      Result middle = rounds.get(0);
      for (int i = 0; i < 10; i++) {
         Collections.shuffle(rounds, new Random(i));
         assertThat(RoutingRuns.median(rounds)).isSameAs(middle);
      }
      assertThat(RoutingRuns.median(runs(4)).messagesPerSecond()).isEqualTo(4);
      assertThat(RoutingRuns.median(runs(4, 2)).messagesPerSecond()).as("even count: the upper one").isEqualTo(4);
      List<Result> unsorted = runs(3, 1, 2);
      RoutingRuns.median(unsorted);
      assertThat(unsorted).as("the caller's list is left in its order").extracting(Result::messagesPerSecond)
            .containsExactly(3.0, 1.0, 2.0);
   }
}

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

import java.util.List;

/**
 * Throughput of one broker over another, round by round: both ran in the same round, back to back, so slow drift of
 * the machine (heap, JIT, other load) cancels out of each round's ratio. The spread over rounds says how much of a
 * difference is noise.
 *
 * @param comparison what is divided by what
 * @param median     the median of the rounds' ratios
 * @param min        the lowest round's ratio
 * @param max        the highest round's ratio
 */
record PairedRatio(String transport, String mix, int subscriptions, String comparison, int rounds, double median,
                   double min, double max) {

   /** The paired ratio of two brokers' runs (same rounds, same order), or null when either did not run. */
   static PairedRatio of(String transport, Mix mix, int n, String comparison, List<Result> over, List<Result> under) {
      if (over == null || under == null || over.size() != under.size()) {
         return null;
      }
      double[] ratios = new double[over.size()];
      for (int i = 0; i < ratios.length; i++) {
         ratios[i] = over.get(i).messagesPerSecond() / under.get(i).messagesPerSecond();
      }
      Spread spread = Spread.of(ratios);
      return new PairedRatio(transport, mix.name().toLowerCase(), n, comparison, ratios.length, spread.median(),
            spread.min(), spread.max());
   }
}

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

import java.util.Arrays;

/**
 * The percentiles of timed samples (publish-to-deliver times, management calls), in microseconds. Taken from every
 * sample (a sorted array, not a histogram): a run has tens of thousands of samples at most, so the figures are exact.
 *
 * @param samples how many samples were timed
 */
record Percentiles(int samples, double p50, double p99, double p999, double max) {

   /** The percentiles of {@code nanos}, one time per sample (a delivered message, a management call). */
   static Percentiles of(long[] nanos) {
      if (nanos.length == 0) {
         throw new IllegalArgumentException("nothing was timed");
      }
      long[] sorted = nanos.clone();
      Arrays.sort(sorted);
      return new Percentiles(sorted.length, micros(sorted, 0.50), micros(sorted, 0.99), micros(sorted, 0.999),
            sorted[sorted.length - 1] / 1e3);
   }

   private static double micros(long[] sorted, double p) {
      return sorted[nearestRank(sorted.length, p)] / 1e3;
   }

   /**
    * Where the nearest-rank percentile {@code p} (0 < p ≤ 1) lies among {@code samples} sorted samples: the smallest
    * sample that at least {@code p} of the samples do not exceed.
    */
   private static int nearestRank(int samples, double p) {
      return Math.min(samples - 1, Math.max(0, (int) Math.ceil(p * samples) - 1));
   }
}

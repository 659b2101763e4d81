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
 * The median, lowest and highest of a figure over rounds — how the benchmarks report a paired ratio, so that its
 * noise shows. The median of an even count is the upper one: a round's figure, not an average of two.
 */
record Spread(double median, double min, double max) {

   static Spread of(double[] values) {
      double[] sorted = values.clone();
      Arrays.sort(sorted);
      return new Spread(sorted[sorted.length / 2], sorted[0], sorted[sorted.length - 1]);
   }
}

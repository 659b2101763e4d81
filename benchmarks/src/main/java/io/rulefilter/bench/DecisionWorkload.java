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

import io.rulefilter.bench.AirportWorkload.AirportMessage;
import io.rulefilter.bench.AirportWorkload.Mix;
import io.rulefilter.bench.AirportWorkload.Subscription;
import io.rulefilter.bench.BenchBroker.Kind;
import io.rulefilter.selector.RuleSelector;

import java.util.List;

/**
 * What a routing decision benchmark routes: the subscriptions of a mix, a sample of messages, and per message how many
 * of the subscriptions' rules, evaluated one by one, accept it (what the set-up checks the broker against). Seeded as
 * {@link RoutingBenchmark} seeds its run, so that the decision and the end-to-end run measure the same workload.
 */
record DecisionWorkload(List<Subscription> subscriptions, List<AirportMessage> sample, long[] expected) {

   static DecisionWorkload of(Mix mix, int subscriptions, int sampleSize) {
      List<Subscription> subs = AirportWorkload.subscriptions(mix, subscriptions, 7L * subscriptions + mix.ordinal());
      List<AirportMessage> sample = AirportWorkload.messages(mix, sampleSize, subscriptions, 11L * subscriptions + mix.ordinal());
      return new DecisionWorkload(subs, sample, RoutingBenchmark.expectedPerMessage(subs, sample));
   }

   /** The subscriptions' filters for a broker of {@code kind}: their SQL for Artemis's, RuleFilter's selector else. */
   List<String> filters(Kind kind) {
      return subscriptions.stream().map(s -> kind == Kind.ARTEMIS_SQL ? s.sql() : RuleSelector.of(s.rule())).toList();
   }
}

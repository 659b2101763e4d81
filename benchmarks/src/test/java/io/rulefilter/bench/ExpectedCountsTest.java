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
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The selective mix's counts by construction equal the rules' own verdicts, and refuse a workload they do not fit. */
class ExpectedCountsTest {

   @Test
   void theSelectiveShortcutCountsWhatEveryRuleAcceptsOnItsOwn() {
      List<Subscription> subscriptions = AirportWorkload.subscriptions(Mix.SELECTIVE, 300, 5L);
      List<AirportMessage> messages = AirportWorkload.messages(Mix.SELECTIVE, 3_000, 300, 6L);
      assertThat(AirportWorkload.isSelective(subscriptions)).isTrue();
      assertThat(RoutingBenchmark.selectiveCounts(subscriptions, messages))
            .containsExactly(RoutingBenchmark.expectedCounts(subscriptions, messages, true));
   }

   @Test
   void aWorkloadThatIsNotTheSelectiveMixIsNotCountedAsOne() {
      List<Subscription> subscriptions = new ArrayList<>(AirportWorkload.subscriptions(Mix.SELECTIVE, 50, 5L));
      subscriptions.set(7, new Subscription("flight beg " + AirportWorkload.flight(7).substring(0, 2), "n/a"));
      assertThat(AirportWorkload.isSelective(subscriptions)).isFalse();
      List<AirportMessage> messages = AirportWorkload.messages(Mix.SELECTIVE, 2_000, 50, 6L);
      assertThatThrownBy(() -> RoutingBenchmark.selectiveCounts(subscriptions, messages))
            .hasMessageContaining("not what its counts assume");
   }
}

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
import io.rulefilter.bench.BenchBroker.Kind;
import io.rulefilter.testing.internal.FreePorts;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The routing benchmark's own checks on a small run, so the benchmark keeps working between full runs: every broker,
 * the floor ({@code ARTEMIS_ROUTED}, by {@code _AMQ_ROUTE_TO}) included, must put exactly what each rule accepts into
 * each queue.
 */
class RoutingBenchmarkSmokeTest {

   @ParameterizedTest
   @EnumSource(Kind.class)
   void aSmallRunDeliversExactlyWhatEveryRuleAccepts(Kind kind) throws Exception {
      try (BenchBroker broker = new BenchBroker(kind, 50 + kind.ordinal(), FreePorts.any())) {
         RoutingBenchmark bench = new RoutingBenchmark();
         for (Mix mix : Mix.values()) {
            if (kind == Kind.ARTEMIS_ROUTED && mix != Mix.SELECTIVE) {
               // the floor names one queue per message; a broad message has several
               assertThatThrownBy(() -> bench.run(broker, "tcp", mix, 50, 2_000, 200))
                     .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("selective mix only");
               continue;
            }
            RoutingBenchmark.Result result = bench.run(broker, "tcp", mix, 50, 2_000, 200);
            assertThat(result.messagesPerSecond()).isPositive();
            assertThat(result.deliveries()).isPositive();
         }
      }
   }

   @ParameterizedTest
   @EnumSource(value = Kind.class, names = {"RULEFILTER", "ARTEMIS_SQL"})
   void theRoutingDecisionBenchmarkRoutesEverySampleMessageToTheQueuesItsRulesAccept(Kind kind) throws Exception {
      for (Mix mix : Mix.values()) {
         RoutingDecisionBenchmark bench = new RoutingDecisionBenchmark();
         bench.broker = kind.name();
         bench.mix = mix;
         bench.subscriptions = 50;
         bench.setup(); // routes the whole sample once and throws on any miscount
         try {
            int queues = 0;
            for (int i = 0; i < 2_000; i++) {
               queues += bench.route();
            }
            assertThat(queues).isPositive();
         } finally {
            bench.tearDown();
         }
      }
   }
}

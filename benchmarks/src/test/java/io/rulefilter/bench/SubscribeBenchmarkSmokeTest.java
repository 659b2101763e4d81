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
import io.rulefilter.testing.internal.FreePorts;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;

/** The subscribing benchmark on a small run: it makes its subscriptions, times them, and leaves nothing behind. */
class SubscribeBenchmarkSmokeTest {

   @ParameterizedTest
   @EnumSource(value = Kind.class, names = {"RULEFILTER", "ARTEMIS_SQL"})
   void aSmallRunMakesAndRemovesEverySubscription(Kind kind) throws Exception {
      try (BenchBroker broker = new BenchBroker(kind, 70 + kind.ordinal(), FreePorts.any())) {
         SubscribeBenchmark.Result result = new SubscribeBenchmark().run(broker, 40, 2);
         assertThat(result.createMicros()).isPositive();
         assertThat(result.removeMicros()).isPositive();
         assertThat(result.heapBytes()).isNotNaN();
         assertThat(broker.server().getPostOffice().getBindingsForAddress(SimpleString.of(BenchBroker.ADDRESS))
               .getBindings()).noneMatch(binding -> binding instanceof LocalQueueBinding);
      }
   }
}

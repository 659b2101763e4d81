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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The consumers-attached benchmark on a small run: every message is delivered to its subscription once and timed,
 * a wrong delivery fails the run, and nothing is left behind.
 */
class LatencyBenchmarkSmokeTest {

   @ParameterizedTest
   @EnumSource(value = Kind.class, names = {"RULEFILTER", "ARTEMIS_SQL"})
   void aSmallRunDeliversEveryMessageToItsSubscriptionAndTimesIt(Kind kind) throws Exception {
      try (BenchBroker broker = new BenchBroker(kind, 80 + kind.ordinal(), FreePorts.any())) {
         try (LatencyBenchmark bench = new LatencyBenchmark(broker, 30)) {
            LatencyBenchmark.Paced run = bench.paced(300, 1000);
            assertThat(run.messages()).isEqualTo(300);
            assertThat(run.latency().samples()).isEqualTo(300);
            assertThat(Arrays.stream(run.latencyNanos()).min().orElseThrow()).isPositive();
            assertThat(run.latency().p50()).isPositive().isLessThanOrEqualTo(run.latency().p99());
            assertThat(run.latency().p99()).isLessThanOrEqualTo(run.latency().p999());
            assertThat(run.latency().p999()).isLessThanOrEqualTo(run.latency().max());
            assertThat(run.sentPerSecond()).as("paced, not flat out").isBetween(500.0, 1500.0);
            assertThat(bench.flatOut(500)).isPositive();
         }
         assertThat(broker.server().getPostOffice().getBindingsForAddress(SimpleString.of(BenchBroker.ADDRESS))
               .getBindings()).noneMatch(binding -> binding instanceof LocalQueueBinding);
      }
   }

   @Test
   void aMessageAtTheWrongSubscriptionOrTwiceFailsTheRun() {
      Deliveries wrong = new Deliveries(1, 2);
      wrong.record(1, 0, 0, 10);
      wrong.record(1, 1, 0, 10); // message 1 belongs to subscription 1
      assertThatThrownBy(() -> wrong.verify("x", new int[] {0, 1}, new long[] {1, 1})).hasMessageContaining("message 1");
      Deliveries twice = new Deliveries(1, 1);
      twice.record(1, 0, 0, 10);
      twice.record(1, 0, 0, 10);
      assertThatThrownBy(() -> twice.verify("x", new int[] {0}, new long[] {1})).hasMessageContaining("1 deliveries");
      Deliveries otherRun = new Deliveries(2, 1);
      otherRun.record(1, 0, 0, 10);
      assertThatThrownBy(() -> otherRun.awaitAll("x")).hasMessageContaining("should not have happened");
   }

   @Test
   void percentilesAreNearestRank() {
      long[] nanos = new long[1000];
      Arrays.setAll(nanos, i -> (i + 1) * 1000L); // 1 µs … 1000 µs
      Percentiles p = Percentiles.of(nanos);
      assertThat(p.p50()).isEqualTo(500);
      assertThat(p.p99()).isEqualTo(990);
      assertThat(p.p999()).isEqualTo(999);
      assertThat(p.max()).isEqualTo(1000);
   }

   @Test
   void theRunsPrintBothTablesWithPairedRatios() throws Exception {
      ByteArrayOutputStream printed = new ByteArrayOutputStream();
      LatencyRuns.Summary summary = new LatencyRuns(1, 200, 100, 300, 300, new PrintStream(printed, true,
            StandardCharsets.UTF_8)).run(20);
      assertThat(summary.rulefilter().latency().samples()).isEqualTo(200);
      assertThat(summary.artemisSql().latency().samples()).isEqualTo(200);
      assertThat(summary.p50().median()).isPositive();
      assertThat(summary.throughput().median()).isPositive();
      assertThat(printed.toString(StandardCharsets.UTF_8)).contains("Publish-to-deliver latency",
            "Publish throughput with consumers attached");
   }
}

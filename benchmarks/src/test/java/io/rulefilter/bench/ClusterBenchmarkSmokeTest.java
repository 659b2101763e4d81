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

import io.rulefilter.bench.ClusterBenchmark.Mode;
import io.rulefilter.bench.ClusterBenchmark.Result;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The cluster benchmark on a small run (two 3-node clusters, 30 subscriptions, one round in each mode), so that it keeps
 * working between full runs; its own checks throw on any miscount or misdelivery. Also what crosses the wire, which
 * follows from the workload and is the same whether the queues fill or drain.
 */
class ClusterBenchmarkSmokeTest {

   @Test
   void aSmallRoundOfBothClustersInBothModesDeliversExactlyAndCountsTheWire() throws Exception {
      ByteArrayOutputStream printed = new ByteArrayOutputStream();
      Map<String, Object> report = new ClusterRuns(new int[] {30}, List.of(Mode.FILL, Mode.DRAIN), 1_500, 1, 300,
            new PrintStream(printed, true, StandardCharsets.UTF_8)).run();

      @SuppressWarnings("unchecked")
      List<Map<String, Object>> sizes = (List<Map<String, Object>>) report.get("sizes");
      assertThat(sizes).extracting(size -> size.get("subscriptions")).containsExactly(30);
      assertThat(sizes.get(0)).containsKeys("setupSeconds", "fill", "drain");
      List<Result> fill = runs(sizes.get(0), "fill");
      List<Result> drain = runs(sizes.get(0), "drain");
      assertWire(fill);
      assertWire(drain);
      assertThat(drain).extracting(Result::mode).containsOnly("drain");
      assertThat(drain).extracting(Result::forwarded).as("draining changes nothing of what is forwarded")
            .isEqualTo(fill.stream().map(Result::forwarded).toList());
      assertThat(drain).extracting(Result::routeIds).isEqualTo(fill.stream().map(Result::routeIds).toList());
      assertThat(printed.toString(StandardCharsets.UTF_8)).contains("Cluster setup", "Cluster throughput, fill mode",
            "Cluster throughput, drain mode", "What crosses the wire");
   }

   @SuppressWarnings("unchecked")
   private static List<Result> runs(Map<String, Object> size, String mode) {
      Map<String, Object> runs = (Map<String, Object>) size.get(mode);
      assertThat(runs.get("pairedRatio")).as(mode).isNotNull();
      return (List<Result>) runs.get("runs");
   }

   private static void assertWire(List<Result> runs) {
      assertThat(runs).extracting(Result::broker).containsExactly("rulefilter", "artemis-sql");
      Result rulefilter = runs.get(0);
      Result artemis = runs.get(1);
      for (Result r : runs) {
         assertThat(r.messagesPerSecond()).isPositive();
         assertThat(r.messages()).isEqualTo(1_500);
         assertThat(r.publishedBytes()).as("one packet per published message").isGreaterThan(100L * r.messages());
      }
      // Each message matches one subscription, on node i mod 3: plain Artemis forwards it only when that node is
      // another than the publisher's, naming the one queue. RuleFilter's copies of other nodes' queues filter by the
      // creation rules, so it forwards the same (everything, to both nodes, only until a node has answered which of
      // its queues are managed), and the owning nodes' rules keep exactly the deliveries plain Artemis forwards.
      assertThat(artemis.forwarded()).isEqualTo(artemis.routeIds()).isBetween(700L, 1_300L);
      assertThat(artemis.judged()).isZero();
      assertThat(rulefilter.forwarded()).isBetween(artemis.forwarded(), 2L * 1_500);
      assertThat(rulefilter.routeIds()).as("the owning nodes judge every id that arrives").isEqualTo(rulefilter.judged())
            .isBetween(artemis.routeIds(), 20L * 1_500);
      assertThat(rulefilter.judged() - rulefilter.rejected()).isEqualTo(artemis.routeIds());
      for (Result r : runs) {
         assertThat(r.forwardedBytes()).as("a packet per forwarded message").isGreaterThan(100L * r.forwarded());
      }
   }
}

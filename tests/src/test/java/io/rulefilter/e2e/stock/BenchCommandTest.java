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
package io.rulefilter.e2e.stock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rulefilter.e2e.Scratch;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The benchmark commands of {@code benchmarks/README.md}, run as a user runs them: the quick run and the cluster
 * benchmark alone each finish, print their tables and write their JSON. ({@code --full} takes 50 minutes; its options
 * are checked in the benchmarks module.)
 */
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class BenchCommandTest {

   /** The launcher builds the benchmarks first when needed (on a fresh clone): that is not part of a run's time. */
   @BeforeAll
   static void build() throws Exception {
      Process help = new ProcessBuilder("bash", "bin/rulefilter", "bench", "--help").directory(Path.of("..").toFile())
            .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      assertThat(help.waitFor(5, TimeUnit.MINUTES)).isTrue();
      assertThat(help.exitValue()).isZero();
   }

   @Test
   void theQuickRunPrintsEveryTableWithinThreeMinutes() throws Exception {
      long start = System.nanoTime();
      Path results = run("bin/rulefilter bench", "Filter cost per message and subscription",
            "Routing decision per message inside the broker", "Publish throughput, TCP, selective rules",
            "Publish throughput, TCP, broad rules", "Paired ratios", "Publish-to-deliver latency, TCP, 1000 selective",
            "Publish throughput with consumers attached", "Subscribing over TCP");
      long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
      JsonNode report = report(results);
      assertThat(report.path("mode").asText()).isEqualTo("quick");
      List<String> rulefilterRuns = new ArrayList<>();
      report.path("routing").forEach(run -> {
         if (run.path("broker").asText().equals("rulefilter")) {
            rulefilterRuns.add(run.path("mix").asText() + " " + run.path("subscriptions").asInt());
         }
      });
      assertThat(rulefilterRuns).containsExactlyInAnyOrder("broad 1", "broad 100", "broad 1000",
            "selective 1", "selective 100", "selective 1000");
      List<String> floors = new ArrayList<>();
      report.path("routingDecision").forEach(row -> {
         if (row.path("floorNs").asDouble() > 0) {
            floors.add(row.path("mix").asText() + " " + row.path("subscriptions").asInt());
         }
      });
      assertThat(floors).as("the routing decision's floor, at the largest size").containsExactlyInAnyOrder("broad 1000",
            "selective 1000");
      JsonNode attached = report.path("consumersAttached");
      assertThat(attached.path("subscriptions").asInt()).isEqualTo(1000);
      assertThat(attached.path("rulefilter").path("latency").path("p99").asDouble()).isPositive();
      assertThat(attached.path("artemisSql").path("latency").path("p99").asDouble()).isPositive();
      assertThat(attached.path("throughput").path("median").asDouble()).isPositive();
      assertThat(report.path("subscribing")).hasSize(2);
      assertThat(report.has("ruleChanges")).as("rule changes are measured in the full run").isFalse();
      assertThat(seconds).as("the README promises under 3 minutes; a busy machine gets a minute more").isLessThan(240);
   }

   @Test
   void theClusterBenchmarkRunsAlone() throws Exception {
      Path results = run("bin/rulefilter bench --cluster-only", "Routing decision per message with other nodes' queues",
            "Cluster setup: 3 nodes", "Cluster throughput, fill mode: N=1000", "Cluster throughput, drain mode: N=1000");
      JsonNode report = report(results);
      assertThat(report.has("cluster")).isTrue();
      List<String> copies = new ArrayList<>();
      report.path("copiesRoutingDecision").forEach(row -> copies.add(row.path("mix").asText() + " "
            + row.path("subscriptions").asInt() + (row.path("speedUp").asDouble() > 0 ? "" : " unmeasured")));
      assertThat(copies).as("the routing decision with copies").contains("selective 1", "selective 1000",
            "selective 10000");
      assertThat(report.has("routing")).as("nothing else runs").isFalse();
   }

   /** Runs a README command line with its JSON sent to a scratch directory; checks it prints {@code titles}. */
   private static Path run(String line, String... titles) throws Exception {
      assertThat(Files.readString(Path.of("../benchmarks/README.md"), StandardCharsets.UTF_8)).contains(line + " ");
      Path results = Scratch.directory("rulefilter-bench-command");
      List<String> command = new ArrayList<>(List.of("bash"));
      command.addAll(List.of(line.split(" ")));
      command.addAll(List.of("--output", results.toAbsolutePath().toString()));
      Path log = results.resolve("output.txt");
      Process process = new ProcessBuilder(command).directory(Path.of("..").toFile()).redirectErrorStream(true)
            .redirectOutput(log.toFile()).start();
      try {
         assertThat(process.waitFor(8, TimeUnit.MINUTES)).as("%s finished", line).isTrue();
         String output = Files.readString(log, StandardCharsets.UTF_8);
         assertThat(process.exitValue()).as("%s exit; output:%n%s", line, output).isZero();
         for (String title : titles) {
            assertThat(output).as("%s prints '%s'", line, title).contains(title);
         }
         return results;
      } finally {
         process.descendants().forEach(ProcessHandle::destroyForcibly);
         process.destroyForcibly();
      }
   }

   private static JsonNode report(Path results) throws IOException {
      try (Stream<Path> files = Files.list(results)) {
         Path json = files.filter(f -> f.getFileName().toString().startsWith("bench-")).findFirst().orElseThrow();
         return new ObjectMapper().readTree(json.toFile());
      }
   }
}

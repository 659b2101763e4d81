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

import io.rulefilter.cli.CommandLines;
import io.rulefilter.cli.RuleFilterCli;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;

import static org.assertj.core.api.Assertions.assertThat;

/** Which benchmarks a {@code rulefilter bench} command line runs. */
class BenchMainOptionsTest {

   private static BenchMain parse(String... args) {
      BenchMain main = new BenchMain();
      new CommandLine(main).parseArgs(args);
      return main;
   }

   @Test
   void theQuickRunHasNoClusterAndTheFullRunHasIt() {
      BenchMain quick = parse();
      assertThat(quick.runsJmh()).isTrue();
      assertThat(quick.runsRouting()).isTrue();
      assertThat(quick.runsCluster()).as("the quick run stays under 3 minutes without it").isFalse();
      assertThat(quick.runsSubscribe()).isTrue();
      assertThat(quick.runsLatency()).as("consumers attached: what users see, in the quick run too").isTrue();
      BenchMain full = parse("--full");
      assertThat(full.runsSubscribe()).isTrue();
      assertThat(full.runsJmh()).isTrue();
      assertThat(full.runsRouting()).isTrue();
      assertThat(full.runsCluster()).isTrue();
      assertThat(full.runsLatency()).isTrue();
      assertThat(quick.clusterSizes()).as("one per node: the cluster's own ceiling; and a thousand").containsExactly(3, 1000);
      assertThat(full.clusterSizes()).containsExactly(3, 1000, 10_000);
      assertThat(full.clusterModes()).containsExactly(ClusterBenchmark.Mode.FILL, ClusterBenchmark.Mode.DRAIN);
   }

   @Test
   void clusterOnlyRunsNothingElseInEitherMode() {
      for (String[] args : new String[][] {{"--cluster-only"}, {"--cluster-only", "--full"}}) {
         BenchMain main = parse(args);
         assertThat(main.runsCluster()).isTrue();
         assertThat(main.runsJmh()).isFalse();
         assertThat(main.runsRouting()).isFalse();
         assertThat(main.runsSubscribe()).isFalse();
         assertThat(main.runsLatency()).isFalse();
      }
      assertThat(parse("--cluster-only", "--cluster-subscriptions", "30").clusterSizes()).containsExactly(30);
      assertThat(parse("--cluster-only", "--cluster-subscriptions", "3,1000,10000").clusterSizes())
            .containsExactly(3, 1000, 10_000);
      assertThat(parse("--cluster-only", "--cluster-mode", "drain").clusterModes()).containsExactly(ClusterBenchmark.Mode.DRAIN);
      assertThat(parse("--cluster-only", "--cluster-mode", "FILL").clusterModes()).containsExactly(ClusterBenchmark.Mode.FILL);
   }

   @Test
   void skipOptionsLeaveTheRest() {
      BenchMain main = parse("--full", "--skip-cluster");
      assertThat(main.runsCluster()).isFalse();
      assertThat(main.runsJmh()).isTrue();
      assertThat(main.runsRouting()).isTrue();
      main = parse("--full", "--skip-jmh", "--skip-routing", "--skip-subscribe");
      assertThat(main.runsJmh()).isFalse();
      assertThat(main.runsRouting()).isFalse();
      assertThat(main.runsSubscribe()).isFalse();
      assertThat(main.runsLatency()).as("only --skip-latency leaves it out").isTrue();
      assertThat(main.runsCluster()).isTrue();
      main = parse("--skip-latency");
      assertThat(main.runsLatency()).isFalse();
      assertThat(main.runsRouting()).isTrue();
      assertThat(main.runsSubscribe()).isTrue();
   }

   @Test
   void contradictoryOrTooSmallClusterOptionsAreRefusedBeforeAnythingRuns() {
      for (String[] args : new String[][] {{"--cluster-only", "--skip-cluster"}, {"--cluster-only", "--cluster-subscriptions", "2"},
            {"--cluster-only", "--cluster-subscriptions", "3,2"}, {"--cluster-only", "--cluster-mode", "empty"}}) {
         StringWriter err = new StringWriter();
         int exit = CommandLines.of(new BenchMain()).setErr(new PrintWriter(err)).execute(args);
         assertThat(exit).as(String.join(" ", args)).isEqualTo(2);
         assertThat(err.toString()).contains("--cluster-");
      }
   }

   @Test
   void helpAnswersWithExitZeroAndTheTopLevelHelpDescribesBenchAsItDoesItself() {
      for (String option : new String[] {"--help", "-h"}) {
         StringWriter out = new StringWriter();
         int exit = CommandLines.of(new BenchMain()).setOut(new PrintWriter(out)).execute(option);
         assertThat(exit).isZero();
         assertThat(out.toString()).startsWith("Usage: rulefilter bench");
      }
      CommandLine listed = RuleFilterCli.commandLine(new RuleFilterCli()).getSubcommands().get("bench");
      assertThat(listed.getCommandSpec().usageMessage().description())
            .isEqualTo(CommandLines.of(new BenchMain()).getCommandSpec().usageMessage().description());
   }

   @Test
   void badOptionsAreOneLineAndExitTwo() {
      for (String[] args : new String[][] {{"--sizes", "abc"}, {"--brokers", "NOPE"}, {"--mixes", "X"}, {"--bogus"},
            {"--cluster-subscriptions", "x"}}) {
         StringWriter out = new StringWriter();
         StringWriter err = new StringWriter();
         int exit = CommandLines.of(new BenchMain()).setOut(new PrintWriter(out)).setErr(new PrintWriter(err)).execute(args);
         assertThat(exit).as(String.join(" ", args)).isEqualTo(2);
         assertThat(out.toString()).isEmpty();
         assertThat(err.toString().lines()).as(String.join(" ", args)).hasSize(1).allMatch(l -> l.startsWith("rulefilter bench: "))
               .noneMatch(l -> l.contains("Exception") || l.contains("at io."));
      }
   }
}

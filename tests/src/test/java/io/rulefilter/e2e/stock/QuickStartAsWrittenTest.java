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

import io.rulefilter.e2e.Scratch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The README's Quick start, run as written: its command lines, taken from README.md's text in order, each by bash
 * in the repository's directory in a process of its own (terminal 1 the broker, terminal 2 the subscriber, terminal 3
 * each of the others), and what the README says terminal 2 shows compared with what the subscriber printed.
 * The one change: the broker gets a free port and a scratch data directory, and the others find it through
 * {@code $RULEFILTER_URL}, so that the test never meets another broker on 61616.
 */
@Timeout(value = 6, unit = TimeUnit.MINUTES) // the launcher builds the module first when sources changed
class QuickStartAsWrittenTest {

   private static final String LAUNCHER = "bin/rulefilter ";

   /** The Quick start section of the README: its fenced blocks, each as its info string and its lines. */
   private record Block(String info, List<String> lines) {
   }

   @Test
   void theQuickStartRunsTopToBottomAndTheSubscriberSeesTheRuleChange() throws Exception {
      List<Block> blocks = quickStartBlocks();
      List<String> commands = blocks.stream().filter(b -> b.info().equals("bash")).flatMap(b -> b.lines().stream())
            .filter(l -> l.startsWith(LAUNCHER)).toList();
      List<String> shown = blocks.stream().filter(b -> b.info().isEmpty() && !b.lines().isEmpty()
            && b.lines().get(0).startsWith("subscribed to ")).findFirst().orElseThrow().lines();
      assertThat(commands.get(0)).isEqualTo("bin/rulefilter broker");
      assertThat(commands.get(1)).startsWith("bin/rulefilter subscribe ");
      assertThat(commands.subList(2, commands.size())).as("terminal 3 publishes, changes the rule, publishes again")
            .anyMatch(c -> c.startsWith("bin/rulefilter rules set ")).allMatch(c -> !c.startsWith("bin/rulefilter broker"));
      assertThat(shown).as("what terminal 2 shows: the attach line and at least one message on each side of the change")
            .hasSizeGreaterThanOrEqualTo(3);

      int port = freePort();
      String url = "tcp://127.0.0.1:" + port;
      Map<String, String> environment = Map.of("RULEFILTER_URL", url);
      Path data = Scratch.directory("rulefilter-quickstart-as-written");
      try (LaunchedCommand broker = LaunchedCommand.start(commands.get(0) + " --port " + port + " --data " + data, Map.of())) {
         broker.awaitLine(("RuleFilter broker ready on " + url)::equals, "the ready line", 300);
         try (LaunchedCommand subscriber = LaunchedCommand.start(commands.get(1), environment)) {
            subscriber.awaitLine(l -> l.startsWith("subscribed to "), "the line saying it is attached", 60);
            List<String> terminal3 = new ArrayList<>();
            for (String command : commands.subList(2, commands.size())) {
               try (LaunchedCommand run = LaunchedCommand.start(command, environment)) {
                  int exit = run.exit(60);
                  terminal3.add("$ " + command + " -> exit " + exit + ": " + run.output());
                  assertThat(exit).as(String.join("\n", terminal3)).isZero();
               }
            }
            subscriber.awaitLines(shown.size(), 30);
            Thread.sleep(1_000); // a message the rule should have kept out would arrive by now
            assertThat(subscriber.output()).as("terminal 2, after\n" + String.join("\n", terminal3)).isEqualTo(shown);
         }
      }
   }

   private static int freePort() throws Exception {
      try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
         return probe.getLocalPort();
      }
   }

   /** The fenced blocks between "## Quick start" and the next section, in order. */
   private static List<Block> quickStartBlocks() throws Exception {
      String readme = Files.readString(Path.of("../README.md"), StandardCharsets.UTF_8);
      int start = readme.indexOf("\n## Quick start\n");
      assertThat(start).as("README has a Quick start").isNotNegative();
      int end = readme.indexOf("\n## ", start + 1);
      List<Block> blocks = new ArrayList<>();
      Block open = null;
      for (String line : readme.substring(start, end).split("\n")) {
         if (line.startsWith("```")) {
            if (open == null) {
               open = new Block(line.substring(3).strip(), new ArrayList<>());
            } else {
               blocks.add(open);
               open = null;
            }
         } else if (open != null) {
            open.lines().add(line);
         }
      }
      return blocks;
   }
}

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
 * The README's Quick start and its section on raw Type B messages, run as written: their command lines, taken from
 * README.md's text in order, each by bash in the repository's directory in a process of its own (terminal 1 the
 * broker, terminal 2 the subscriber, terminal 3 each of the others), and what the README says terminal 2 shows
 * compared with what the subscriber printed.
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
      List<Block> blocks = sectionBlocks("Quick start");
      List<String> commands = commands(blocks);
      assertThat(commands.get(0)).isEqualTo("bin/rulefilter broker");
      assertThat(commands.get(1)).startsWith("bin/rulefilter subscribe ");
      assertThat(commands.subList(2, commands.size())).as("terminal 3 publishes, changes the rule, publishes again")
            .anyMatch(c -> c.startsWith("bin/rulefilter rules set ")).allMatch(c -> !c.startsWith("bin/rulefilter broker"));
      List<String> shown = shown(blocks);
      assertThat(shown).as("what terminal 2 shows: the attach line and at least one message on each side of the change")
            .hasSizeGreaterThanOrEqualTo(3);
      runAsWritten(commands.get(0), commands.get(1), commands.subList(2, commands.size()), shown);
   }

   /** The section on raw Type B messages, with the Quick start's broker: a BSM routed by flight and bag tag. */
   @Test
   void theTypeBSectionRoutesRawBsmsByFlightAndBagTag() throws Exception {
      List<Block> blocks = sectionBlocks("Raw baggage messages (Type B)");
      List<String> commands = commands(blocks);
      assertThat(commands.get(0)).startsWith("bin/rulefilter subscribe ").contains("@typeb");
      assertThat(commands.subList(1, commands.size())).as("terminal 3 publishes raw bodies").isNotEmpty()
            .allMatch(c -> c.startsWith("bin/rulefilter publish ") && c.contains("--body"));
      List<String> shown = shown(blocks);
      assertThat(shown).as("the attach line and at least one BSM").hasSizeGreaterThanOrEqualTo(2)
            .hasSizeLessThan(commands.size());
      runAsWritten("bin/rulefilter broker", commands.get(0), commands.subList(1, commands.size()), shown);
   }

   /**
    * Terminal 1 runs {@code broker} (on a free port, with scratch data), terminal 2 {@code subscribe}, terminal 3 each
    * of {@code others}; terminal 2 then shows exactly {@code shown}.
    */
   private static void runAsWritten(String broker, String subscribe, List<String> others, List<String> shown)
         throws Exception {
      int port = freePort();
      String url = "tcp://127.0.0.1:" + port;
      Map<String, String> environment = Map.of("RULEFILTER_URL", url);
      Path data = Scratch.directory("rulefilter-readme-as-written");
      try (LaunchedCommand started = LaunchedCommand.start(broker + " --port " + port + " --data " + data, Map.of())) {
         started.awaitLine(("RuleFilter broker ready on " + url)::equals, "the ready line", 300);
         try (LaunchedCommand subscriber = LaunchedCommand.start(subscribe, environment)) {
            subscriber.awaitLine(l -> l.startsWith("subscribed to "), "the line saying it is attached", 60);
            List<String> terminal3 = new ArrayList<>();
            for (String command : others) {
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

   /** The launcher's command lines of the section's bash blocks, in order. */
   private static List<String> commands(List<Block> blocks) {
      return blocks.stream().filter(b -> b.info().equals("bash")).flatMap(b -> b.lines().stream())
            .filter(l -> l.startsWith(LAUNCHER)).toList();
   }

   /** What the section says terminal 2 shows: the plain block that starts with the attach line. */
   private static List<String> shown(List<Block> blocks) {
      return blocks.stream().filter(b -> b.info().isEmpty() && !b.lines().isEmpty()
            && b.lines().get(0).startsWith("subscribed to ")).findFirst().orElseThrow().lines();
   }

   private static int freePort() throws Exception {
      try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
         return probe.getLocalPort();
      }
   }

   /** The fenced blocks between "## {@code heading}" and the next section, in order. */
   private static List<Block> sectionBlocks(String heading) throws Exception {
      String readme = Files.readString(Path.of("../README.md"), StandardCharsets.UTF_8);
      int start = readme.indexOf("\n## " + heading + "\n");
      assertThat(start).as("README has a section " + heading).isNotNegative();
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

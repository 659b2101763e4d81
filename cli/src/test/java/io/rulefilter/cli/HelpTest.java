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
package io.rulefilter.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Help answers on every command: {@code --help}, {@code -h} and {@code help COMMAND}, exit 0, one sentence per command. */
class HelpTest {

   private record Run(int exit, String out, String err) {
   }

   private static Run run(String... args) {
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      CommandLine cli = RuleFilterCli.commandLine(new RuleFilterCli());
      cli.setOut(new PrintWriter(out, true));
      cli.setErr(new PrintWriter(err, true));
      return new Run(cli.execute(args), out.toString(), err.toString());
   }

   /** Every command bin/rulefilter starts, including those of other modules (and help itself). */
   private static List<String> commands() {
      return new ArrayList<>(RuleFilterCli.commandLine(new RuleFilterCli()).getSubcommands().keySet());
   }

   @Test
   void theTopLevelHelpListsEveryCommandWithOneFullSentence() {
      assertThat(commands()).containsAll(List.of("check", "translate", "selector", "eval", "explain", "fuzz", "broker",
            "cluster", "rules", "subscribe", "publish", "bench", "help"));
      for (String option : List.of("--help", "-h")) {
         Run run = run(option);
         assertThat(run.exit).isZero();
         assertThat(run.err).isEmpty();
         for (String command : commands()) {
            assertThat(run.out).as(command).containsPattern("(?m)^  " + command + " ");
         }
      }
      for (Map.Entry<String, CommandLine> command : RuleFilterCli.commandLine(new RuleFilterCli()).getSubcommands().entrySet()) {
         CommandLine.Model.UsageMessageSpec usage = command.getValue().getCommandSpec().usageMessage();
         String sentence = usage.header().length > 0 ? usage.header()[0] : usage.description()[0];
         assertThat(sentence).as(command.getKey() + "'s first line, the one the list shows").matches("[A-Z].*\\.");
      }
   }

   @Test
   void everyCommandAnswersHelpWithExitZero() {
      for (String command : commands()) {
         for (List<String> args : List.of(List.of(command, "--help"), List.of(command, "-h"), List.of("help", command))) {
            Run run = run(args.toArray(String[]::new));
            assertThat(run.exit).as(String.join(" ", args) + ": " + run.err).isZero();
            assertThat(run.err).as(String.join(" ", args)).isEmpty();
            assertThat(run.out).as(String.join(" ", args)).containsPattern("(?m)^Usage: rulefilter " + command + " ");
         }
      }
   }

   @Test
   void helpWinsOverAMissingArgument() {
      Run run = run("explain", "--prop", "x=1", "--help");
      assertThat(run.exit).isZero();
      assertThat(run.out).startsWith("Usage: rulefilter explain");
   }
}

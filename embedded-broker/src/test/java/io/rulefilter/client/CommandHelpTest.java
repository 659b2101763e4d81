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
package io.rulefilter.client;

import io.rulefilter.broker.BrokerMain;
import io.rulefilter.broker.ClusterMain;
import io.rulefilter.cli.CommandLines;
import io.rulefilter.cli.RuleFilterCli;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Help answers on broker, cluster, rules and every rules subcommand, subscribe and publish (exit 0, on stdout), and
 * {@code rulefilter --help} lists them with their own descriptions.
 */
class CommandHelpTest {

   private static final Map<String, Supplier<Object>> COMMANDS = Map.of("broker", BrokerMain::new, "cluster", ClusterMain::new,
         "rules", RulesMain::new, "subscribe", SubscribeCommand::new, "publish", PublishCommand::new);

   private record Run(int exit, String out, String err) {
   }

   private static Run run(Object command, List<String> args) {
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      CommandLine cli = CommandLines.of(command).setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true));
      return new Run(cli.execute(args.toArray(String[]::new)), out.toString(), err.toString());
   }

   @Test
   void everyCommandAndSubcommandAnswersHelpWithExitZero() {
      for (Map.Entry<String, Supplier<Object>> command : COMMANDS.entrySet()) {
         List<List<String>> asks = new ArrayList<>(List.of(List.of("--help"), List.of("-h")));
         for (String sub : CommandLines.of(command.getValue().get()).getSubcommands().keySet()) {
            asks.addAll(List.of(List.of(sub, "--help"), List.of(sub, "-h"), List.of("help", sub)));
         }
         for (List<String> args : asks) {
            Run run = run(command.getValue().get(), args);
            String what = command.getKey() + " " + String.join(" ", args);
            assertThat(run.exit).as(what + ": " + run.err).isZero();
            assertThat(run.err).as(what).isEmpty();
            assertThat(run.out).as(what).containsPattern("(?m)^Usage: rulefilter " + command.getKey() + " ");
         }
      }
   }

   @Test
   void theTopLevelHelpDescribesTheseCommandsAsTheyDescribeThemselves() {
      Map<String, CommandLine> listed = RuleFilterCli.commandLine(new RuleFilterCli()).getSubcommands();
      for (Map.Entry<String, Supplier<Object>> command : COMMANDS.entrySet()) {
         assertThat(listed.get(command.getKey()).getCommandSpec().usageMessage().description())
               .isEqualTo(CommandLines.of(command.getValue().get()).getCommandSpec().usageMessage().description());
      }
   }
}

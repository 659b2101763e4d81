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

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

import java.util.List;
import java.util.concurrent.Callable;

/**
 * The commands of the other modules, as entries of {@code rulefilter --help}. bin/rulefilter starts their own main
 * classes (and turns {@code help broker} into {@code broker --help}), so these run only when this module's main class
 * is started by hand; they then say how to run the real command. Their descriptions are the real commands' (a test
 * in each module compares them).
 */
final class OtherModules {

   /** A command of another module: its name, its description (the real command's) and the main class that runs it. */
   private record Other(String name, String description, String mainClass) {
   }

   private static final List<Other> COMMANDS = List.of(
         new Other("broker", "Start Artemis 2.56.0 with the RuleFilter plugin on 127.0.0.1.", "io.rulefilter.broker.BrokerMain"),
         new Other("cluster", "Start a local Artemis 2.56.0 cluster of RuleFilter brokers on 127.0.0.1.",
               "io.rulefilter.broker.ClusterMain"),
         new Other("rules", "Manage the rules of a running RuleFilter broker.", "io.rulefilter.client.RulesMain"),
         new Other("subscribe",
               "Subscribe to an address of a running broker with a rule and print every message the rule lets through.",
               "io.rulefilter.client.SubscribeCommand"),
         new Other("publish", "Publish messages with a tag and properties to an address of a running broker.",
               "io.rulefilter.client.PublishCommand"),
         new Other("bench", "Benchmark RuleFilter against plain Artemis (quick by default, under 3 minutes).",
               "io.rulefilter.bench.BenchMain"));

   private OtherModules() {
   }

   /** Adds every command of the other modules to {@code cli} as a subcommand, in the order the help lists them. */
   static void addTo(CommandLine cli) {
      for (Other other : COMMANDS) {
         CommandLine command = new CommandLine(new Elsewhere(other.mainClass()));
         command.getCommandSpec().usageMessage().description(other.description());
         cli.addSubcommand(other.name(), command);
      }
   }

   /** Says where the command really is, with exit 2: it cannot run from the rule-language module. */
   @Command
   static final class Elsewhere implements Callable<Integer> {
      @Unmatched
      List<String> arguments = List.of();

      @Spec
      CommandSpec spec;

      private final String mainClass;

      Elsewhere(String mainClass) {
         this.mainClass = mainClass;
      }

      @Override
      public Integer call() {
         spec.commandLine().getErr().println(spec.qualifiedName() + ": start it with bin/" + spec.qualifiedName()
               + " (its main class is " + mainClass + ")");
         return CommandLines.INVALID;
      }
   }
}

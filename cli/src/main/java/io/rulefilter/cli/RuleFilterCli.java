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
import picocli.CommandLine.ScopeType;

/**
 * {@code rulefilter}: every command, as {@code bin/rulefilter} offers them. Exit codes: 0 done, 1 failure, 2 invalid
 * rule or usage. The broker, cluster, rules, subscribe, publish and bench commands live in other modules (the launcher starts those
 * directly); they are listed here so that {@code rulefilter --help} shows everything there is.
 */
@Command(name = "rulefilter", mixinStandardHelpOptions = true, scope = ScopeType.INHERIT, version = "rulefilter 0.1.0",
      description = "Check, translate, evaluate and explain RuleFilter rules, run a broker with the plugin, manage its rules, "
            + "and publish and subscribe from the terminal.",
      subcommands = {CheckCommand.class, TranslateCommand.class, SelectorCommand.class, EvalCommand.class,
            ExplainCommand.class, FuzzCommand.class})
public final class RuleFilterCli {

   public static final int INVALID = CommandLines.INVALID;

   public static void main(String[] args) {
      System.exit(commandLine(new RuleFilterCli()).execute(args));
   }

   /**
    * The command line of {@code command}, a {@code RuleFilterCli}, with the other modules' commands and help last. It
    * reports a rejected rule with its caret and exit code 2, like any usage error.
    */
   public static CommandLine commandLine(Object command) {
      CommandLine cli = CommandLines.of(command);
      OtherModules.addTo(cli);
      return cli.addSubcommand(new CommandLine.HelpCommand());
   }
}

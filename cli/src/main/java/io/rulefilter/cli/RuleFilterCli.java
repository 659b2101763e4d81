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

import io.rulefilter.parse.RuleSyntaxException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code rulefilter}: the rule-language commands. Exit codes: 0 done, 1 failure, 2 invalid rule or usage. */
@Command(name = "rulefilter", mixinStandardHelpOptions = true, version = "rulefilter 0.1.0",
      description = "Check, translate, evaluate and explain RuleFilter rules.",
      subcommands = {CheckCommand.class, TranslateCommand.class, SelectorCommand.class, EvalCommand.class,
            ExplainCommand.class, FuzzCommand.class, CommandLine.HelpCommand.class})
public final class RuleFilterCli {

   public static final int INVALID = 2;

   public static void main(String[] args) {
      System.exit(commandLine(new RuleFilterCli()).execute(args));
   }

   /** A command line that reports a rejected rule with its caret and exit code 2, like any usage error. */
   public static CommandLine commandLine(Object command) {
      CommandLine cli = new CommandLine(command);
      cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
         if (e instanceof RuleSyntaxException rejected) {
            commandLine.getErr().println(rejected.render());
            return INVALID;
         }
         if (e instanceof IllegalArgumentException invalid) {
            commandLine.getErr().println("rulefilter: " + invalid.getMessage());
            return INVALID;
         }
         throw e;
      });
      return cli;
   }
}

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

import io.rulefilter.RuleLanguage;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.util.concurrent.Callable;

@Command(name = "check", description = "Print the canonical form of RULE, or its error with a caret (exit 2).")
final class CheckCommand implements Callable<Integer> {

   @Parameters(paramLabel = "RULE", description = "the rule, e.g. '@tag beg BS'")
   String rule;

   @Spec
   CommandSpec spec;

   @Override
   public Integer call() {
      spec.commandLine().getOut().println(RuleLanguage.standard().check(rule));
      return 0;
   }
}

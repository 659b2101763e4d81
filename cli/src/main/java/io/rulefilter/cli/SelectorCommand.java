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

import io.rulefilter.rule.Rule;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

@Command(name = "selector", description = "Print only the selector form of RULE, for JMS consumers and broker.xml.")
final class SelectorCommand implements Callable<Integer> {

   @Mixin
   TranslatedRule rule;

   @Spec
   CommandSpec spec;

   @Override
   public Integer call() {
      Rule parsed = rule.parse();
      spec.commandLine().getOut().println(rule.language().selector(parsed));
      return 0;
   }
}

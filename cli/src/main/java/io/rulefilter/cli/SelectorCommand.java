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

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

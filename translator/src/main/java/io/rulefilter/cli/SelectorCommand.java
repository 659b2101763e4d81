package io.rulefilter.cli;

import io.rulefilter.message.MessageModel;
import io.rulefilter.parse.RuleParser;
import io.rulefilter.rule.Rule;
import io.rulefilter.selector.RuleSelector;
import io.rulefilter.sql.SqlTranslator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

@Command(name = "selector", description = "Print only the selector form of RULE, for JMS consumers and broker.xml.")
final class SelectorCommand implements Callable<Integer> {

   @Parameters(paramLabel = "RULE", description = "the rule")
   String rule;

   @Option(names = "--tag-property", defaultValue = MessageModel.DEFAULT_TAG_PROPERTY,
         description = "the message property that holds the tag (default: ${DEFAULT-VALUE})")
   String tagProperty;

   @Spec
   CommandSpec spec;

   @Override
   public Integer call() {
      Rule parsed = RuleParser.parse(rule);
      String sql = new SqlTranslator(new MessageModel(tagProperty)).translate(parsed).filter();
      spec.commandLine().getOut().println(RuleSelector.of(parsed, sql));
      return 0;
   }
}

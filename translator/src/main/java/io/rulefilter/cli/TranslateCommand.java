package io.rulefilter.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rulefilter.message.MessageModel;
import io.rulefilter.parse.RuleParser;
import io.rulefilter.rule.Rule;
import io.rulefilter.selector.RuleSelector;
import io.rulefilter.sql.SqlFilter;
import io.rulefilter.sql.SqlTranslator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

@Command(name = "translate", description = "Print RULE as JSON: rule, canonical, filter (Artemis SQL), exact, selector.")
final class TranslateCommand implements Callable<Integer> {

   @Parameters(paramLabel = "RULE", description = "the rule")
   String rule;

   @Option(names = "--tag-property", defaultValue = MessageModel.DEFAULT_TAG_PROPERTY,
         description = "the message property that holds the tag (default: ${DEFAULT-VALUE})")
   String tagProperty;

   @Spec
   CommandSpec spec;

   @Override
   public Integer call() throws Exception {
      Rule parsed = RuleParser.parse(rule);
      SqlFilter sql = new SqlTranslator(new MessageModel(tagProperty)).translate(parsed);
      ObjectMapper json = new ObjectMapper();
      ObjectNode out = json.createObjectNode()
            .put("rule", rule)
            .put("canonical", parsed.canonical())
            .put("filter", sql.filter())
            .put("exact", sql.isExact())
            .put("selector", RuleSelector.of(parsed, sql.filter()));
      spec.commandLine().getOut().println(json.writeValueAsString(out));
      return 0;
   }
}

package io.rulefilter.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rulefilter.rule.Rule;
import io.rulefilter.selector.RuleSelector;
import io.rulefilter.sql.SqlFilter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

@Command(name = "translate", description = "Print RULE as JSON: rule, canonical, filter (Artemis SQL), exact, selector.")
final class TranslateCommand implements Callable<Integer> {

   @Mixin
   TranslatedRule rule;

   @Spec
   CommandSpec spec;

   @Override
   public Integer call() throws Exception {
      Rule parsed = rule.parse();
      SqlFilter sql = rule.translate(parsed);
      ObjectMapper json = new ObjectMapper();
      ObjectNode out = json.createObjectNode()
            .put("rule", rule.text)
            .put("canonical", parsed.canonical())
            .put("filter", sql.filter())
            .put("exact", sql.isExact())
            .put("selector", RuleSelector.of(parsed, sql.filter()));
      spec.commandLine().getOut().println(json.writeValueAsString(out));
      return 0;
   }
}

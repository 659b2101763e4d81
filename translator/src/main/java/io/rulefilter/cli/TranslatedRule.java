package io.rulefilter.cli;

import io.rulefilter.message.MessageModel;
import io.rulefilter.parse.RuleParser;
import io.rulefilter.rule.Rule;
import io.rulefilter.sql.SqlFilter;
import io.rulefilter.sql.SqlTranslator;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The RULE argument and the tag property it is translated for, shared by {@code translate} and {@code selector}. */
final class TranslatedRule {

   @Parameters(paramLabel = "RULE", description = "the rule, e.g. 'airline weq CA'")
   String text;

   @Option(names = "--tag-property", defaultValue = MessageModel.DEFAULT_TAG_PROPERTY,
         description = "the message property that holds the tag (default: ${DEFAULT-VALUE})")
   String tagProperty;

   Rule parse() {
      return RuleParser.parse(text);
   }

   SqlFilter translate(Rule rule) {
      return new SqlTranslator(new MessageModel(tagProperty)).translate(rule);
   }
}

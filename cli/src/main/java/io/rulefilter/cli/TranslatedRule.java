package io.rulefilter.cli;

import io.rulefilter.RuleLanguage;
import io.rulefilter.message.MessageModel;
import io.rulefilter.parse.RuleLimits;
import io.rulefilter.rule.Rule;
import io.rulefilter.sql.SqlFilter;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The RULE argument and the tag property it is translated for, shared by {@code translate} and {@code selector}. */
final class TranslatedRule {

   @Parameters(paramLabel = "RULE", description = "the rule, e.g. 'airline weq CA'")
   String text;

   @Option(names = "--tag-property", defaultValue = MessageModel.DEFAULT_TAG_PROPERTY,
         description = "the message property that holds the tag (default: ${DEFAULT-VALUE})")
   String tagProperty;

   RuleLanguage language() {
      return RuleLanguage.of(tagProperty, RuleLimits.DEFAULT);
   }

   Rule parse() {
      return language().parse(text);
   }

   SqlFilter translate(Rule rule) {
      return language().translate(rule);
   }
}

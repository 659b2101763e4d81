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

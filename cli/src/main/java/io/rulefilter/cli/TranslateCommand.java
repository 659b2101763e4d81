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

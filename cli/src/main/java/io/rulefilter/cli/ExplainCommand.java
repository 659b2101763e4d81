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
import io.rulefilter.eval.Explanation;
import io.rulefilter.rule.Rule;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

@Command(name = "explain", description = "Show each condition of RULE with its verdict for one message.")
final class ExplainCommand implements Callable<Integer> {

   @Parameters(paramLabel = "RULE", description = "the rule")
   String rule;

   @Option(names = "--tag", paramLabel = "T", description = "the message's tag (absent when not given)")
   String tag;

   @Option(names = "--prop", paramLabel = "KEY[:TYPE]=VALUE", description = {
         "a property; TYPE is string (default), long, int, short, byte, double, float or boolean,",
         "e.g. --prop airline=CA --prop bagCount:long=3"})
   List<String> props = List.of();

   @Spec
   CommandSpec spec;

   @Override
   public Integer call() {
      RuleLanguage language = RuleLanguage.standard();
      Rule parsed = language.parse(rule);
      Map<String, Object> attributes = new LinkedHashMap<>();
      for (String prop : props) {
         parseProp(prop, attributes);
      }
      Explanation explanation = language.explain(parsed, RuleLanguage.message(tag, attributes));
      var out = spec.commandLine().getOut();
      out.print(explanation.render());
      out.println(explanation.verdict() ? "=> delivered" : "=> not delivered");
      return 0;
   }

   private void parseProp(String prop, Map<String, Object> attributes) {
      int eq = prop.indexOf('=');
      if (eq <= 0) {
         throw new ParameterException(spec.commandLine(), "--prop '" + prop + "': expected KEY=VALUE or KEY:TYPE=VALUE");
      }
      String key = prop.substring(0, eq);
      String value = prop.substring(eq + 1);
      String type = "string";
      int colon = key.lastIndexOf(':');
      if (colon > 0) {
         type = key.substring(colon + 1);
         key = key.substring(0, colon);
      }
      try {
         attributes.put(key, switch (type) {
            case "string" -> value;
            case "long" -> Long.parseLong(value);
            case "int" -> Integer.parseInt(value);
            case "short" -> Short.parseShort(value);
            case "byte" -> Byte.parseByte(value);
            case "double" -> Double.parseDouble(value);
            case "float" -> Float.parseFloat(value);
            case "boolean" -> parseBoolean(value);
            default -> throw new ParameterException(spec.commandLine(), "--prop '" + prop + "': unknown type '" + type
                  + "' (string, long, int, short, byte, double, float, boolean)");
         });
      } catch (NumberFormatException e) {
         throw new ParameterException(spec.commandLine(), "--prop '" + prop + "': '" + value + "' is not a " + type);
      }
   }

   private Boolean parseBoolean(String value) {
      if (!value.equals("true") && !value.equals("false")) {
         throw new NumberFormatException(value);
      }
      return Boolean.valueOf(value);
   }
}

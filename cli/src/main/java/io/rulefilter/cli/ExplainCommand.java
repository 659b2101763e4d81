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

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rulefilter.RuleLanguage;
import io.rulefilter.eval.Explanation;
import io.rulefilter.internal.message.MapMessage;
import io.rulefilter.rule.Rule;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * Explains a rule's verdict on one message given by options or as one {@code eval} input line; with a body, shows
 * first what {@code @typeb} subjects read of it.
 */
@Command(name = "explain", description = {"Show each condition of RULE with its verdict for one message.",
      "With a body (--body, --body-file or --message), show first the Type B elements that @typeb subjects read."})
final class ExplainCommand implements Callable<Integer> {

   @Parameters(paramLabel = "RULE", description = "the rule")
   String rule;

   @Option(names = "--tag", paramLabel = "T", description = "the message's tag (absent when not given)")
   String tag;

   @Option(names = "--prop", paramLabel = "KEY[:TYPE]=VALUE", description = {
         "a property; TYPE is string (default), long, int, short, byte, double, float or boolean,",
         "e.g. --prop airline=CA --prop bagCount:long=3"})
   List<String> props = List.of();

   @Option(names = "--body", paramLabel = "TEXT", description = "the message's text body, e.g. a Type B BSM")
   String body;

   @Option(names = "--body-file", paramLabel = "FILE", description = "the message's body, read from FILE ('-': stdin)")
   String bodyFile;

   @Option(names = "--message", paramLabel = "JSON", description = {
         "the whole message as one eval input line: {\"tag\", \"properties\": {...}, \"body\"}",
         "(instead of --tag, --prop and --body)"})
   String message;

   @Spec
   CommandSpec spec;

   /** Why the body file gives no text (too large, not UTF-8), or null. */
   private String bodyNotText;

   @Override
   public Integer call() throws IOException {
      RuleLanguage language = RuleLanguage.standard();
      Rule parsed = language.parse(rule);
      MapMessage explained = message != null ? fromJson() : fromOptions();
      Explanation explanation = language.explain(parsed, explained);
      var out = spec.commandLine().getOut();
      if (bodyNotText != null) {
         out.print(TypeBSummary.none(bodyNotText));
      } else if (explained.body() != null) {
         out.print(TypeBSummary.of(explained.body(), explained.typeB()));
      }
      out.print(explanation.render());
      out.println(explanation.verdict() ? "=> delivered" : "=> not delivered");
      return 0;
   }

   private MapMessage fromOptions() throws IOException {
      Map<String, Object> attributes = new LinkedHashMap<>();
      for (String prop : props) {
         parseProp(prop, attributes);
      }
      if (bodyFile == null) {
         return new MapMessage(tag, attributes, body);
      }
      if (body != null) {
         throw new ParameterException(spec.commandLine(), "--body and --body-file: give the body once");
      }
      BodyFile file = BodyFile.read(bodyFile);
      bodyNotText = file.notText();
      return new MapMessage(tag, attributes, file.text());
   }

   private MapMessage fromJson() {
      if (tag != null || !props.isEmpty() || body != null || bodyFile != null) {
         throw new ParameterException(spec.commandLine(),
               "--message is the whole message: no --tag, --prop, --body or --body-file with it");
      }
      try {
         JsonNode line = new ObjectMapper().readTree(message);
         if (line == null || !line.isObject()) {
            throw new IllegalArgumentException("not a JSON object");
         }
         return JsonMessages.fromJson(line);
      } catch (JsonProcessingException e) {
         throw new ParameterException(spec.commandLine(), "--message: not a JSON object: " + e.getOriginalMessage());
      } catch (IllegalArgumentException e) {
         throw new ParameterException(spec.commandLine(), "--message: " + e.getMessage());
      }
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

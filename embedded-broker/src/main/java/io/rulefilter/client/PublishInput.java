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
package io.rulefilter.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rulefilter.cli.JsonMessages;
import io.rulefilter.internal.message.MapMessage;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

import java.io.BufferedReader;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** What {@code rulefilter publish} sends: its arguments, or JSON lines as {@code rulefilter eval} reads them. */
final class PublishInput {

   private static final Pattern WHOLE = Pattern.compile("-?(0|[1-9][0-9]*)");
   private static final Pattern DECIMAL = Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][-+]?[0-9]+)?");
   private static final ObjectMapper JSON = new ObjectMapper();

   private PublishInput() {
   }

   /** One message of {@code KEY=VALUE} arguments: numbers as JSON writes them become numbers, the rest strings. */
   static BusMessage fromArguments(CommandLine cli, String tag, List<String> arguments, String body) {
      Map<String, Object> properties = new LinkedHashMap<>();
      for (String argument : arguments) {
         int eq = argument.indexOf('=');
         if (eq <= 0) {
            throw new ParameterException(cli, "'" + argument + "': expected KEY=VALUE, e.g. airline=CA or bagCount=3");
         }
         properties.put(argument.substring(0, eq), typed(argument.substring(eq + 1)));
      }
      return new BusMessage(tag, properties, body);
   }

   /** A whole number in a long's range is a long, another number a double, anything else the text itself. */
   static Object typed(String value) {
      if (WHOLE.matcher(value).matches()) {
         try {
            return Long.parseLong(value);
         } catch (NumberFormatException tooLong) {
            return value; // beyond a long: a rule could not compare it as one either, so it stays text
         }
      }
      if (DECIMAL.matcher(value).matches()) {
         double number = new BigDecimal(value).doubleValue();
         return Double.isInfinite(number) ? value : number;
      }
      return value;
   }

   /** Every line read and checked first: a bad line is a usage error that names it, and nothing is sent. */
   static List<BusMessage> fromJsonLines(BufferedReader in) throws IOException {
      List<BusMessage> messages = new ArrayList<>();
      int number = 0;
      for (String line = in.readLine(); line != null; line = in.readLine()) {
         number++;
         if (!line.isBlank()) {
            messages.add(fromJson(line, number));
         }
      }
      return messages;
   }

   private static BusMessage fromJson(String line, int number) {
      try {
         JsonNode json = JSON.readTree(line);
         if (!json.isObject()) {
            throw new IllegalArgumentException("expected a JSON object");
         }
         MapMessage message = JsonMessages.fromJson(json);
         return new BusMessage(message.tag(), message.attributes(), message.body());
      } catch (JsonProcessingException e) {
         throw new IllegalArgumentException("standard input line " + number + ": not JSON: " + e.getOriginalMessage());
      } catch (IllegalArgumentException e) {
         throw new IllegalArgumentException("standard input line " + number + ": " + e.getMessage());
      }
   }
}

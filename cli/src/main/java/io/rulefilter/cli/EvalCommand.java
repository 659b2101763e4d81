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
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rulefilter.RuleLanguage;
import io.rulefilter.eval.CompiledRule;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * Evaluates JSON lines from stdin, one answer line per input line, in order. A bad line gets an error answer and
 * never stops the stream, but makes the exit code 1, the bad lines named on stderr. Compiled rules are cached, so a
 * stream that repeats rules costs one parse per rule.
 */
@Command(name = "eval", description = {
      "Evaluate rules against messages read as JSON lines on stdin, one answer line per input line.",
      "Each input line is {\"id\"?, \"rule\", \"tag\", \"properties\": {...}, \"body\"?}, the body a",
      "string that @typeb subjects read as Type B text; each answer is",
      "{\"id\"?, \"match\": true|false} or {\"id\"?, \"error\": \"...\"}. Exit 1 when any line was",
      "answered with an error; stderr then names those lines."})
final class EvalCommand implements Callable<Integer> {

   @Option(names = "--cache-size", defaultValue = "10000", description = "compiled rules to keep (default: ${DEFAULT-VALUE})")
   int cacheSize;

   @Spec
   CommandSpec spec;

   private static final RuleLanguage LANGUAGE = RuleLanguage.standard();

   private final ObjectMapper json = new ObjectMapper();

   @Override
   public Integer call() throws IOException {
      if (cacheSize < 0) {
         throw new ParameterException(spec.commandLine(), "--cache-size must not be negative, was " + cacheSize);
      }
      Map<String, CompiledRule> cache = new LinkedHashMap<>(256, 0.75f, true) {
         @Override
         protected boolean removeEldestEntry(Map.Entry<String, CompiledRule> eldest) {
            return size() > cacheSize;
         }
      };
      BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8), 1 << 16);
      Writer out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), 1 << 16);
      BadLines bad = new BadLines();
      for (String line; (line = in.readLine()) != null; ) {
         ObjectNode answer = answer(line, cache);
         bad.count(answer.has("error"));
         out.write(json.writeValueAsString(answer));
         out.write('\n');
         if (!in.ready()) {
            out.flush(); // answer an interactive caller at once; batch when more input is waiting
         }
      }
      out.flush();
      if (bad.any()) {
         // the answers say what was wrong with each; a script needs the exit code, a person the line numbers
         spec.commandLine().getErr().println(spec.qualifiedName() + ": " + bad);
         return CommandLines.FAILED;
      }
      return 0;
   }

   private ObjectNode answer(String line, Map<String, CompiledRule> cache) {
      ObjectNode answer = json.createObjectNode();
      JsonNode request;
      try {
         request = json.readTree(line);
      } catch (JsonProcessingException e) {
         return answer.put("error", "not a JSON object: " + e.getOriginalMessage());
      }
      if (request == null || !request.isObject()) {
         return answer.put("error", "not a JSON object");
      }
      if (request.has("id")) {
         answer.set("id", request.get("id"));
      }
      try {
         JsonNode rule = request.get("rule");
         if (rule == null || !rule.isTextual()) {
            throw new IllegalArgumentException("'rule' must be a string");
         }
         CompiledRule compiled = cache.get(rule.textValue());
         if (compiled == null) {
            compiled = LANGUAGE.compile(LANGUAGE.parse(rule.textValue()));
            cache.put(rule.textValue(), compiled);
         }
         answer.put("match", compiled.matches(JsonMessages.fromJson(request)));
      } catch (IllegalArgumentException e) {
         answer.put("error", e.getMessage());
      } catch (RuntimeException e) {
         // a defect, not bad input: answer it and go on, so one line never stops the stream
         answer.put("error", "internal error: " + e);
      }
      return answer;
   }
}

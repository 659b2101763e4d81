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
package io.rulefilter.e2e.stock;

import io.rulefilter.client.RulesMain;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** README command lines run as a user would type them, in this JVM. */
final class ReadmeCommands {

   private static final String RULES = "bin/rulefilter rules ";

   private ReadmeCommands() {
   }

   /**
    * Runs a README {@code bin/rulefilter rules ...} line against the broker at {@code port}, with the connection
    * options a user of that broker would add; returns the exit code.
    */
   static int rules(String line, int port, String user, String password) {
      if (!line.startsWith(RULES)) {
         throw new IllegalArgumentException("not a rules command: " + line);
      }
      List<String> words = new ArrayList<>();
      Matcher word = Pattern.compile("'([^']*)'|(\\S+)").matcher(line.substring(RULES.length()));
      while (word.find()) {
         words.add(word.group(1) != null ? word.group(1) : word.group(2));
      }
      words.addAll(1, List.of("--url", "tcp://127.0.0.1:" + port, "--user", user, "--password", password));
      return RulesMain.commandLine().execute(words.toArray(String[]::new));
   }
}

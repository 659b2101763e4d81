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
package io.rulefilter.artemis;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Log ids are what operators search for: each means one thing, and the manual's table lists every one. */
class LogIdsTest {

   private static final Pattern ID = Pattern.compile("RFL(\\d{4})");
   private static final Pattern RANGE = Pattern.compile("RFL(\\d{4})`–`RFL(\\d{4})");

   @Test
   void everyIdIsUsedInOneSourceFileAndListedInTheManual() throws IOException {
      Map<String, Set<Path>> used = new HashMap<>();
      try (Stream<Path> sources = Files.walk(Path.of("src/main/java"))) {
         for (Path source : sources.filter(p -> p.toString().endsWith(".java")).toList()) {
            Matcher id = ID.matcher(Files.readString(source, StandardCharsets.UTF_8));
            while (id.find()) {
               used.computeIfAbsent(id.group(), k -> new TreeSet<>()).add(source);
            }
         }
      }
      assertThat(used).as("log ids in the plugin's sources").hasSizeGreaterThan(20);
      used.forEach((id, files) -> assertThat(files).as("source files using %s", id).hasSize(1));
      assertThat(listedInManual()).as("ids in the table of docs/log-messages.md")
            .isEqualTo(new TreeSet<>(used.keySet()));
   }

   private static Set<String> listedInManual() throws IOException {
      String chapter = Files.readString(Path.of("../docs/log-messages.md"), StandardCharsets.UTF_8);
      String table = chapter.substring(chapter.indexOf("# Log messages") + 1);
      int next = table.indexOf("\n#");
      table = next < 0 ? table : table.substring(0, next);
      Set<String> listed = new TreeSet<>();
      for (String row : table.lines().filter(line -> line.startsWith("| `RFL")).toList()) {
         String first = row.substring(0, row.indexOf('|', 1));
         Matcher range = RANGE.matcher(first);
         while (range.find()) {
            for (int n = Integer.parseInt(range.group(1)); n <= Integer.parseInt(range.group(2)); n++) {
               listed.add("RFL" + n);
            }
         }
         Matcher id = ID.matcher(row);
         while (id.find()) {
            listed.add(id.group());
         }
      }
      return listed;
   }
}

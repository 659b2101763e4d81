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

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import picocli.CommandLine;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every rule-language command shown in the README and in docs/ ({@code $ bin/rulefilter check …} and the lines of
 * output under it, {@code $ echo '…' | bin/rulefilter eval}) is run here, and must print exactly what the page shows.
 */
class DocumentedCommandsTest {

   private static final List<Path> PAGES = List.of(Path.of("../README.md"), Path.of("../docs/operations.md"),
         Path.of("../docs/rule-language.md"));
   private static final Pattern ECHO = Pattern.compile("echo '(.*)' \\| bin/rulefilter (.*)");

   /** One documented command: where it is, its arguments, its standard input and the output shown under it. */
   record Example(String where, List<String> args, String stdin, String expected) {
   }

   @TestFactory
   List<DynamicTest> everyDocumentedCommandPrintsWhatThePageShows() throws Exception {
      List<DynamicTest> tests = new ArrayList<>();
      for (Example example : examples()) {
         tests.add(DynamicTest.dynamicTest(example.where() + ": " + String.join(" ", example.args()), () ->
               assertThat(run(example)).isEqualTo(example.expected())));
      }
      return tests;
   }

   @Test
   void thePagesShowCommandsOfEveryKind() throws Exception {
      List<String> commands = examples().stream().map(e -> e.args().get(0)).distinct().toList();
      assertThat(commands).contains("check", "translate", "explain", "eval", "selector");
   }

   private static List<Example> examples() throws Exception {
      List<Example> examples = new ArrayList<>();
      for (Path page : PAGES) {
         List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
         boolean inBlock = false;
         for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith("```")) {
               inBlock = !inBlock;
               continue;
            }
            if (!inBlock || !line.startsWith("$ ")) {
               continue;
            }
            StringBuilder expected = new StringBuilder();
            int next = i + 1;
            while (next < lines.size() && !lines.get(next).startsWith("$ ") && !lines.get(next).startsWith("```")) {
               if (!lines.get(next).isEmpty()) {
                  expected.append(lines.get(next)).append('\n');
               }
               next++;
            }
            String command = line.substring(2);
            String where = page.getFileName() + ":" + (i + 1);
            Matcher echo = ECHO.matcher(command);
            if (echo.matches()) {
               examples.add(new Example(where, words(echo.group(2)), echo.group(1) + "\n", expected.toString()));
            } else if (command.startsWith("bin/rulefilter ")) {
               List<String> args = words(command.substring("bin/rulefilter ".length()));
               if (List.of("check", "translate", "selector", "explain", "eval").contains(args.get(0))) {
                  examples.add(new Example(where, args, "", expected.toString()));
               }
            }
         }
      }
      return examples;
   }

   /** Splits a shell command line: words, '…' and "…" quoted words. */
   private static List<String> words(String commandLine) {
      List<String> words = new ArrayList<>();
      StringBuilder word = new StringBuilder();
      char quote = 0;
      boolean inWord = false;
      for (char ch : commandLine.toCharArray()) {
         if (quote != 0) {
            if (ch == quote) {
               quote = 0;
            } else {
               word.append(ch);
            }
         } else if (ch == '\'' || ch == '"') {
            quote = ch;
            inWord = true;
         } else if (ch == ' ') {
            if (inWord) {
               words.add(word.toString());
               word.setLength(0);
               inWord = false;
            }
         } else {
            word.append(ch);
            inWord = true;
         }
      }
      if (inWord) {
         words.add(word.toString());
      }
      return words;
   }

   private static String run(Example example) {
      InputStream stdin = System.in;
      PrintStream stdout = System.out;
      ByteArrayOutputStream captured = new ByteArrayOutputStream();
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      try {
         System.setIn(new ByteArrayInputStream(example.stdin().getBytes(StandardCharsets.UTF_8)));
         System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
         CommandLine cli = RuleFilterCli.commandLine(new RuleFilterCli());
         cli.setOut(new PrintWriter(out, true));
         cli.setErr(new PrintWriter(err, true));
         cli.execute(example.args().toArray(String[]::new));
      } finally {
         System.setIn(stdin);
         System.setOut(stdout);
      }
      return captured.toString(StandardCharsets.UTF_8) + out + err;
   }
}

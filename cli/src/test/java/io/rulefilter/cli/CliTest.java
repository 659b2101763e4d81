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

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
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
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import java.util.ArrayList;

class CliTest {

   private final ObjectMapper json = new ObjectMapper();

   private record Run(int exit, String out, String err) {
   }

   private static Run run(String... args) {
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      CommandLine cli = RuleFilterCli.commandLine(new RuleFilterCli());
      cli.setOut(new PrintWriter(out, true));
      cli.setErr(new PrintWriter(err, true));
      int exit = cli.execute(args);
      return new Run(exit, out.toString(), err.toString());
   }

   @Test
   void checkPrintsTheCanonicalFormOrTheErrorWithACaret() throws Exception {
      assertThat(run("check", "@TAG  BEG BS AND (airline weq CA*)")).isEqualTo(new Run(0, "@tag beg BS and airline weq CA*\n", ""));
      Run bad = run("check", "count gt abc");
      assertThat(bad.exit).isEqualTo(2);
      assertThat(bad.out).isEmpty();
      assertThat(bad.err).isEqualTo("rule error at 10: expected a number after 'gt', found 'abc'\n  count gt abc\n           ^\n");
      assertThat(Files.readString(Path.of("../README.md"), StandardCharsets.UTF_8)).as("the README shows this answer")
            .contains("$ bin/rulefilter check 'count gt abc'\n" + bad.err);
   }

   @Test
   void translateGivesOneJsonObject() throws Exception {
      Run run = run("translate", "airline weq CA");
      assertThat(run.exit).isZero();
      JsonNode out = json.readTree(run.out);
      assertThat(out.get("rule").asText()).isEqualTo("airline weq CA");
      assertThat(out.get("canonical").asText()).isEqualTo("airline weq CA");
      assertThat(out.get("filter").asText()).isEqualTo("airline LIKE 'CA'");
      assertThat(out.get("exact").asBoolean()).isTrue();
      assertThat(out.get("selector").asText()).isEqualTo("airline LIKE 'CA' /*rulefilter: airline weq CA*/");
      assertThat(run("translate", "x gt").exit).isEqualTo(2);
   }

   @Test
   void fuzzWithSecondsAloneRunsUntilTheTimeIsUp() {
      assertThat(fuzzCaseLimit("--seconds", "600")).isEqualTo(Long.MAX_VALUE);
      assertThat(fuzzCaseLimit("--seconds", "600", "--cases", "5")).isEqualTo(5);
      assertThat(fuzzCaseLimit()).isEqualTo(100_000);
      assertThat(run("fuzz", "--cases", "0").exit).isEqualTo(2);
   }

   private static long fuzzCaseLimit(String... args) {
      FuzzCommand fuzz = new FuzzCommand();
      new CommandLine(fuzz).parseArgs(args);
      return fuzz.caseLimit();
   }

   @Test
   void selectorPrintsOnlyTheSelector() {
      assertThat(run("selector", "@tag beg BS").out).isEqualTo("JMSType LIKE 'BS%' /*rulefilter: @tag beg BS*/\n");
      assertThat(run("selector", "--tag-property", "msgType", "@tag beg BS").out)
            .isEqualTo("msgType LIKE 'BS%' /*rulefilter: @tag beg BS*/\n");
   }

   @Test
   void explainShowsEveryConditionsVerdict() {
      Run run = run("explain", "airline weq CA* and (bagCount gt 2 or @tag beg BS)", "--tag", "BSM",
            "--prop", "airline=CA981", "--prop", "bagCount:long=1");
      assertThat(run.out).isEqualTo("""
            [match]    and
              [match]    airline weq CA*
              [match]    or
                [no match] bagCount gt 2
                [match]    @tag beg BS
            => delivered
            """);
      Run badProp = run("explain", "x ex", "--prop", "n:long=abc");
      assertThat(badProp.exit).isEqualTo(2);
      assertThat(badProp.err).contains("--prop 'n:long=abc': 'abc' is not a long");
   }

   @Test
   void evalAnswersEveryLineInOrderAndABadLineNeverStopsTheStream() throws Exception {
      List<String> answers = eval(String.join("\n",
            "{\"id\":1,\"rule\":\"@tag beg BS\",\"tag\":\"BSM\"}",
            "{\"id\":\"two\",\"rule\":\"bagCount gt 2\",\"properties\":{\"bagCount\":3}}",
            "not json",
            "{\"id\":4,\"rule\":\"x gt abc\"}",
            "{\"id\":5,\"rule\":\"x eq 0.1\",\"properties\":{\"x\":0.10}}",
            "{\"id\":6,\"rule\":\"x ex\",\"properties\":{\"x\":[1]}}",
            "{\"id\":7,\"rule\":\"big gt 1\",\"properties\":{\"big\":99999999999999999999}}",
            "{\"id\":8,\"rule\":\"b weq true and s weq '1' and f eq 1.5\",\"properties\":{\"b\":true,\"s\":\"1\",\"f\":1.5}}",
            "{\"id\":9,\"rule\":\"@tag ex\",\"tag\":null}",
            "{\"id\":10}",
            // a key whose value is null does not exist, for every operator
            "{\"id\":11,\"rule\":\"typ nex and typ neq 5 and @attr nex typ and @attr ex x\",\"properties\":{\"typ\":null,\"x\":1}}",
            "{\"id\":12,\"rule\":\"typ ex or typ weq * or @attr weq ty*\",\"properties\":{\"typ\":null}}"), 1,
            "rulefilter eval: 5 of 12 input lines were answered with an error: lines 3, 4, 6, 7, 10\n");
      assertThat(answers.get(2)).startsWith("{\"error\":\"not a JSON object");
      answers.set(2, "(not JSON)");
      assertThat(answers).containsExactly(
            "{\"id\":1,\"match\":true}",
            "{\"id\":\"two\",\"match\":true}",
            "(not JSON)",
            "{\"id\":4,\"error\":\"rule error at 6: expected a number after 'gt', found 'abc'\"}",
            "{\"id\":5,\"match\":true}",
            "{\"id\":6,\"error\":\"property 'x' must be a string, number or boolean, found array\"}",
            "{\"id\":7,\"error\":\"property 'big': 99999999999999999999 is out of the range of a long\"}",
            "{\"id\":8,\"match\":true}",
            "{\"id\":9,\"match\":false}",
            "{\"id\":10,\"error\":\"'rule' must be a string\"}",
            "{\"id\":11,\"match\":true}",
            "{\"id\":12,\"match\":false}");
   }

   /** Rules that once hung the translator for 40 s or threw ArithmeticException, and patterns that stall Artemis. */
   @Test
   void hostileRulesGetAnAnswerWithinASecond() throws Exception {
      List<String> hostile = List.of("x gt 1e9999999", "x gt 1e999999999", "x gt 1e-999999999", "x eq 1e-9999999",
            "x gt 1e" + "9".repeat(3000), "x weq *a*a*a*a*a*b", "x weq *a*b*a*b*a*b*c", "x weq ?*?*?*?*?*z",
            "x gt 9.999e9999", "x lt -1e-9999");
      for (String rule : hostile) {
         for (String command : List.of("check", "translate")) {
            long start = System.nanoTime();
            Run run = run(command, rule);
            assertThat(System.nanoTime() - start).as(command + " " + rule).isLessThan(1_000_000_000L);
            assertThat(run.exit).as(command + " " + rule + ": " + run.err).isIn(0, 2);
            assertThat(run.err).doesNotContain("Exception");
         }
      }
      assertThat(run("check", "x gt 1e9999999").err).startsWith("rule error at 6: the number '1e9999999' is out of range");
      String lines = hostile.stream().map(r -> "{\"rule\":\"" + r + "\",\"properties\":{\"x\":\"1e99999\"}}")
            .collect(Collectors.joining("\n")) + "\n{\"id\":\"last\",\"rule\":\"x ex\",\"properties\":{\"x\":1}}";
      long start = System.nanoTime();
      List<String> answers = eval(lines, 1, null);
      assertThat(System.nanoTime() - start).isLessThan(1_000_000_000L);
      assertThat(answers).hasSize(hostile.size() + 1).last().isEqualTo("{\"id\":\"last\",\"match\":true}");
      assertThat(answers).noneMatch(a -> a.contains("internal error"));
   }

   @Test
   void evalNamesTheFirstTenBadLinesAndCountsTheRest() {
      String input = IntStream.rangeClosed(1, 25).mapToObj(i -> i % 2 == 0 ? "{\"rule\":\"x ex\"}" : "bad")
            .collect(Collectors.joining("\n"));
      assertThat(eval(input, 1, "rulefilter eval: 13 of 25 input lines were answered with an error: lines 1, 3, 5, 7, 9, 11, 13, "
            + "15, 17, 19 and 3 more\n")).hasSize(25);
      assertThat(eval("{\"rule\":\"x ex\"}\nnot json", 1, "rulefilter eval: 1 of 2 input lines was answered with an error: line 2\n"))
            .hasSize(2);
   }

   @Test
   void aWrongArgumentIsNamed() {
      Run blank = run("translate", "--tag-property", " ", "x ex");
      assertThat(blank.exit).isEqualTo(2);
      assertThat(blank.err).isEqualTo("rulefilter translate: the tag property must not be blank\n");
   }

   @Test
   void evalStreamsOneHundredThousandLines() throws Exception {
      String input = IntStream.range(0, 100_000).mapToObj(i -> "{\"id\":" + i + ",\"rule\":\"airline weq CA* and bagCount gt "
            + (i % 7) + "\",\"tag\":\"BSM\",\"properties\":{\"airline\":\"CA" + i + "\",\"bagCount\":" + (i % 5) + "}}")
            .collect(Collectors.joining("\n"));
      long start = System.nanoTime();
      List<String> answers = eval(input);
      double seconds = (System.nanoTime() - start) / 1e9;
      System.out.printf("eval: 100,000 lines in %.2f s (%.0f lines/s)%n", seconds, 100_000 / seconds);
      assertThat(answers).hasSize(100_000);
      for (int i = 0; i < answers.size(); i += 997) {
         assertThat(answers.get(i)).isEqualTo("{\"id\":" + i + ",\"match\":" + (i % 5 > i % 7) + "}");
      }
   }

   private static List<String> eval(String input) {
      return eval(input, 0, "");
   }

   /** Runs eval on {@code input}, checks its exit code and stderr, and returns its answers. */
   private static List<String> eval(String input, int exit, String err) {
      InputStream stdin = System.in;
      PrintStream stdout = System.out;
      ByteArrayOutputStream captured = new ByteArrayOutputStream();
      StringWriter errors = new StringWriter();
      try {
         System.setIn(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)));
         System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
         CommandLine cli = RuleFilterCli.commandLine(new RuleFilterCli()).setErr(new PrintWriter(errors, true));
         assertThat(cli.execute("eval")).isEqualTo(exit);
      } finally {
         System.setIn(stdin);
         System.setOut(stdout);
      }
      if (err != null) {
         assertThat(errors.toString()).isEqualTo(err);
      }
      return new ArrayList<>(captured.toString(StandardCharsets.UTF_8).lines().toList());
   }
}

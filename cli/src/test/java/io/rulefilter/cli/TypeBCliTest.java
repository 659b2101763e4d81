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
import io.rulefilter.cli.CliRuns.Run;
import io.rulefilter.typeb.TypeBParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;

import static io.rulefilter.cli.CliRuns.run;
import static org.assertj.core.api.Assertions.assertThat;

/** {@code eval} and {@code explain} on a message's body: {@code @typeb} subjects read it as Type B text. */
class TypeBCliTest {

   private static final String BSM = String.join("\r\n", "QU SHAXXCA", ".PEKXXCA 051200", "BSM", ".V/1LPEK",
         ".F/CA1234/05FEB/SHA/Y", ".N/0999123456001", ".N/0999123457001", ".P/1ZHANG/SAN", "ENDBSM", "");

   /** The thread's CPU time is the bound: on a busy 2-core machine wall time says little; a quadratic path costs far more. */
   private static final long BOUND_NANOS = 2_000_000_000L;

   private final ObjectMapper json = new ObjectMapper();

   private String line(Object id, String rule, Object body) {
      ObjectNode line = json.createObjectNode().put("rule", rule);
      line.set("id", json.valueToTree(id));
      if (body != null) {
         line.set("body", json.valueToTree(body));
      }
      return line.toString();
   }

   @Test
   void evalReadsTheBodyAndAMessageWithoutOneHasNoTypeBContent() {
      String notTypeB = "hello\n.F/CA1234";
      String tooLarge = "BSM\n.F/CA1234/05FEB\n.X/" + "x".repeat(TypeBParser.MAX_BYTES);
      Run run = run(String.join("\n",
            line(1, "@typeb weq BSM and @typeb.F.1 weq (CA1234, MU5101) and @typeb.N.1 end 7001", BSM),
            line(2, "@typeb.N.1 end 6001 and @typeb.F.3 weq SHA and @typeb.P.2 weqi san", BSM),
            line(3, "@typeb.F.5 ex or @typeb.F.4 nweq Y or @typeb.Q ex", BSM),
            line(4, "@typeb ex", null),
            line(5, "@typeb nex and @typeb.N.1 nweq 0999123456001 and @typeb.F neq 1", null),
            line(6, "@typeb ex or @typeb.F.1 weq CA1234", notTypeB),
            line(7, "@typeb.F.1 weq CA1234", tooLarge),
            line(8, "@typeb.F.1 weq CA1234 and @attr nex (typeb.F, F, typeb*)", BSM)), "eval");
      assertThat(run.exit()).as(run.err()).isZero();
      assertThat(run.lines()).containsExactly("{\"id\":1,\"match\":true}", "{\"id\":2,\"match\":true}",
            "{\"id\":3,\"match\":false}", "{\"id\":4,\"match\":false}", "{\"id\":5,\"match\":true}",
            "{\"id\":6,\"match\":false}", "{\"id\":7,\"match\":false}", "{\"id\":8,\"match\":true}");
   }

   @Test
   void aBodyThatIsNotAStringIsABadLine() {
      Run run = run(String.join("\n",
            "{\"id\":1,\"rule\":\"@typeb ex\",\"body\":42}",
            "{\"id\":2,\"rule\":\"@typeb ex\",\"body\":{\"text\":\"BSM\"}}",
            "{\"id\":3,\"rule\":\"@typeb nex\",\"body\":null}",
            "{\"id\":4,\"rule\":\"@typeb ex\",\"body\":[\"BSM\\n.F/X\"]}"), "eval");
      assertThat(run.exit()).isEqualTo(1);
      assertThat(run.err()).isEqualTo("rulefilter eval: 3 of 4 input lines were answered with an error: lines 1, 2, 4\n");
      assertThat(run.lines()).containsExactly(
            "{\"id\":1,\"error\":\"'body' must be a string or null, found number\"}",
            "{\"id\":2,\"error\":\"'body' must be a string or null, found object\"}",
            "{\"id\":3,\"match\":true}",
            "{\"id\":4,\"error\":\"'body' must be a string or null, found array\"}");
   }

   @Test
   void explainShowsTheElementsItFoundThenEveryVerdict() {
      String expected = """
            Type B body: BSM, 5 elements
              .F/CA1234/05FEB/SHA/Y   = F.1 CA1234, F.2 05FEB, F.3 SHA, F.4 Y
              .N/0999123456001
              .N/0999123457001
              .P/1ZHANG/SAN   = P.1 1ZHANG, P.2 SAN
              .V/1LPEK
            [no match] and
              [match]    @typeb weq BSM
              [no match] @typeb.F.3 weq PEK
            => not delivered
            """;
      String rule = "@typeb weq BSM and @typeb.F.3 weq PEK";
      Run byOption = run("", "explain", rule, "--body", BSM);
      assertThat(byOption).isEqualTo(new Run(0, expected, ""));
      Run asJson = run("", "explain", rule, "--message", json.createObjectNode().put("tag", "X").put("body", BSM).toString());
      assertThat(asJson).isEqualTo(new Run(0, expected, ""));
      assertThat(run(BSM, "explain", rule, "--body-file", "-")).isEqualTo(new Run(0, expected, ""));
   }

   @Test
   void explainWithoutABodyShowsOnlyTheVerdicts() {
      assertThat(run("", "explain", "@typeb nex or @typeb.F.1 weq CA1", "--tag", "BSM").out()).isEqualTo("""
            [match]    or
              [match]    @typeb nex
              [no match] @typeb.F.1 weq CA1
            => delivered
            """);
      assertThat(run("", "explain", "@typeb ex", "--body", "just text\n.F/CA1").out()).startsWith(
            "Type B body: none (no line of three letters A-Z (the message identifier) followed by a line .X/…)\n[no match]");
   }

   @Test
   void explainTakesTheBodyOnce(@TempDir Path dir) throws Exception {
      Path file = Files.writeString(dir.resolve("bsm.txt"), BSM);
      assertThat(run("", "explain", "@typeb ex", "--body-file", file.toString()).out()).contains("=> delivered");
      Run twice = run("", "explain", "@typeb ex", "--body", BSM, "--body-file", file.toString());
      assertThat(twice.exit()).isEqualTo(2);
      assertThat(twice.err()).startsWith("rulefilter explain: --body and --body-file: give the body once");
      Run mixed = run("", "explain", "@typeb ex", "--tag", "BSM", "--message", "{}");
      assertThat(mixed.exit()).isEqualTo(2);
      assertThat(mixed.err()).startsWith("rulefilter explain: --message is the whole message");
      Run badBody = run("", "explain", "@typeb ex", "--message", "{\"body\":1}");
      assertThat(badBody.exit()).isEqualTo(2);
      assertThat(badBody.err()).startsWith("rulefilter explain: --message: 'body' must be a string or null, found number");
      Run missing = run("", "explain", "@typeb ex", "--body-file", dir.resolve("none.txt").toString());
      assertThat(missing.exit()).isEqualTo(1);
      assertThat(missing.err()).contains("none.txt").doesNotContain("Exception");
   }

   @Test
   void aBodyFileThatIsTooLargeOrBinaryHasNoTypeBContent(@TempDir Path dir) throws Exception {
      Path huge = Files.writeString(dir.resolve("huge.txt"), "BSM\n.F/CA1234\n".repeat(500_000));
      Run run = bounded(() -> run("", "explain", "@typeb ex", "--body-file", huge.toString()));
      assertThat(run.out()).isEqualTo("Type B body: none (the body is more than the 65536 bytes read)\n"
            + "[no match] @typeb ex\n=> not delivered\n");
      byte[] binary = new byte[1000];
      new Random(25).nextBytes(binary);
      System.arraycopy("BSM\n.F/X\n".getBytes(StandardCharsets.US_ASCII), 0, binary, 0, 9);
      Path bin = Files.write(dir.resolve("bin"), binary);
      assertThat(run("", "explain", "@typeb ex", "--body-file", bin.toString()).out())
            .startsWith("Type B body: none (the body is not UTF-8 text)\n");
   }

   @Test
   void explainOfTenThousandElementsShowsAFewLines() {
      StringBuilder body = new StringBuilder("BSM\n.F/CA1234/05FEB/SHA\n");
      for (int i = 0; i < 10_000; i++) {
         body.append(".N/").append(i % 10).append('\n');
      }
      Run run = bounded(() -> run("", "explain", "@typeb.N.1 weq 7", "--body", body.toString()));
      assertThat(run.lines()).startsWith("Type B body: BSM, 10001 elements", "  .F/CA1234/05FEB/SHA   = F.1 CA1234, F.2 05FEB, F.3 SHA",
            "  .N/0", "  .N/1");
      assertThat(run.lines()).contains("  .N/… 9990 more not shown", "[match]    @typeb.N.1 weq 7").hasSizeLessThan(20);
   }

   @Test
   void explainCutsLongValuesAndShowsControlCharacters() {
      String longValue = "A".repeat(30_000) + "/" + "B".repeat(30_000);
      Run run = bounded(() -> run("", "explain", "@typeb.X.2 beg BBB", "--body", "BSM\n.X/" + longValue + "\n.Y/a\tb//c"));
      assertThat(run.out().length()).isLessThan(500);
      assertThat(run.lines()).contains("  .X/" + "A".repeat(TypeBSummary.VALUE_CHARS) + "…   = X.1 "
            + "A".repeat(TypeBSummary.FIELD_CHARS) + "…, X.2 " + "B".repeat(TypeBSummary.FIELD_CHARS) + "…",
            "  .Y/a\\u0009b//c   = Y.1 a\\u0009b, Y.2 '', Y.3 c", "[match]    @typeb.X.2 beg BBB");
   }

   @Test
   void hostileBodiesAreAnsweredInBoundedTime() {
      List<String> hostile = List.of(
            "BSM.F/" + "CA1234/".repeat(9000),                     // no line end
            "BSM\n" + ".N/1\n".repeat(10_000) + ".F/CA1",            // 10,000 elements
            "BSM\n.F/" + "/".repeat(60_000),                        // 60,000 empty fields
            "\r".repeat(60_000) + "BSM\r.F/CA1",                     // 60,000 empty lines
            "BSM\n.F/CA1\n".repeat(1_000_000));                      // 11 MB: more than is read
      List<String> lines = new ArrayList<>();
      for (String body : hostile) {
         lines.add(line(lines.size(), "@typeb.F.1 weq CA1 or @typeb.N.1 weq 2 or @typeb.F.99 ex", body));
      }
      Run run = bounded(() -> run(String.join("\n", lines), "eval"));
      assertThat(run.lines()).containsExactly("{\"id\":0,\"match\":false}", "{\"id\":1,\"match\":true}",
            "{\"id\":2,\"match\":true}", "{\"id\":3,\"match\":true}", "{\"id\":4,\"match\":false}");
      for (String body : hostile) {
         Run explained = bounded(() -> run("", "explain", "@typeb ex", "--body", body));
         assertThat(explained.out().length()).isLessThan(4_000);
      }
   }

   private static Run bounded(Supplier<Run> command) {
      ThreadMXBean threads = ManagementFactory.getThreadMXBean();
      long start = threads.getCurrentThreadCpuTime();
      Run run = command.get();
      assertThat(threads.getCurrentThreadCpuTime() - start).as("CPU time").isLessThan(BOUND_NANOS);
      return run;
   }
}

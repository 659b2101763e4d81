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
package io.rulefilter;

import io.rulefilter.example.TranslationApiExample;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The README's "Use the translation API" program is this test's example, word for word from its first import to its
 * end, and prints what the README shows. The example lives outside {@code io.rulefilter}, so it compiles only with
 * every import a reader needs.
 */
class TranslationApiExampleTest {

   private static final Path MANUAL = Path.of("../docs/developers.md");
   private static final Path EXAMPLE = Path.of("src/test/java/io/rulefilter/example/TranslationApiExample.java");
   private static final String SECTION = "## Use the translation API";
   private static final String JAVA_BLOCK = "```java\n";

   @Test
   void theManualShowsThisExampleAndItsOutput() throws Exception {
      String readme = Files.readString(MANUAL, StandardCharsets.UTF_8);
      String source = Files.readString(EXAMPLE, StandardCharsets.UTF_8);
      String program = source.substring(source.indexOf("\nimport ") + 1);
      assertThat(source.substring(0, source.indexOf("\nimport "))).as("only the license header and package line are left out")
            .endsWith("*/\npackage io.rulefilter.example;\n");
      int section = readme.indexOf(SECTION);
      assertThat(section).as("docs/developers.md section").isNotNegative();
      int start = readme.indexOf(JAVA_BLOCK, section) + JAVA_BLOCK.length();
      String shown = readme.substring(start, readme.indexOf("```", start));
      assertThat(shown).as("docs/developers.md shows the whole program").isEqualTo(program);

      PrintStream stdout = System.out;
      ByteArrayOutputStream captured = new ByteArrayOutputStream();
      try {
         System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
         TranslationApiExample.main(new String[0]);
      } finally {
         System.setOut(stdout);
      }
      String output = captured.toString(StandardCharsets.UTF_8);
      assertThat(output).startsWith("airline weq CA* and bagCount gt 2\ntrue\n");
      assertThat(readme).as("docs/developers.md shows its output").contains(output);
   }
}

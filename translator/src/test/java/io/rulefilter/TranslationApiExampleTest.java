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

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The README's "Use the translation API" example is this test's example, word for word, and prints what it shows. */
class TranslationApiExampleTest {

   private static final Path README = Path.of("../README.md");
   private static final Path EXAMPLE = Path.of("src/test/java/io/rulefilter/TranslationApiExample.java");

   @Test
   void theReadmeShowsThisExampleAndItsOutput() throws Exception {
      String readme = Files.readString(README, StandardCharsets.UTF_8);
      String source = Files.readString(EXAMPLE, StandardCharsets.UTF_8);
      String shown = source.substring(source.indexOf("import "));
      assertThat(readme).as("README shows the example").contains(shown);

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
      assertThat(readme).as("README shows its output").contains(output);
   }
}

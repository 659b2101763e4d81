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
package io.rulefilter.testing;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The manual's "Test your rules" (docs/developers.md) shows what runs: the example test word for word, and a failure as it reads. */
class ReadmeTest {

   @RegisterExtension
   static RuleFilterExtension broker = new RuleFilterExtension();

   private static String section() throws Exception {
      String chapter = Files.readString(Path.of("../docs/developers.md"), StandardCharsets.UTF_8);
      int start = chapter.indexOf("## Test your rules");
      assertThat(start).as("docs/developers.md has a section 'Test your rules'").isNotNegative();
      int end = chapter.indexOf("\n## ", start + 1);
      return chapter.substring(start, end < 0 ? chapter.length() : end);
   }

   @Test
   void theExampleIsTheTestThatRuns() throws Exception {
      String example = Files.readString(Path.of("src/test/java/io/rulefilter/testing/example/BaggageRulesTest.java"),
            StandardCharsets.UTF_8);
      assertThat(section()).contains("```java\n" + example.substring(example.indexOf("import ")) + "```");
   }

   @Test
   void theFailureShownIsTheFailureReported() throws Exception {
      String shown = section().replaceAll("(?s).*```text\n(.*?)\n\\s*```.*", "$1").replaceAll("(?m)^  ", "");
      Subscriber sorter = broker.subscribe("airport.events", "sorter", "@tag beg BS");
      broker.setRule(sorter, "airline weq MU");
      broker.publish("airport.events", RuleFilterExtensionTest.BSM, RuleFilterExtensionTest.BSM_MU);
      assertThatThrownBy(() -> sorter.assertReceived(RuleFilterExtensionTest.BSM, RuleFilterExtensionTest.BSM_MU))
            .hasMessage(shown + System.lineSeparator());
   }
}

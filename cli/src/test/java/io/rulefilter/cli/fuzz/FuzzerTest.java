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
package io.rulefilter.cli.fuzz;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** Ten thousand generated cases on every build; {@code bin/rulefilter fuzz} runs millions. */
class FuzzerTest {

   @Test
   void tenThousandGeneratedCasesKeepEveryPromise() {
      Fuzzer.Report report = new Fuzzer(System.nanoTime()).run(10_000, 0);
      System.out.println(report.summary());
      assertThat(report.failures()).as(report.summary()).isEmpty();
      assertThat(report.cases()).isEqualTo(10_000);
      assertThat(report.rejected()).as("near-valid rules reach the error paths").isBetween(1_000L, 9_000L);
   }

   @Test
   void aBrokenPromiseIsReportedShrunk() {
      CaseChecker checker = new CaseChecker();
      FuzzCase failing = new FuzzCase("x weq a and y ex", List.of(new FuzzMessage("T", Map.of("x", "a"))));
      // a stand-in finding that holds while the rule still mentions y: the shrinker must keep it and drop the rest
      Shrinker shrinker = new Shrinker(c -> c.rule().contains("y") ? Optional.of(new Finding("mentions-y", "")) : Optional.empty());
      FuzzCase small = shrinker.shrink(failing, "mentions-y");
      assertThat(small.rule()).isEqualTo("y");
      assertThat(checker.check(failing)).isEmpty();
   }
}

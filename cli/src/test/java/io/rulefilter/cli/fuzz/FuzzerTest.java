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
import java.util.Random;

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

   /**
    * Rules at the length and condition limits made of long wildcard patterns, on values of up to 64 KB that satisfy
    * every piece: the cases that found Artemis spending 0.3-1.5 s per message on 2,000 LIKE pieces.
    */
   @Test
   void casesAtTheLimitsKeepEveryPromise() {
      LimitCases cases = new LimitCases(new Random(System.nanoTime()));
      CaseChecker checker = new CaseChecker();
      for (int i = 0; i < 12; i++) {
         FuzzCase c = cases.next();
         assertThat(checker.check(c)).as(c.toString()).isEmpty();
         assertThat(checker.lastRejected()).as("a rule within the limits: %s", c).isFalse();
         assertThat(c.rule().codePointCount(0, c.rule().length()) > 3_900 || c.rule().split(" (and|or) ").length > 60)
               .as("near the limits: %s", c).isTrue();
      }
      System.out.printf("limit cases: longest parse+translate+compile %.2f ms, Artemis %.2f ms%n",
            checker.longestPrepareNanos() / 1e6, checker.longestArtemisEvaluationNanos() / 1e6);
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

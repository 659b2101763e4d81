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

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/** Runs generated cases through the {@link CaseChecker} until a number of cases or a time limit is reached. */
public final class Fuzzer {

   private final long seed;

   public Fuzzer(long seed) {
      this.seed = seed;
   }

   /** Runs up to {@code cases} cases or until {@code seconds} have passed (0: no time limit). */
   public Report run(long cases, long seconds) {
      CaseGenerator generator = new CaseGenerator(new Random(seed));
      CaseChecker checker = new CaseChecker();
      Shrinker shrinker = new Shrinker(checker::check);
      long deadline = seconds > 0 ? System.nanoTime() + seconds * 1_000_000_000L : Long.MAX_VALUE;
      List<String> failures = new ArrayList<>();
      long run = 0;
      long rejected = 0;
      while (run < cases && System.nanoTime() < deadline && failures.size() < 10) {
         FuzzCase c = generator.next();
         run++;
         Optional<Finding> finding = checker.check(c);
         if (finding.isPresent()) {
            FuzzCase small = shrinker.shrink(c, finding.get().kind());
            Finding smallFinding = checker.check(small).orElse(finding.get());
            failures.add(finding.get().kind() + System.lineSeparator() + small + System.lineSeparator()
                  + smallFinding.detail());
         } else if (checker.lastRejected()) {
            rejected++;
         }
      }
      return new Report(seed, run, rejected, failures, checker.longestPrepareNanos(), checker.longestEvaluationNanos(),
            checker.longestArtemisEvaluationNanos());
   }

   /**
    * What a run found.
    *
    * @param rejected cases whose rule was (rightly) rejected with a rule error
    * @param failures each broken promise, shrunk, with what happened
    */
   public record Report(long seed, long cases, long rejected, List<String> failures, long longestPrepareNanos,
                        long longestEvaluationNanos, long longestArtemisEvaluationNanos) {

      public String summary() {
         return String.format("fuzz: seed %d, %,d cases (%,d rules rejected with a rule error), %d failure(s); longest "
                     + "parse+translate+compile %.2f ms, longest evaluation %.2f ms (Artemis on the translation %.2f ms)",
               seed, cases, rejected, failures.size(), longestPrepareNanos / 1e6, longestEvaluationNanos / 1e6,
               longestArtemisEvaluationNanos / 1e6);
      }
   }
}

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

import io.rulefilter.cli.fuzz.Fuzzer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

/** {@code rulefilter fuzz}: grammar-aware fuzzing of the parser, evaluator and translation against Artemis. */
@Command(name = "fuzz", description = {
      "Fuzz the rule language with generated rules and messages, and report every broken promise.",
      "It generates valid and near-valid rules and checks every promise of the language:",
      "only rule errors escape, canonical text is stable, the selector survives the JMS client, EXACT",
      "translations agree with Artemis, SUPERSET ones never reject what the rule accepts, time stays bounded.",
      "Prints each failing input shrunk to its smallest form; exit 1 when any was found."})
final class FuzzCommand implements Callable<Integer> {

   /** Without {@code --seconds} a run stops after this many cases; with it, when the time is up. */
   static final long DEFAULT_CASES = 100_000;

   @Option(names = "--cases", description = "cases to run (default: 100000, or no limit when --seconds is given)")
   Long cases;

   @Option(names = "--seconds", defaultValue = "0", description = "stop after this many seconds (default: no limit)")
   long seconds;

   @Option(names = "--seed", description = "random seed, to repeat a run (default: a new one, printed)")
   Long seed;

   @Spec
   CommandSpec spec;

   /** {@code --seconds 600} alone runs for ten minutes, not until the default number of cases. */
   long caseLimit() {
      return cases != null ? cases : seconds > 0 ? Long.MAX_VALUE : DEFAULT_CASES;
   }

   @Override
   public Integer call() {
      if (cases != null && cases < 1 || seconds < 0) {
         throw new ParameterException(spec.commandLine(), "--cases must be at least 1 and --seconds not negative");
      }
      Fuzzer.Report report = new Fuzzer(seed != null ? seed : System.nanoTime()).run(caseLimit(), seconds);
      PrintWriter out = spec.commandLine().getOut();
      for (String failure : report.failures()) {
         out.println("FAILED " + failure);
         out.println();
      }
      out.println(report.summary());
      return report.failures().isEmpty() ? 0 : 1;
   }
}

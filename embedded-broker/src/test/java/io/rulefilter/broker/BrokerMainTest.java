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
package io.rulefilter.broker;

import io.rulefilter.cli.CommandLines;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code rulefilter broker}'s usage errors: exit code 2 and the option named, before anything starts. */
class BrokerMainTest {

   /** One run's exit code, stdout and stderr. */
   private record Run(int exit, String out, String err) {
   }

   private static Run run(String... args) {
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      int exit = CommandLines.of(new BrokerMain()).setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true))
            .execute(args);
      return new Run(exit, out.toString(), err.toString());
   }

   @ParameterizedTest
   @ValueSource(strings = {"0", "65536", "-1", "abc", ""})
   void aBadMetricsPortIsAUsageErrorNamingTheOption(String value) {
      Run run = run("--metrics-port", value);
      assertThat(run.exit()).isEqualTo(CommandLine.ExitCode.USAGE);
      assertThat(run.err()).contains("Invalid value for option '--metrics-port': '" + value + "'")
            .doesNotContain("Unknown option");
   }

   @Test
   void theMetricsPortMustDifferFromTheBrokerPort() {
      Run run = run("--port", "61700", "--metrics-port", "61700");
      assertThat(run.exit()).isEqualTo(CommandLine.ExitCode.USAGE);
      assertThat(run.err()).contains("--metrics-port must differ from --port (61700)").doesNotContain("Unknown option");
   }

   @Test
   void helpSaysTheMetricsPortIsOffByDefault() {
      Run run = run("--help");
      assertThat(run.exit()).isZero();
      assertThat(run.out()).contains("--metrics-port=PORT").contains("/metrics").contains("default: off");
   }

   @ParameterizedTest
   @ValueSource(strings = {"65536", "-1", "abc"})
   void aBadHttpPortIsAUsageErrorNamingTheOption(String value) {
      Run run = run("--http-port", value);
      assertThat(run.exit()).isEqualTo(CommandLine.ExitCode.USAGE);
      assertThat(run.err()).contains("Invalid value for option '--http-port'").doesNotContain("Unknown option");
   }

   @Test
   void theHttpPortMustDifferFromTheOtherPorts() {
      Run run = run("--port", "61700", "--http-port", "61700");
      assertThat(run.exit()).isEqualTo(CommandLine.ExitCode.USAGE);
      assertThat(run.err()).contains("--http-port must differ from --port and --metrics-port");
   }

   @Test
   void helpSaysTheConsolePortIsAFreeOneByDefaultAndCanBeTurnedOff() {
      Run run = run("--help");
      assertThat(run.out()).contains("--http-port=PORT").contains("0, the default: a free port").contains("--no-http");
   }
}

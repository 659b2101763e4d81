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

import picocli.CommandLine;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Runs rulefilter commands in this JVM with a given stdin, capturing exit code, stdout and stderr. */
final class CliRuns {

   record Run(int exit, String out, String err) {

      /** The output's lines. */
      List<String> lines() {
         return out.lines().toList();
      }
   }

   private CliRuns() {
   }

   /** Runs a command; stdin is {@code stdin}, stdout is what the command prints through picocli or System.out. */
   static Run run(String stdin, String... args) {
      InputStream in = System.in;
      PrintStream stdout = System.out;
      ByteArrayOutputStream captured = new ByteArrayOutputStream();
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      int exit;
      try {
         System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
         System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
         CommandLine cli = RuleFilterCli.commandLine(new RuleFilterCli());
         cli.setOut(new PrintWriter(out, true));
         cli.setErr(new PrintWriter(err, true));
         exit = cli.execute(args);
      } finally {
         System.setIn(in);
         System.setOut(stdout);
      }
      return new Run(exit, out + captured.toString(StandardCharsets.UTF_8), err.toString());
   }
}

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
package io.rulefilter.client;

import io.rulefilter.cli.CommandLines;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

/**
 * What publish and subscribe share: the broker they talk to, the one address they work on, and how they report a
 * session that could not be opened. Picocli reads these options as each subclass's own, so their help is unchanged.
 */
abstract class AddressCommand implements Callable<Integer> {

   @Mixin
   ConnectionOptions connection;

   @Option(names = "--address", required = true, description = "the address, e.g. airport.events")
   String address;

   @Spec
   CommandLine.Model.CommandSpec spec;

   /** One line on stderr, after the command's name as the user typed it. */
   void complain(String what) {
      err().println(spec.qualifiedName() + ": " + what);
   }

   /** Reports why no session could be opened; the exit code says whose fault it is: a wrong URL is the user's. */
   int notOpened(BrokerSession.Failure e) {
      complain(e.getMessage());
      return e.usage() ? CommandLines.INVALID : CommandLines.FAILED;
   }

   PrintWriter out() {
      return spec.commandLine().getOut();
   }

   PrintWriter err() {
      return spec.commandLine().getErr();
   }
}

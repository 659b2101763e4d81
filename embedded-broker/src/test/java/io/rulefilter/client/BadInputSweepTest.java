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

import io.rulefilter.broker.BrokerMain;
import io.rulefilter.broker.ClusterMain;
import io.rulefilter.cli.RuleFilterCli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every command with bad input, each in its own JVM as bin/rulefilter starts it: the user sees one line naming what
 * is wrong, never a stack trace (no {@code at io.…} line, no exception's name), and the exit code is 2 for a usage
 * error, 1 for a failure (a file, a port, a broker).
 */
class BadInputSweepTest {

   private static final String CLI = RuleFilterCli.class.getName();
   private static final String BROKER = BrokerMain.class.getName();
   private static final String CLUSTER = ClusterMain.class.getName();
   private static final String RULES = RulesMain.class.getName();
   private static final String SUBSCRIBE = SubscribeCommand.class.getName();
   private static final String PUBLISH = PublishCommand.class.getName();

   @TempDir
   static Path dir;

   /** One bad command line: the main class, its arguments, the exit code and a fragment the one line must name. */
   private record Case(int exit, String names, String main, String... args) {
      @Override
      public String toString() {
         String line = main.substring(main.lastIndexOf('.') + 1) + " " + String.join(" ", args);
         return line.length() > 120 ? line.substring(0, 120) + "…" : line;
      }
   }

   @Test
   void noCommandShowsAStackTraceAndEachExitsWithTheRightCode() throws Exception {
      Path aFile = Files.writeString(dir.resolve("a-file"), "not a directory");
      Path badXml = Files.writeString(dir.resolve("bad.xml"), "<configuration>\n  <core>\n</configuration>\n");
      try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
         String busy = Integer.toString(taken.getLocalPort());
         String data = dir.resolve("data").toString();
         List<Case> cases = List.of(
               new Case(2, "Missing required subcommand", CLI),
               new Case(2, "'nosuch'", CLI, "nosuch"),
               new Case(2, "'--bogus'", CLI, "--bogus"),
               new Case(2, "'RULE'", CLI, "check"),
               new Case(2, "rule error at 5", CLI, "check", "x gt"),
               new Case(2, "rule error at 4097: the rule is longer", CLI, "check", "x weq " + "a".repeat(100_000)),
               new Case(2, "'--tag-property'", CLI, "translate", "--tag-property"),
               new Case(2, "'RULE'", CLI, "selector"),
               new Case(2, "--prop 'n:long=abc'", CLI, "explain", "x ex", "--prop", "n:long=abc"),
               new Case(2, "--prop 'bad'", CLI, "explain", "x ex", "--prop", "bad"),
               new Case(2, "--cache-size", CLI, "eval", "--cache-size", "-1"),
               new Case(2, "--cache-size", CLI, "eval", "--cache-size", "abc"),
               new Case(2, "--cases", CLI, "fuzz", "--cases", "0"),
               new Case(2, "--seed", CLI, "fuzz", "--seed", "xyz"),
               new Case(1, "/nonexist/broker.xml", BROKER, "--config", "/nonexist/broker.xml"),
               new Case(1, dir.toString(), BROKER, "--config", dir.toString()),
               new Case(1, badXml + " line 3", BROKER, "--config", badXml.toString()),
               new Case(2, "'--port': '99999'", BROKER, "--port", "99999"),
               new Case(2, "'--port': '0'", BROKER, "--port", "0"),
               new Case(2, "'--port': 'abc'", BROKER, "--port", "abc"),
               new Case(2, "'--metrics-port': '70000'", BROKER, "--metrics-port", "70000"),
               new Case(2, "'--bogus'", BROKER, "--bogus"),
               new Case(1, "127.0.0.1:" + busy, BROKER, "--port", busy, "--data", data),
               new Case(1, "--data " + aFile, BROKER, "--port", busy, "--data", aFile.toString()),
               new Case(1, "--data /proc/rulefilter", BROKER, "--data", "/proc/rulefilter/data"),
               new Case(2, "--nodes", CLUSTER, "--nodes", "1"),
               new Case(2, "'--nodes': 'abc'", CLUSTER, "--nodes", "abc"),
               new Case(2, "--port 65535", CLUSTER, "--port", "65535"),
               new Case(1, "127.0.0.1:" + busy, CLUSTER, "--port", busy, "--data", data),
               new Case(2, "Missing required subcommand", RULES),
               new Case(2, "'nosuch'", RULES, "nosuch"),
               new Case(2, "'--queue=<queue>'", RULES, "set", "--address", "a"),
               new Case(2, "'--address=<address>'", RULES, "get"),
               new Case(1, "cannot connect to tcp://127.0.0.1:" + busy, RULES, "list", "--url", "tcp://127.0.0.1:" + busy),
               new Case(2, "invalid broker URL 'nonsense://x'", RULES, "list", "--url", "nonsense://x"),
               new Case(2, "'--bogus'", RULES, "list", "--bogus"),
               new Case(2, "'--queue=<queue>'", SUBSCRIBE, "--address", "a"),
               new Case(2, "'--address=<address>'", SUBSCRIBE, "--queue", "q"),
               new Case(2, "--count 0", SUBSCRIBE, "--address", "a", "--queue", "q", "--count", "0"),
               new Case(2, "'--count': 'many'", SUBSCRIBE, "--address", "a", "--queue", "q", "--count", "many"),
               new Case(1, "cannot connect to tcp://127.0.0.1:" + busy, SUBSCRIBE, "--address", "a", "--queue", "q", "--url",
                     "tcp://127.0.0.1:" + busy),
               new Case(2, "invalid broker URL 'nonsense://x'", SUBSCRIBE, "--address", "a", "--queue", "q", "--url", "nonsense://x"),
               new Case(2, "'--address=<address>'", PUBLISH, "--tag", "BSM"),
               new Case(2, "'=3': expected KEY=VALUE", PUBLISH, "--address", "a", "=3"),
               new Case(2, "'airline': expected KEY=VALUE", PUBLISH, "--address", "a", "airline"),
               new Case(1, "cannot connect to tcp://127.0.0.1:" + busy, PUBLISH, "--address", "a", "--tag", "BSM", "--url",
                     "tcp://127.0.0.1:" + busy),
               new Case(2, "'--bogus'", PUBLISH, "--address", "a", "--bogus"));
         List<String> wrong = new ArrayList<>();
         for (Case c : cases) {
            Result result = run(c);
            String seen = result.output();
            boolean traced = seen.lines().anyMatch(l -> l.contains("at io.") || l.contains("Exception"));
            // a few lines at most: a 100 KB rule's error shows about 80 characters of it
            if (result.exit() != c.exit() || traced || !seen.contains(c.names()) || seen.length() > 2_000) {
               wrong.add(c + " -> exit " + result.exit() + " (expected " + c.exit() + "), naming '" + c.names() + "':\n"
                     + seen.substring(0, Math.min(seen.length(), 2_000)));
            }
         }
         assertThat(wrong).as("commands whose bad input was not answered with one line and the right exit code").isEmpty();
      }
   }

   private record Result(int exit, String output) {
   }

   /** Runs a case in a JVM of its own, stdout and stderr together, as a terminal shows them. */
   private static Result run(Case c) throws Exception {
      List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp", System.getProperty("java.class.path"), c.main()));
      command.addAll(List.of(c.args()));
      Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.PIPE)
            .start();
      process.getOutputStream().close(); // eval and the like read stdin: give them an empty one
      CompletableFuture<String> output = CompletableFuture.supplyAsync(() -> {
         try {
            return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
         } catch (IOException e) {
            throw new UncheckedIOException(e);
         }
      });
      try {
         assertThat(process.waitFor(120, TimeUnit.SECONDS)).as(c + " ends by itself").isTrue();
         return new Result(process.exitValue(), output.get(10, TimeUnit.SECONDS));
      } finally {
         process.destroyForcibly();
      }
   }
}

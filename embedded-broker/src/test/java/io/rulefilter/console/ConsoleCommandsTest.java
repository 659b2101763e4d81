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
package io.rulefilter.console;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code rulefilter broker} and {@code rulefilter cluster} as processes: they print each console's URL before their
 * ready lines, and the page and the API answer there with the default broker's users (admin manages), for its own
 * node.
 */
class ConsoleCommandsTest {

   private static final Pattern CONSOLE = Pattern.compile("RuleFilter console (?:of node (\\d) )?on "
         + "(http://127\\.0\\.0\\.1:\\d+/)");

   private final HttpClient http = HttpClient.newHttpClient();

   @Test
   void theBrokerPrintsTheConsoleUrlAndTheApiAnswersThere(@TempDir Path data) throws Exception {
      int port = freePort();
      Map<String, String> consoles = run(line -> line.equals("RuleFilter broker ready on tcp://127.0.0.1:" + port),
            "io.rulefilter.broker.BrokerMain", "--port", Integer.toString(port), "--data", data.toString());
      assertThat(consoles).containsOnlyKeys("broker");
   }

   @Test
   void eachClusterNodeServesItsOwnConsole(@TempDir Path data) throws Exception {
      int port = freePort();
      Map<String, String> consoles = run(line -> line.startsWith("RuleFilter cluster node 2 ready on"),
            "io.rulefilter.broker.ClusterMain", "--nodes", "2", "--port", Integer.toString(port), "--data", data.toString());
      assertThat(consoles).containsOnlyKeys("1", "2");
      assertThat(consoles.get("1")).isNotEqualTo(consoles.get("2"));
   }

   /**
    * Starts {@code main} with {@code args}, reads its console lines until {@code ready}, lists the subscriptions on each
    * console and loads its page, and stops it with SIGTERM.
    *
    * @return each console's URL by node number ("broker" for a single broker)
    */
   private Map<String, String> run(Predicate<String> ready, String main, String... args) throws Exception {
      List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp", System.getProperty("java.class.path"), main));
      command.addAll(List.of(args));
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
         List<String> lines = new ArrayList<>();
         Map<String, String> consoles = new TreeMap<>();
         for (String line = out.readLine(); line != null && !ready.test(line); line = out.readLine()) {
            lines.add(line);
            Matcher matcher = CONSOLE.matcher(line);
            if (matcher.matches()) {
               consoles.put(matcher.group(1) == null ? "broker" : matcher.group(1), matcher.group(2));
            }
         }
         assertThat(consoles).as("console lines before the ready line, in %s", lines).isNotEmpty();
         for (String console : consoles.values()) {
            HttpResponse<String> list = http.send(HttpRequest.newBuilder(URI.create(console + "api/subscriptions"))
                  .header("Authorization", "Basic " + Base64.getEncoder().encodeToString("admin:admin".getBytes(StandardCharsets.UTF_8)))
                  .build(), HttpResponse.BodyHandlers.ofString());
            assertThat(list.statusCode()).as(console).isEqualTo(200);
            assertThat(list.body()).as(console).contains("\"total\":0");
            HttpResponse<String> page = http.send(HttpRequest.newBuilder(URI.create(console)).build(),
                  HttpResponse.BodyHandlers.ofString());
            assertThat(page.statusCode()).as(console).isEqualTo(200);
            assertThat(page.body()).as("the page, at %s", console).contains("<title>RuleFilter console</title>");
         }
         return consoles;
      } finally {
         process.destroy();
         assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("%s stops on SIGTERM", main).isTrue();
      }
   }

   private static int freePort() throws IOException {
      try (ServerSocket socket = new ServerSocket(0)) {
         return socket.getLocalPort();
      }
   }
}

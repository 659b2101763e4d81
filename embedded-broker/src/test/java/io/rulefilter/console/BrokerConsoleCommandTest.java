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
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code rulefilter broker} as a process: it prints the console's URL before its ready line, and the API answers
 * there with the default broker's users (admin manages).
 */
class BrokerConsoleCommandTest {

   private static final Pattern CONSOLE = Pattern.compile("RuleFilter console on (http://127\\.0\\.0\\.1:\\d+/)");

   @Test
   void theBrokerPrintsTheConsoleUrlAndTheApiAnswersThere(@TempDir Path data) throws Exception {
      int port = freePort();
      Process broker = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
            System.getProperty("java.class.path"), "io.rulefilter.broker.BrokerMain", "--port", Integer.toString(port),
            "--data", data.toString()).redirectErrorStream(true).start();
      try (BufferedReader out = new BufferedReader(new InputStreamReader(broker.getInputStream(), StandardCharsets.UTF_8))) {
         List<String> lines = new ArrayList<>();
         String console = null;
         for (String line = out.readLine(); line != null; line = out.readLine()) {
            lines.add(line);
            Matcher matcher = CONSOLE.matcher(line);
            if (matcher.matches()) {
               console = matcher.group(1);
            }
            if (line.equals("RuleFilter broker ready on tcp://127.0.0.1:" + port)) {
               break;
            }
         }
         assertThat(console).as("the console line, before the ready line, in %s", lines).isNotNull();
         HttpClient http = HttpClient.newHttpClient();
         HttpResponse<String> list = http.send(HttpRequest.newBuilder(URI.create(console + "api/subscriptions"))
               .header("Authorization", "Basic " + Base64.getEncoder().encodeToString("admin:admin".getBytes(StandardCharsets.UTF_8)))
               .build(), HttpResponse.BodyHandlers.ofString());
         assertThat(list.statusCode()).isEqualTo(200);
         assertThat(list.body()).contains("\"node\":\"rulefilter\"").contains("\"total\":0");
      } finally {
         broker.destroy();
         assertThat(broker.waitFor(60, TimeUnit.SECONDS)).as("the broker stops on SIGTERM").isTrue();
      }
   }

   private static int freePort() throws IOException {
      try (ServerSocket socket = new ServerSocket(0)) {
         return socket.getLocalPort();
      }
   }
}

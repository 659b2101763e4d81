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

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rulefilter.broker.ConfigSource;
import io.rulefilter.broker.RuleFilterBroker;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code rulefilter rules} as a user runs it: exit code 0 done, 1 refused or failed, 2 invalid rule or usage, and the
 * reason on stderr. Usage and connection errors need no broker; the rest runs against the RuleFilter broker.
 */
class RulesMainTest {

   @TempDir
   static Path data;

   private static RuleFilterBroker broker;

   /** One run's exit code, stdout and stderr. */
   private record Run(int exit, String out, String err) {
   }

   private static Run run(String... args) {
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      CommandLine command = RulesMain.commandLine().setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true));
      int exit = command.execute(args);
      return new Run(exit, out.toString(), err.toString());
   }

   private static String[] withBroker(String... args) {
      List<String> all = new ArrayList<>(List.of(args));
      all.addAll(List.of("--url", broker.url(), "--user", "admin", "--password", "admin"));
      return all.toArray(String[]::new);
   }

   private static int freePort() throws Exception {
      try (ServerSocket socket = new ServerSocket(0)) {
         return socket.getLocalPort();
      }
   }

   @BeforeAll
   static void startBroker() throws Exception {
      broker = RuleFilterBroker.start(freePort(), data, ConfigSource.defaults());
      broker.server().createQueue(QueueConfiguration.of("bags").setAddress("airport.events")
            .setRoutingType(RoutingType.MULTICAST).setFilterString("@tag beg BS").setAutoCreateAddress(true));
   }

   @AfterAll
   static void stopBroker() throws Exception {
      if (broker != null) {
         broker.close();
      }
   }

   @Test
   void aUsageErrorExitsWith2AndNamesWhatIsMissing() {
      Run missing = run("get", "--address", "airport.events");
      assertThat(missing.exit()).isEqualTo(RulesMain.INVALID);
      assertThat(missing.err()).contains("Missing required option").contains("--queue");
      Run unknown = run("sett", "--address", "a");
      assertThat(unknown.exit()).isEqualTo(RulesMain.INVALID);
      assertThat(unknown.err()).contains("sett");
      assertThat(run("set", "--address", "a", "--queue", "q").err()).contains("--rule");
   }

   @Test
   void aBrokerThatDoesNotAnswerExitsWith1AndSaysWhere() throws Exception {
      String url = "tcp://127.0.0.1:" + freePort();
      Run run = run("list", "--url", url);
      assertThat(run.exit()).isEqualTo(RulesMain.FAILED);
      assertThat(run.err()).startsWith("rulefilter rules: cannot connect to " + url);
      assertThat(run.out()).isEmpty();
   }

   @Test
   void wrongCredentialsAndAUserWithoutManageAreRefusedWith1() {
      Run wrong = run("list", "--url", broker.url(), "--user", "admin", "--password", "nope");
      assertThat(wrong.exit()).isEqualTo(RulesMain.FAILED);
      assertThat(wrong.err()).contains("the broker refused user 'admin': wrong user name or password");
      Run app = run("list", "--url", broker.url(), "--user", "app", "--password", "app");
      assertThat(app.exit()).isEqualTo(RulesMain.FAILED);
      assertThat(app.err()).startsWith("rulefilter rules: not allowed to call 'listRules'").contains("permission='MANAGE'");
   }

   @Test
   void anInvalidRuleExitsWith2WithTheRuleError() {
      Run run = run(withBroker("set", "--address", "airport.events", "--queue", "bags", "--rule", "bagCount gt many"));
      assertThat(run.exit()).isEqualTo(RulesMain.INVALID);
      assertThat(run.err()).startsWith("rulefilter rules: rule error at").contains("many");
      Run unknownQueue = run(withBroker("set", "--address", "airport.events", "--queue", "nope", "--rule", "@tag weq BSM"));
      assertThat(unknownQueue.exit()).as(unknownQueue.err()).isEqualTo(RulesMain.FAILED);
      assertThat(unknownQueue.err().strip()).isEqualTo(
            "rulefilter rules: RFL4016 RuleFilter: no queue named 'nope' on address 'airport.events'");
   }

   @Test
   void resultsArePrintedAsIndentedJsonOrPlainText() throws Exception {
      Run get = run(withBroker("get", "--address", "airport.events", "--queue", "bags"));
      assertThat(get.exit()).as(get.err()).isZero();
      assertThat(get.out().lines().count()).as("pretty-printed").isGreaterThan(3);
      JsonNode info = new ObjectMapper().readTree(get.out());
      assertThat(info.get("rule").asText()).isEqualTo("@tag beg BS");

      Run none = run(withBroker("address-remove", "--address", "airport.events"));
      assertThat(none.exit()).isZero();
      assertThat(none.out().strip()).isEqualTo("the address had no rule");
      assertThat(run(withBroker("address-set", "--address", "airport.events", "--rule", "airline weq CA")).exit()).isZero();
      Run removed = run(withBroker("address-remove", "--address", "airport.events"));
      assertThat(removed.out().strip()).isEqualTo("removed");
   }
}

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
package io.rulefilter.e2e.stock;

import com.fasterxml.jackson.databind.JsonNode;
import io.rulefilter.e2e.Scratch;
import io.rulefilter.selector.RuleSelector;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The web console of a stock Artemis 2.56.0 instance, its web server on, set up as "The web console" in
 * docs/operations.md says (its management.xml lines, its HAWTIO_ROLES), with a viewer (alice) and a manager (bob).
 * Each test sends the Jolokia requests the console sends: {@code list} for the JMX tree (with what the user may
 * call), {@code read} for the attributes, {@code exec} for an operation, and {@code canInvoke} of ArtemisJMXSecurity.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class ConsoleRolesTest {

   private static final String ADDRESS = "airport.events";
   private static final String MBEAN = "org.apache.activemq.artemis:broker=\"127.0.0.1\",component=rulefilter";
   private static final String NODES_MBEAN = MBEAN + ",subcomponent=cluster";
   private static final String SET_RULE = "setRule(java.lang.String,java.lang.String,java.lang.String)";
   private static final List<String> AIRLINES = List.of("CA", "MU", "CZ", "LH");

   private static StockArtemis broker;
   private static ConsoleJolokia viewer;
   private static ConsoleJolokia manager;
   private static JakartaJmsClient client;
   private static final List<AirportClient.Subscriber> SUBSCRIBERS = new ArrayList<>();

   @BeforeAll
   static void createInstanceWithTheManualsRoles() throws Exception {
      String section = Docs.section(Docs.OPERATIONS, "## The web console");
      String matchLines = block(section, "xml");
      String rolesLine = block(section, "bash").lines().filter(line -> line.startsWith("HAWTIO_ROLES=")).findFirst()
            .orElseThrow();
      broker = StockArtemis.create(Scratch.directory("rulefilter-console"), "console", StockArtemis.freePortOffset(),
            StockArtemis.WEB_CONSOLE).installPlugin().withProfileJavaArgs();
      String broadMatch = "<match domain=\"org.apache.activemq.artemis\">";
      broker.editEtc("management.xml", xml -> xml.replace(broadMatch, matchLines.strip() + "\n         " + broadMatch));
      broker.editEtc("artemis.profile", profile -> profile.replace("HAWTIO_ROLES='amq'", rolesLine));
      broker.editEtc("artemis-users.properties", users -> users + "\nalice = alice-secret\nbob = bob-secret\n");
      broker.editEtc("artemis-roles.properties", roles -> roles + "\nviewer = alice\nmanager = bob\n");
      broker.start();
      broker.awaitLog("AMQ241004", 1, 60); // "Artemis Console available at …"
      viewer = new ConsoleJolokia(broker.consoleUrl(), "alice", "alice-secret");
      manager = new ConsoleJolokia(broker.consoleUrl(), "bob", "bob-secret");
      client = JakartaJmsClient.core(broker.corePort());
      for (String airline : AIRLINES) {
         SUBSCRIBERS.add(client.subscribe(ADDRESS, "by-" + airline, RuleSelector.of("airline weq " + airline)));
      }
   }

   @AfterAll
   static void stop() throws Exception {
      for (AirportClient.Subscriber subscriber : SUBSCRIBERS) {
         subscriber.close();
      }
      if (client != null) {
         client.close();
      }
      if (broker != null) {
         broker.close();
      }
   }

   @Test
   void theJmxTreeShowsNamedDescribedOperationsAndGreysOutChangesForTheViewer() throws Exception {
      for (ConsoleJolokia user : List.of(viewer, manager)) {
         JsonNode mbean = ok(user.list("org.apache.activemq.artemis/" + MBEAN.substring(MBEAN.indexOf(':') + 1)));
         JsonNode threeArguments = null;
         for (JsonNode overload : mbean.path("op").path("setRule")) { // setRule/3 and setRule/4, in no fixed order
            threeArguments = overload.path("args").size() == 3 ? overload : threeArguments;
         }
         assertThat(threeArguments).as("setRule(address, queue, rule) in %s", mbean).isNotNull();
         assertThat(threeArguments.path("args").findValuesAsText("name")).containsExactly("address", "queue", "rule");
         assertThat(threeArguments.path("args").get(2).path("desc").asText()).contains("the new rule");
         assertThat(mbean.path("attr").path("Subscriptions").path("desc").asText()).contains("filtered subscription");
         List<String> operations = new ArrayList<>();
         mbean.path("op").fieldNames().forEachRemaining(operations::add);
         assertThat(operations).contains("setRule", "getRule", "listRules", "check")
               .doesNotContain("syncSubscription", "copyForwards", "managedQueues");
         boolean isManager = user == manager;
         assertThat(threeArguments.path("canInvoke").asBoolean()).as("setRule for the %s", isManager ? "manager"
               : "viewer").isEqualTo(isManager);
         assertThat(mbean.path("op").path("getRule").path("canInvoke").asBoolean()).isTrue();
      }
      JsonNode nodes = ok(viewer.list("org.apache.activemq.artemis/" + NODES_MBEAN.substring(MBEAN.indexOf(':') + 1)));
      assertThat(nodes.path("op").has("syncSubscription")).as("the nodes' operations, in an MBean of their own").isTrue();
   }

   @Test
   void artemisJmxSecurityAnswersTheConsolesCanInvokeByRole() throws Exception {
      String request = """
            {"type":"exec","mbean":"hawtio:area=jmx,name=ArtemisJMXSecurity,type=security",
             "operation":"canInvoke(java.util.Map)","arguments":[{"%s":["%s","getRule(java.lang.String,java.lang.String)",
             "listRules()","removeAddressRule(java.lang.String)"]}]}""".formatted(MBEAN.replace("\"", "\\\""), SET_RULE);
      for (ConsoleJolokia user : List.of(viewer, manager)) {
         JsonNode answers = ok(user.send(request)).path(MBEAN);
         boolean isManager = user == manager;
         assertThat(answers.path(SET_RULE).path("CanInvoke").asBoolean()).isEqualTo(isManager);
         assertThat(answers.path("removeAddressRule(java.lang.String)").path("CanInvoke").asBoolean()).isEqualTo(isManager);
         assertThat(answers.path("getRule(java.lang.String,java.lang.String)").path("CanInvoke").asBoolean()).isTrue();
         assertThat(answers.path("listRules()").path("CanInvoke").asBoolean()).isTrue();
      }
   }

   @Test
   void aViewerReadsRulesCountersAndIndexStateButChangesNothing() throws Exception {
      JsonNode attributes = ok(viewer.read(MBEAN));
      assertThat(attributes.path("SubscriptionCount").asInt()).isEqualTo(AIRLINES.size());
      assertThat(attributes.path("Subscriptions").findValuesAsText("queue")).containsAll(AIRLINES.stream()
            .map(airline -> "by-" + airline).toList());
      JsonNode routing = attributes.path("AddressRouting").get(0);
      assertThat(routing.path("address").asText()).isEqualTo(ADDRESS);
      assertThat(routing.path("indexed").asBoolean()).as("four queues: the index serves the address").isTrue();
      assertThat(ok(viewer.exec(MBEAN, "check", "@tag beg  BS")).asText()).isEqualTo("@tag beg BS");
      assertThat(ok(viewer.exec(MBEAN, "getRule", ADDRESS, "by-CZ")).asText()).contains("\"rule\":\"airline weq CZ\"");

      JsonNode refused = viewer.exec(MBEAN, SET_RULE, ADDRESS, "by-CZ", "airline weq MU");
      assertThat(refused.path("status").asInt()).isEqualTo(403);
      assertThat(refused.path("error").asText()).contains("not authorized").contains("setRule");
      assertThat(viewer.exec(MBEAN, "disable", ADDRESS, "by-CZ").path("status").asInt()).isEqualTo(403);
      assertThat(ok(viewer.exec(MBEAN, "getRule", ADDRESS, "by-CZ")).asText()).as("unchanged")
            .contains("\"rule\":\"airline weq CZ\"").contains("\"enabled\":true");

      // the manual's curl line is the same read request
      Matcher curl = Pattern.compile("-d '(\\{.*})'").matcher(Docs.section(Docs.OPERATIONS, "## The web console"));
      assertThat(curl.find()).as("the manual's curl example").isTrue();
      JsonNode asInTheManual = ok(viewer.send(curl.group(1).replace("0.0.0.0", "127.0.0.1")));
      assertThat(asInTheManual.findValuesAsText("queue")).contains("by-CA");
   }

   @Test
   void aManagerChangesARuleFromTheConsoleAndTheNextMessageMeetsIt() throws Exception {
      JsonNode changed = ok(manager.exec(MBEAN, SET_RULE, ADDRESS, "by-LH", "airline weq LH or airline weq BA"));
      assertThat(changed.asText()).contains("\"changedBy\":\"bob (JMX)\"").contains("\"source\":\"management\"");
      try {
         client.publish(ADDRESS, List.of(new AirportMessage(1, "BSM", Map.of("airline", "BA")),
               new AirportMessage(2, "BSM", Map.of("airline", "LH")), new AirportMessage(3, "BSM", Map.of("airline", "CA"))));
         assertThat(SUBSCRIBERS.get(AIRLINES.indexOf("LH")).drain(1_000)).containsExactly(1, 2);
         assertThat(SUBSCRIBERS.get(AIRLINES.indexOf("CA")).drain(1_000)).containsExactly(3);
      } finally {
         ok(manager.exec(MBEAN, "removeRule", ADDRESS, "by-LH"));
      }
      JsonNode nodeOperation = manager.exec(NODES_MBEAN, "managedQueues");
      assertThat(nodeOperation.path("status").asInt()).as("a node operation, even for a manager").isNotEqualTo(200);
      assertThat(nodeOperation.path("error").asText()).contains("other nodes of the cluster only");
   }

   /** The answer's value, once Jolokia says the request succeeded. */
   private static JsonNode ok(JsonNode answer) {
      assertThat(answer.path("status").asInt()).as("Jolokia's answer %s", answer).isEqualTo(200);
      return answer.path("value");
   }

   /** The first fenced code block of {@code lang} in {@code markdown}. */
   private static String block(String markdown, String lang) {
      Matcher block = Pattern.compile("```" + lang + "\n(.*?)```", Pattern.DOTALL).matcher(markdown);
      if (!block.find()) {
         throw new IllegalStateException("no ```" + lang + " block in:\n" + markdown);
      }
      return block.group(1);
   }
}

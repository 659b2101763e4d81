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

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The web console of a stock Artemis 2.56.0 instance, its web server on, set up as "The web console" in
 * docs/operations.md says (its management.xml matches, its commands for the users, their roles and HAWTIO_ROLES), with
 * a viewer (alice) and a manager (bob). Each test sends the Jolokia requests the console sends (artemis-console 2.56.0,
 * its artemis-service.ts): {@code search} for the broker, {@code read} and {@code exec} on Artemis's own MBeans for the
 * Status, Addresses and Queues pages and a queue's messages, {@code list} for the JMX tree (with what the user may
 * call), {@code read} and {@code exec} on RuleFilter's MBean, and {@code canInvoke} of ArtemisJMXSecurity.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class ConsoleRolesTest {

   private static final String ADDRESS = "airport.events";
   /** An address whose one subscription has no consumer, so that its queue holds what it kept. */
   private static final String WAITING_ADDRESS = "airport.waiting";
   private static final String WAITING_QUEUE = "kept-CA";
   private static final String WAITING_RULE = "airline weq CA";
   private static final List<AirportMessage> WAITING = List.of(new AirportMessage(1, "BSM", Map.of("airline", "CA")),
         new AirportMessage(2, "BSM", Map.of("airline", "MU")), new AirportMessage(3, "BSM", Map.of("airline", "CA")));
   private static final String BROKER = "org.apache.activemq.artemis:broker=\"127.0.0.1\"";
   private static final String MBEAN = "org.apache.activemq.artemis:broker=\"127.0.0.1\",component=rulefilter";
   private static final String NODES_MBEAN = MBEAN + ",subcomponent=cluster";
   private static final String SET_RULE = "setRule(java.lang.String,java.lang.String,java.lang.String)";
   private static final List<String> AIRLINES = List.of("CA", "MU", "CZ", "LH");
   /** The broker attributes the Status page reads (artemis-service.ts, getBrokerInfo). */
   private static final String[] STATUS_ATTRIBUTES = {"Name", "NodeID", "Version", "Started", "Uptime", "GlobalMaxSize",
      "AddressMemoryUsage", "HAPolicy", "DiskStoreUsage", "MaxDiskUsage", "Backup", "Clustered", "ConnectionCount",
      "ReplicaSync"};
   private static final String LIST_QUEUES = "listQueues(java.lang.String,int,int)";
   private static final String LIST_ADDRESSES = "listAddresses(java.lang.String,int,int)";
   private static final String BROWSE = "browse(int,int,java.lang.String)";

   private static StockArtemis broker;
   private static ConsoleJolokia viewer;
   private static ConsoleJolokia manager;
   private static JakartaJmsClient client;
   private static final List<AirportClient.Subscriber> SUBSCRIBERS = new ArrayList<>();

   @BeforeAll
   static void createInstanceWithTheManualsRoles() throws Exception {
      String section = Docs.section(Docs.OPERATIONS, "## The web console");
      String matches = block(section, "xml");
      String commands = block(section, "bash");
      broker = StockArtemis.create(Scratch.directory("rulefilter-console"), "console", StockArtemis.freePortOffset(),
            StockArtemis.WEB_CONSOLE).installPlugin().withProfileJavaArgs();
      // the manual's two matches in place of the broad one artemis create wrote
      broker.editEtc("management.xml", xml -> {
         int start = xml.indexOf("<match domain=\"org.apache.activemq.artemis\">");
         int end = xml.indexOf("</match>", start) + "</match>".length();
         return xml.substring(0, start) + matches.strip() + xml.substring(end);
      });
      Process run = new ProcessBuilder("bash", "-e", "-c", commands).directory(broker.instance().toFile())
            .redirectErrorStream(true).start();
      String output = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(run.waitFor()).as("the manual's commands, which said: %s", output).isZero();
      broker.start();
      broker.awaitLog("AMQ241004", 1, 60); // "Artemis Console available at …"
      viewer = new ConsoleJolokia(broker.consoleUrl(), "alice", "alice-secret");
      manager = new ConsoleJolokia(broker.consoleUrl(), "bob", "bob-secret");
      client = JakartaJmsClient.core(broker.corePort());
      for (String airline : AIRLINES) {
         SUBSCRIBERS.add(client.subscribe(ADDRESS, "by-" + airline, RuleSelector.of("airline weq " + airline)));
      }
      client.subscribe(WAITING_ADDRESS, WAITING_QUEUE, RuleSelector.of(WAITING_RULE)).close();
      client.publish(WAITING_ADDRESS, WAITING);
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
   void bothRolesOpenTheStatusAddressesAndQueuesPagesAndAQueuesMessagesButChangeNoQueue() throws Exception {
      List<String> kept = WAITING.stream().filter(message -> message.acceptedBy(WAITING_RULE)).map(AirportMessage::body)
            .toList();
      assertThat(kept).hasSize(2);
      for (ConsoleJolokia user : List.of(viewer, manager)) {
         String who = user == viewer ? "the viewer" : "the manager";
         assertThat(ok(user.search("org.apache.activemq.artemis:broker=*")).toString()).as("how the console finds the broker")
               .isEqualTo("[" + ConsoleJolokia.JSON.valueToTree(BROKER) + "]");

         JsonNode status = ok(user.read(BROKER, STATUS_ATTRIBUTES));
         for (String attribute : STATUS_ATTRIBUTES) {
            assertThat(status.has(attribute) && !status.path(attribute).has(".error")).as("%s reads %s: %s", who,
                  attribute, status.path(attribute)).isTrue();
         }
         assertThat(status.path("Version").asText()).isEqualTo("2.56.0");
         ok(user.exec(BROKER, "listNetworkTopology"));
         ok(user.exec(BROKER, "listLockCoordinatorsAsJSON()"));
         JsonNode acceptors = ok(user.search(BROKER + ",component=acceptors,name=*"));
         assertThat(acceptors.size()).as("the acceptors artemis create made").isPositive();
         for (JsonNode acceptor : acceptors) {
            assertReadable(ok(user.read(acceptor.asText())), who + " reads " + acceptor.asText());
         }

         JsonNode addresses = pageOf(user, LIST_ADDRESSES, "", "");
         assertThat(addresses.path("data").findValuesAsText("name")).contains(ADDRESS, WAITING_ADDRESS);
         JsonNode queues = pageOf(user, LIST_QUEUES, "", "");
         assertThat(queues.path("data").findValuesAsText("name")).contains("by-CA", "by-LH", WAITING_QUEUE);
         JsonNode row = queueRow(user, WAITING_QUEUE);
         assertThat(row.path("messageCount").asInt()).as("the Queues page's message count").isEqualTo(kept.size());

         String queue = queueMBean(row);
         assertThat(ok(user.exec(queue, "countMessages()")).asInt()).isEqualTo(kept.size());
         JsonNode browsed = ok(user.exec(queue, BROWSE, 1, 10, ""));
         assertThat(browsed.findValuesAsText("text")).as("%s browses what the queue kept: %s", who, browsed)
               .containsExactlyElementsOf(kept);
         JsonNode attributes = ok(user.read(queue));
         assertReadable(attributes, who + " reads the queue's attributes");
         assertThat(attributes.path("MessageCount").asInt()).isEqualTo(kept.size());
         assertThat(attributes.path("Filter").asText()).isEqualTo(RuleSelector.of(WAITING_RULE));

         JsonNode may = ok(user.canInvoke(queue, BROWSE, "countMessages()", "removeAllMessages()")).path(queue);
         assertThat(may.path(BROWSE).path("CanInvoke").asBoolean()).as("the Browse action for %s", who).isTrue();
         assertThat(may.path("countMessages()").path("CanInvoke").asBoolean()).isTrue();
         assertThat(may.path("removeAllMessages()").path("CanInvoke").asBoolean()).as("Purge for %s", who).isFalse();
         assertThat(user.exec(queue, "removeAllMessages()").path("status").asInt()).isEqualTo(403);
         assertThat(user.exec(BROKER, "destroyQueue(java.lang.String)", WAITING_QUEUE).path("status").asInt()).isEqualTo(403);
         assertThat(ok(user.exec(queue, "countMessages()")).asInt()).as("nothing removed").isEqualTo(kept.size());
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
      assertThat(attributes.path("SubscriptionCount").asInt()).as("by-CA … by-LH and " + WAITING_QUEUE)
            .isEqualTo(AIRLINES.size() + 1);
      assertThat(attributes.path("Subscriptions").findValuesAsText("queue")).containsAll(AIRLINES.stream()
            .map(airline -> "by-" + airline).toList());
      JsonNode routing = null;
      for (JsonNode address : attributes.path("AddressRouting")) {
         routing = address.path("address").asText().equals(ADDRESS) ? address : routing;
      }
      assertThat(routing).as("%s in %s", ADDRESS, attributes.path("AddressRouting")).isNotNull();
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

         // where the manual says the rule in force is shown, and what the queue's own Filter shows
         JsonNode byLh = null;
         for (JsonNode subscription : ok(viewer.read(MBEAN)).path("Subscriptions")) {
            byLh = subscription.path("queue").asText().equals("by-LH") ? subscription : byLh;
         }
         assertThat(byLh).isNotNull();
         assertThat(byLh.path("rule").asText()).isEqualTo("airline weq LH or airline weq BA");
         assertThat(byLh.path("source").asText()).isEqualTo("management");
         assertThat(byLh.path("creationRule").asText()).isEqualTo("airline weq LH");
         assertThat(byLh.path("changedBy").asText()).isEqualTo("bob (JMX)");
         JsonNode row = queueRow(viewer, "by-LH");
         assertThat(row.path("filter").asText()).as("the Queues page's Filter column: the creation rule")
               .isEqualTo(RuleSelector.of("airline weq LH"));
         assertThat(ok(viewer.read(queueMBean(row))).path("Filter").asText()).isEqualTo(row.path("filter").asText());
      } finally {
         ok(manager.exec(MBEAN, "removeRule", ADDRESS, "by-LH"));
      }
      JsonNode nodeOperation = manager.exec(NODES_MBEAN, "managedQueues");
      assertThat(nodeOperation.path("status").asInt()).as("a node operation, even for a manager").isNotEqualTo(200);
      assertThat(nodeOperation.path("error").asText()).contains("other nodes of the cluster only");
   }

   /** One page of the Addresses or Queues page (the console's JSON filter, page 1 of 10, sorted by id), parsed. */
   private static JsonNode pageOf(ConsoleJolokia user, String operation, String field, String value) throws Exception {
      String filter = ConsoleJolokia.JSON.createObjectNode().put("field", field).put("operation", field.isEmpty() ? ""
            : "EQUALS").put("value", value).put("sortOrder", "asc").put("sortColumn", "id").toString();
      return ConsoleJolokia.JSON.readTree(ok(user.exec(BROKER, operation, filter, 1, 10)).asText());
   }

   /** The Queues page's row of {@code name}, searched for by name as its filter box does. */
   private static JsonNode queueRow(ConsoleJolokia user, String name) throws Exception {
      JsonNode rows = pageOf(user, LIST_QUEUES, "name", name).path("data");
      assertThat(rows.size()).as("the Queues page for %s: %s", name, rows).isEqualTo(1);
      return rows.get(0);
   }

   /** The queue's MBean as the console names it from a row of the Queues page (util/jmx.ts, createQueueObjectName). */
   private static String queueMBean(JsonNode row) {
      return BROKER + ",component=addresses,address=\"" + row.path("address").asText() + "\",subcomponent=queues,"
            + "routing-type=\"" + row.path("routingType").asText().toLowerCase(Locale.ROOT) + "\",queue=\""
            + row.path("name").asText() + "\"";
   }

   /** Every attribute of a read of all has a value, none the error Jolokia puts where the user may not read. */
   private static void assertReadable(JsonNode attributes, String what) {
      assertThat(attributes.size()).as(what).isPositive();
      attributes.fields().forEachRemaining(attribute -> assertThat(attribute.getValue().has(".error"))
            .as("%s: %s = %s", what, attribute.getKey(), attribute.getValue()).isFalse());
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

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

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rulefilter.RuleLanguage;
import io.rulefilter.artemis.internal.PluginParts;
import io.rulefilter.broker.ConfigSource;
import io.rulefilter.broker.RuleFilterBroker;
import io.rulefilter.client.ManagementClient;
import io.rulefilter.client.RulesMain;
import io.rulefilter.parse.RuleSyntaxException;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.api.core.client.ClientConsumer;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientProducer;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.api.core.client.ServerLocator;
import org.apache.activemq.artemis.api.core.management.ResourceNames;
import org.apache.activemq.artemis.logs.AuditLogger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import static io.rulefilter.console.ConsoleFixtures.freePort;
import static io.rulefilter.console.ConsoleFixtures.subscribe;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The console API over HTTP against a real broker whose management roles are split (admin edits, bob only views, app
 * may not manage): what each may see and change, and that a change is the broker's, followed by the next JMS message.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ConsoleApiTest {

   private static final String ADDRESS = "airport.events";
   private static final ObjectMapper JSON = new ObjectMapper();

   private RuleFilterBroker broker;
   private Path data;
   private ConsoleServer console;
   private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

   @BeforeAll
   void start(@TempDir Path dir) throws Exception {
      Path config = Files.createDirectories(dir.resolve("config"));
      for (String file : List.of("broker.xml", "users.properties", "roles.properties")) {
         try (InputStream in = getClass().getResourceAsStream("/console-broker/" + file)) {
            Files.copy(in, config.resolve(file));
         }
      }
      data = dir.resolve("data");
      broker = RuleFilterBroker.start(freePort(), data, ConfigSource.of(config.resolve("broker.xml")));
      console = ConsoleServer.bind(0);
      console.serve(broker);
      try (ServerLocator locator = ActiveMQClient.createServerLocator(broker.url());
           ClientSessionFactory factory = locator.createSessionFactory();
           ClientSession session = factory.createSession("admin", "admin", false, true, true, false, 1)) {
         for (int i = 0; i < 10; i++) {
            subscribe(session, ADDRESS, String.format("bags-%02d", i), "airline weq CA");
         }
         subscribe(session, ADDRESS, "moves", "@tag beg MVT");
         subscribe(session, ADDRESS, "viewed", "airline weq MU");
         subscribe(session, "airport.crew", "crew", "rank weq captain");
      }
   }

   @AfterAll
   void stop() throws Exception {
      if (console != null) {
         console.close();
      }
      if (broker != null) {
         broker.close();
      }
   }

   @Test
   void listsFiltersAndPagesOnTheServer() throws Exception {
      JsonNode page = get("admin", "admin", "/api/subscriptions?q=BAGS&offset=8&limit=4").json();
      assertThat(page.get("total").asInt()).isEqualTo(10);
      assertThat(queues(page)).containsExactly("bags-08", "bags-09");
      assertThat(page.get("node").asText()).isEqualTo("rulefilter");

      assertThat(queues(get("admin", "admin", "/api/subscriptions?q=" + enc("tag beg mvt")).json())).containsExactly("moves");
      assertThat(queues(get("admin", "admin", "/api/subscriptions?q=airport.crew").json())).containsExactly("crew");
      JsonNode all = get("admin", "admin", "/api/subscriptions").json();
      assertThat(all.get("limit").asInt()).isEqualTo(SubscriptionQuery.DEFAULT_LIMIT);
      assertThat(queues(all)).hasSize(all.get("total").asInt()).contains("bags-00", "crew", "moves", "viewed")
            .as("ordered by address, then queue").containsSubsequence("crew", "bags-00", "bags-01", "moves");

      JsonNode addresses = get("bob", "bobpw", "/api/addresses").json().get("addresses");
      assertThat(addresses.findValuesAsText("address")).as("in name order").containsSubsequence("airport.crew", ADDRESS);
      JsonNode crew = addresses.get(addresses.findValuesAsText("address").indexOf("airport.crew"));
      assertThat(crew.get("subscriptions").asInt()).isEqualTo(1);
      assertThat(crew.has("indexed")).isTrue();

      Answer tooMany = get("admin", "admin", "/api/subscriptions?limit=501");
      assertThat(tooMany.status()).isEqualTo(400);
      assertThat(tooMany.error()).isEqualTo("'limit' must be a whole number from 0 to 500, was '501'");
      assertThat(get("admin", "admin", "/api/subscriptions?offset=-1").status()).isEqualTo(400);
   }

   @Test
   void eachSubscriptionShowsItsMessagesWaitingAndConsumers() throws Exception {
      try (ServerLocator locator = ActiveMQClient.createServerLocator(broker.url()).setBlockOnDurableSend(true);
           ClientSessionFactory factory = locator.createSessionFactory();
           ClientSession session = factory.createSession("admin", "admin", false, true, true, false, 1)) {
         subscribe(session, ADDRESS, "waiting", "airline weq LH");
         try (ClientProducer producer = session.createProducer(ADDRESS)) {
            for (String airline : List.of("LH", "CA", "LH", "LH")) {
               ClientMessage message = session.createMessage(true);
               message.putStringProperty("airline", airline);
               producer.send(message);
            }
         }
         try (ClientConsumer consumer = session.createConsumer("waiting")) { // not started: it takes nothing
            JsonNode got = get("bob", "bobpw", "/api/subscription?address=" + ADDRESS + "&queue=waiting").json();
            assertThat(got.get("messages").asLong()).isEqualTo(3);
            assertThat(got.get("consumers").asLong()).isEqualTo(1);
            assertThat(got.has("countsError")).isFalse();
         }
         JsonNode row = get("bob", "bobpw", "/api/subscriptions?q=waiting").json().get("subscriptions").get(0);
         assertThat(row.get("queue").asText()).isEqualTo("waiting");
         assertThat(row.get("messages").asLong()).isEqualTo(3);
         assertThat(row.get("consumers").asLong()).isZero();
      }
   }

   @Test
   void aDryRunCountsWhatTheRuleWouldKeepOfTheWaitingMessagesAndChangesNothing() throws Exception {
      String address = "airport.dry";
      try (ServerLocator locator = ActiveMQClient.createServerLocator(broker.url()).setBlockOnDurableSend(true);
           ClientSessionFactory factory = locator.createSessionFactory();
           ClientSession session = factory.createSession("admin", "admin", false, true, true, false, 1)) {
         subscribe(session, address, "dry", "bagCount gt 0");
         try (ClientProducer producer = session.createProducer(address)) {
            for (int bags = 1; bags <= 5; bags++) {
               ClientMessage message = session.createMessage(true);
               message.putLongProperty("bagCount", bags);
               message.putStringProperty("airline", bags % 2 == 1 ? "CA" : "MU");
               producer.send(message);
            }
         }
      }
      Map<String, Object> request = Map.of("address", address, "queue", "dry", "rule", "bagCount gt 3");
      JsonNode run = post("bob", "bobpw", "/api/dry-run", request).json();
      assertThat(run.get("examined").asInt()).isEqualTo(5);
      assertThat(run.get("kept").asInt()).isEqualTo(2);
      assertThat(run.get("notKept").asInt()).isEqualTo(3);
      assertThat(run.get("notKeptIds")).hasSize(3);
      assertThat(run.get("more").asBoolean()).isFalse();

      JsonNode firstTwo = post("bob", "bobpw", "/api/dry-run", Map.of("address", address, "queue", "dry",
            "rule", "bagCount gt 3", "limit", 2)).json();
      assertThat(firstTwo.get("examined").asInt()).isEqualTo(2);
      assertThat(firstTwo.get("kept").asInt()).isZero();
      assertThat(firstTwo.get("more").asBoolean()).isTrue();

      assertThat(post("admin", "admin", "/api/address-rule", Map.of("address", address, "rule", "airline weq CA")).status())
            .isEqualTo(200);
      JsonNode withAddressRule = post("bob", "bobpw", "/api/dry-run", request).json();
      assertThat(withAddressRule.get("addressRule").asText()).isEqualTo("airline weq CA");
      assertThat(withAddressRule.get("kept").asInt()).as("bagCount 5 of CA only").isEqualTo(1);
      post("admin", "admin", "/api/address-rule/remove", Map.of("address", address));

      String bad = "bagCount gt";
      Answer refused = post("bob", "bobpw", "/api/dry-run", Map.of("address", address, "queue", "dry", "rule", bad));
      assertThat(refused.status()).isEqualTo(400);
      assertThat(refused.error()).isEqualTo(caretError(bad));
      assertThat(post("app", "app", "/api/dry-run", request).status()).isEqualTo(403);
      assertThat(post("bob", "bobpw", "/api/dry-run", Map.of("address", address, "queue", "nobody", "rule", "a weq b"))
            .status()).isEqualTo(404);

      JsonNode after = get("admin", "admin", "/api/subscription?address=" + address + "&queue=dry").json();
      assertThat(after.get("rule").asText()).isEqualTo("bagCount gt 0");
      assertThat(after.get("messages").asLong()).isEqualTo(5);
   }

   @Test
   void aChangeIsManagementsAndTheNextJmsMessageFollowsIt() throws Exception {
      subscribeWithClient("followed", "@tag beg MVA");
      Answer set = post("admin", "admin", "/api/subscription/rule",
            Map.of("address", ADDRESS, "queue", "followed", "rule", "@tag   beg BS"));
      assertThat(set.status()).isEqualTo(200);
      assertThat(set.json().get("rule").asText()).isEqualTo("@tag beg BS");
      assertThat(set.json().get("source").asText()).isEqualTo("management");
      assertThat(set.json().get("changedBy").asText()).isEqualTo("admin");
      assertThat(set.json().get("changedAt").asLong()).isPositive();

      JsonNode got = get("admin", "admin", "/api/subscription?address=" + ADDRESS + "&queue=followed").json();
      assertThat(got.get("rule").asText()).isEqualTo("@tag beg BS");

      assertThat(ConsoleFixtures.publishAndReceive(broker.url(), ADDRESS, "followed", List.of("MVA", "BSM", "MVT", "BSN")))
            .containsExactly("BSM", "BSN");

      Answer removed = post("admin", "admin", "/api/subscription/remove-rule", Map.of("address", ADDRESS, "queue", "followed"));
      assertThat(removed.json().get("rule").asText()).isEqualTo("@tag beg MVA");
      Answer off = post("admin", "admin", "/api/subscription/switch", Map.of("address", ADDRESS, "queue", "followed",
            "enabled", false));
      assertThat(off.json().get("enabled").asBoolean()).isFalse();

      List<String> history = new ArrayList<>();
      for (JsonNode change : get("bob", "bobpw", "/api/changes").json().get("changes")) {
         if (change.get("target").asText().equals(ADDRESS + "::followed")) {
            history.add(change.get("what").asText() + ": " + change.get("before").asText() + " -> "
                  + change.get("after").asText() + " by " + change.get("changedBy").asText() + " on " + change.get("node").asText());
            assertThat(change.get("changedAt").asLong()).isPositive();
         }
      }
      assertThat(history).as("newest first").containsExactly(
            "switched off: @tag beg MVA -> @tag beg MVA by admin on rulefilter",
            "went back to the creation rule: @tag beg BS -> @tag beg MVA by admin on rulefilter",
            "set rule: @tag beg MVA -> @tag beg BS by admin on rulefilter");
      assertThat(get("app", "app", "/api/changes").status()).as("app may not manage").isEqualTo(403);
      assertThat(Files.readString(data.resolve(ConsoleServer.HISTORY_FILE))).as("kept for a restart, in the data directory")
            .contains("\"target\":\"" + ADDRESS + "::followed\",\"before\":\"@tag beg MVA\",\"after\":\"@tag beg BS\"");
   }

   @Test
   void changesMadeWithTheRulesCommandThroughManagementAndOnAnotherNodeAreInTheHistoryToo() throws Exception {
      subscribeWithClient("managed", "@tag beg MVA");
      try (ServerLocator locator = ActiveMQClient.createServerLocator(broker.url());
           ClientSessionFactory factory = locator.createSessionFactory();
           ClientSession session = factory.createSession("admin", "admin", false, true, true, false, 1)) {
         subscribe(session, "airport.audit", "audit", "rank weq captain");
      }
      assertThat(rulesAsAdmin("set", "--address", ADDRESS, "--queue", "managed", "--rule", "@tag beg BS")).isZero();
      assertThat(rulesAsAdmin("set", "--address", ADDRESS, "--queue", "managed", "--rule", "@tag beg"))
            .as("a bad rule, refused").isNotZero();
      assertThat(rulesAsAdmin("disable", "--address", ADDRESS, "--queue", "managed")).isZero();
      try (ManagementClient management = new ManagementClient(broker.url(), "admin", "admin")) {
         management.invoke("setAddressRule", "airport.audit", "rank weq captain");
         management.invoke("setAddressRule", "airport.audit", "rank weq purser");
         assertThatThrownBy(() -> management.invoke("setAddressRule", "airport.audit", "rank weq"))
               .as("a bad address rule, refused").isInstanceOf(ManagementClient.ManagementException.class);
      }
      // what a peer's syncSubscription puts in force: a shared subscription's newer state, made on another node
      assertThat(PluginParts.management(broker.plugin()).syncSubscription(ADDRESS, "managed", "@tag weq BSM", true,
            System.currentTimeMillis() + 1000, "ops")).isTrue();

      List<String> history = new ArrayList<>();
      for (JsonNode change : get("bob", "bobpw", "/api/changes").json().get("changes")) {
         String target = change.get("target").asText();
         if (target.equals(ADDRESS + "::managed") || target.equals("airport.audit")) {
            history.add(target + " " + change.get("what").asText() + ": " + change.get("before").asText("(none)") + " -> "
                  + change.get("after").asText() + " by " + change.get("changedBy").asText() + " on "
                  + change.get("node").asText() + " (" + change.get("origin").asText() + ")");
            assertThat(change.get("changedAt").asLong()).isPositive();
         }
      }
      String managed = ADDRESS + "::managed ";
      assertThat(history).as("newest first, the refused changes not at all").containsExactly(
            managed + "set rule and switched on: @tag beg BS -> @tag weq BSM by ops on rulefilter (another cluster node)",
            "airport.audit set address rule: rank weq captain -> rank weq purser by admin on rulefilter (this node)",
            "airport.audit set address rule: (none) -> rank weq captain by admin on rulefilter (this node)",
            managed + "switched off: @tag beg BS -> @tag beg BS by admin on rulefilter (this node)",
            managed + "set rule: @tag beg MVA -> @tag beg BS by admin on rulefilter (this node)");
      assertThat(Files.readString(data.resolve(ConsoleServer.HISTORY_FILE))).as("kept for a restart")
            .contains("\"target\":\"" + ADDRESS + "::managed\",\"before\":\"@tag beg MVA\",\"after\":\"@tag beg BS\","
                  + "\"changedBy\":\"admin\"");
   }

   /**
    * A queue's filter replaced through Artemis's own updateQueue (over TCP, as admin) is in force and in the history,
    * by admin; one whose rule RuleFilter does not take (more conditions than allowed) changes nothing and is not.
    */
   @Test
   void aFilterReplacedThroughArtemisIsInTheHistoryAndOneRefusedIsNot() throws Exception {
      subscribeWithClient("replaced", "@tag beg MVA");
      assertThat(rulesAsAdmin("set", "--address", ADDRESS, "--queue", "replaced", "--rule", "@tag beg BS")).isZero();
      try (ManagementClient management = new ManagementClient(broker.url(), "admin", "admin")) {
         updateQueue(management, "replaced", RuleLanguage.standard().selector(RuleLanguage.standard().parse("@tag weq BSM")));
         updateQueue(management, "replaced", "station = 'PVG' /*rulefilter: "
               + String.join(" or ", Collections.nCopies(65, "station weq PEK")) + "*/");
      }
      assertThat(ConsoleFixtures.publishAndReceive(broker.url(), ADDRESS, "replaced", List.of("BSM", "BSN", "MVA")))
            .as("the rule of the filter Artemis put on the queue").containsExactly("BSM");

      List<String> history = new ArrayList<>();
      for (JsonNode change : get("bob", "bobpw", "/api/changes").json().get("changes")) {
         if (change.get("target").asText().equals(ADDRESS + "::replaced")) {
            history.add(change.get("what").asText() + ": " + change.get("before").asText() + " -> "
                  + change.get("after").asText() + " by " + change.get("changedBy").asText() + " ("
                  + change.get("origin").asText() + ")");
            assertThat(change.get("changedAt").asLong()).isPositive();
         }
      }
      // Artemis knows a management message's caller on the thread of updateQueue only for its audit log, which
      // rulefilter broker's log settings (taken by any earlier test in this JVM) turn off
      String who = AuditLogger.isAnyLoggingEnabled() ? "admin through updateQueue" : "Artemis (broker.xml reload or updateQueue)";
      assertThat(history).as("newest first, the refused filter not at all").containsExactly(
            "filter replaced through Artemis: @tag beg BS -> @tag weq BSM by " + who + " (this node)",
            "set rule: @tag beg MVA -> @tag beg BS by admin (this node)");
   }

   private static void updateQueue(ManagementClient management, String queue, String filter) throws Exception {
      management.invokeOn(ResourceNames.BROKER, "updateQueue", QueueConfiguration.of(queue).setAddress(ADDRESS)
            .setRoutingType(RoutingType.MULTICAST).setFilterString(filter).toJSON());
   }

   /** The {@code rules} command as {@code bin/rulefilter rules} runs it, as admin; its exit code. */
   private int rulesAsAdmin(String... args) {
      List<String> all = new ArrayList<>(List.of(args));
      all.addAll(List.of("--url", broker.url(), "--user", "admin", "--password", "admin"));
      StringWriter out = new StringWriter();
      return RulesMain.commandLine().setOut(new PrintWriter(out, true)).setErr(new PrintWriter(out, true))
            .execute(all.toArray(String[]::new));
   }

   @Test
   void aBadRuleIsRefusedWithTheCaretAndChangesNothing() throws Exception {
      String bad = "airline weq CA and (bagCount gt";
      Answer refused = post("admin", "admin", "/api/subscription/rule", Map.of("address", ADDRESS, "queue", "bags-03",
            "rule", bad));
      assertThat(refused.status()).isEqualTo(400);
      assertThat(refused.error()).isEqualTo(caretError(bad)).contains("^");
      assertThat(rule("bags-03")).isEqualTo("airline weq CA");

      Answer unknown = post("admin", "admin", "/api/subscription/rule", Map.of("address", ADDRESS, "queue", "nobody",
            "rule", "airline weq CA"));
      assertThat(unknown.status()).isEqualTo(404);
      assertThat(unknown.error()).startsWith("RFL4016 RuleFilter: no queue named 'nobody'");
   }

   @Test
   void aViewerSeesAndTriesButMayNotChange() throws Exception {
      assertThat(get("bob", "bobpw", "/api/subscriptions").status()).isEqualTo(200);
      assertThat(get("bob", "bobpw", "/api/subscription?address=" + ADDRESS + "&queue=viewed").status()).isEqualTo(200);
      Answer refused = post("bob", "bobpw", "/api/subscription/rule", Map.of("address", ADDRESS, "queue", "viewed",
            "rule", "airline weq CA"));
      assertThat(refused.status()).isEqualTo(403);
      assertThat(refused.error()).contains("bob").contains("setRule");
      assertThat(post("bob", "bobpw", "/api/subscription/switch", Map.of("address", ADDRESS, "queue", "viewed",
            "enabled", false)).status()).isEqualTo(403);
      assertThat(post("bob", "bobpw", "/api/address-rule", Map.of("address", ADDRESS, "rule", "airline weq CA"))
            .status()).isEqualTo(403);
      assertThat(rule("viewed")).isEqualTo("airline weq MU");
      assertThat(enabled("viewed")).isTrue();
      assertThat(post("bob", "bobpw", "/api/try", Map.of("rule", "airline weq MU", "message",
            Map.of("properties", Map.of("airline", "MU")))).json().get("matched").asBoolean()).isTrue();

      Answer noManage = get("app", "app", "/api/subscriptions");
      assertThat(noManage.status()).isEqualTo(403);
      assertThat(noManage.error()).contains("MANAGE");
   }

   @Test
   void withoutValidCredentialsNothingIsAnswered() throws Exception {
      HttpResponse<String> none = http.send(HttpRequest.newBuilder(uri("/api/subscriptions")).build(),
            HttpResponse.BodyHandlers.ofString());
      assertThat(none.statusCode()).isEqualTo(401);
      assertThat(none.headers().firstValue("WWW-Authenticate")).hasValueSatisfying(v -> assertThat(v).startsWith("Basic"));
      Answer wrong = get("admin", "wrong", "/api/subscriptions");
      assertThat(wrong.status()).isEqualTo(401);
      assertThat(wrong.error()).isEqualTo("wrong user name or password");
      assertThat(post("admin", "wrong", "/api/subscription/rule", Map.of("address", ADDRESS, "queue", "bags-05",
            "rule", "airline weq LH")).status()).isEqualTo(401);
      assertThat(rule("bags-05")).isEqualTo("airline weq CA");
   }

   @Test
   void aChangeMustBeJsonSoAnotherSiteCannotPostIt() throws Exception {
      HttpRequest form = HttpRequest.newBuilder(uri("/api/subscription/rule")).header("Authorization", basic("admin", "admin"))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString("{\"address\":\"airport.events\",\"queue\":\"bags-06\",\"rule\":\"airline weq LH\"}"))
            .build();
      assertThat(http.send(form, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(415);
      assertThat(rule("bags-06")).isEqualTo("airline weq CA");

      HttpRequest otherSite = HttpRequest.newBuilder(uri("/api/subscription/rule")).header("Authorization", basic("admin", "admin"))
            .header("Content-Type", "application/json").header("Origin", "http://elsewhere.example")
            .POST(HttpRequest.BodyPublishers.ofString("{\"address\":\"airport.events\",\"queue\":\"bags-06\",\"rule\":\"airline weq LH\"}"))
            .build();
      HttpResponse<String> refused = http.send(otherSite, HttpResponse.BodyHandlers.ofString());
      assertThat(refused.statusCode()).isEqualTo(403);
      assertThat(JSON.readTree(refused.body()).get("error").asText())
            .isEqualTo("a change must come from the console's own page, not from http://elsewhere.example");
      assertThat(rule("bags-06")).isEqualTo("airline weq CA");
      String own = console.url().replaceAll("/$", "");
      HttpRequest ownPage = HttpRequest.newBuilder(uri("/api/subscription/switch")).header("Authorization", basic("admin", "admin"))
            .header("Content-Type", "application/json").header("Origin", own)
            .POST(HttpRequest.BodyPublishers.ofString("{\"address\":\"airport.events\",\"queue\":\"bags-06\",\"enabled\":true}"))
            .build();
      assertThat(http.send(ownPage, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(200);

      String huge = "x".repeat(ApiRequest.MAX_BODY_BYTES);
      Answer tooLarge = post("admin", "admin", "/api/try", Map.of("rule", "airline weq CA", "message", Map.of("body", huge)));
      assertThat(tooLarge.status()).isEqualTo(413);
   }

   @Test
   void thePageIsServedWithHeadersThatKeepItToItsOwnFiles() throws Exception {
      HttpResponse<String> page = http.send(HttpRequest.newBuilder(uri("/")).build(), HttpResponse.BodyHandlers.ofString());
      assertThat(page.statusCode()).isEqualTo(200);
      assertThat(page.headers().firstValue("Content-Type")).hasValue("text/html; charset=utf-8");
      assertThat(page.headers().firstValue("Content-Security-Policy")).hasValueSatisfying(policy -> assertThat(policy)
            .contains("default-src 'none'", "script-src 'self'", "frame-ancestors 'none'"));
      assertThat(page.body()).contains("<script type=\"module\" src=\"console.js\"></script>");
      HttpResponse<String> script = http.send(HttpRequest.newBuilder(uri("/api.js")).build(), HttpResponse.BodyHandlers.ofString());
      assertThat(script.headers().firstValue("Content-Type")).hasValue("text/javascript; charset=utf-8");
      assertThat(http.send(HttpRequest.newBuilder(uri("/ConsoleApi.class")).build(), HttpResponse.BodyHandlers.ofString())
            .statusCode()).isEqualTo(404);

      // the page asks for credentials itself: its 401 must not make the browser pop up a login box over it
      HttpResponse<String> fromPage = http.send(HttpRequest.newBuilder(uri("/api/subscriptions"))
            .header("X-Requested-With", ConsoleApi.PAGE).build(), HttpResponse.BodyHandlers.ofString());
      assertThat(fromPage.statusCode()).isEqualTo(401);
      assertThat(fromPage.headers().firstValue("WWW-Authenticate")).isEmpty();
   }

   @Test
   void tryExplainsEachConditionAsExplainDoes() throws Exception {
      Answer tried = post("bob", "bobpw", "/api/try", Map.of(
            "rule", "airline weq CA* and (bagCount gt 2 or @tag beg BS)",
            "message", Map.of("tag", "BPM", "properties", Map.of("airline", "CA981", "bagCount", 1))));
      assertThat(tried.status()).isEqualTo(200);
      assertThat(tried.json().get("matched").asBoolean()).isFalse();
      assertThat(tried.json().get("explanation").asText()).isEqualTo(String.join(System.lineSeparator(),
            "[no match] and", "  [match]    airline weq CA*", "  [no match] or", "    [no match] bagCount gt 2",
            "    [no match] @tag beg BS", "=> not delivered"));
      JsonNode or = tried.json().get("conditions").get("operands").get(1);
      assertThat(or.get("node").asText()).isEqualTo("or");
      assertThat(or.get("operands").get(1).get("node").asText()).isEqualTo("@tag beg BS");

      Answer typeB = post("admin", "admin", "/api/try", Map.of("rule", "@typeb.F.3 weq PEK", "message",
            Map.of("body", "BSM\n.F/CA1234/05FEB/PEK/Y\n.N/0999123456001\nENDBSM")));
      assertThat(typeB.json().get("matched").asBoolean()).isTrue();
      assertThat(typeB.json().get("explanation").asText()).startsWith("Type B body: BSM").endsWith("=> delivered");

      String bad = "@tag beg";
      Answer refused = post("bob", "bobpw", "/api/try", Map.of("rule", bad, "message", Map.of("tag", "BSM")));
      assertThat(refused.status()).isEqualTo(400);
      assertThat(refused.error()).isEqualTo(caretError(bad));
      assertThat(post("bob", "bobpw", "/api/try", Map.of("rule", "a weq b", "message", Map.of("tag", 3))).error())
            .isEqualTo("message: 'tag' must be a string or null, found number");
   }

   @Test
   void aMalformedRequestIsAnsweredInOneLine() throws Exception {
      assertThat(get("admin", "admin", "/api/subscription?address=" + ADDRESS).error())
            .isEqualTo("the query parameter 'queue' is required");
      assertThat(get("admin", "admin", "/api/nothing").status()).isEqualTo(404);
      Answer wrongMethod = get("admin", "admin", "/api/try");
      assertThat(wrongMethod.status()).isEqualTo(405);
      assertThat(wrongMethod.error()).isEqualTo("GET is not allowed on /api/try");
      assertThat(post("admin", "admin", "/api/subscription/rule", Map.of("address", ADDRESS, "queue", "bags-07")).error())
            .isEqualTo("'rule' is required, a non-empty string");
      assertThat(post("admin", "admin", "/api/subscription/switch", Map.of("address", ADDRESS, "queue", "bags-07",
            "enabled", "no")).error()).isEqualTo("'enabled' is required, true or false");
      HttpRequest notJson = HttpRequest.newBuilder(uri("/api/try")).header("Authorization", basic("admin", "admin"))
            .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"rule\": ")).build();
      Answer refused = send(notJson);
      assertThat(refused.status()).isEqualTo(400);
      assertThat(refused.error()).startsWith("the request body is not JSON: ").doesNotContain("\n");
      assertThat(rule("bags-07")).isEqualTo("airline weq CA");
      assertThat(enabled("bags-07")).isTrue();
   }

   @Test
   void addressRulesAreSetListedAndRemoved() throws Exception {
      Answer set = post("admin", "admin", "/api/address-rule", Map.of("address", "airport.crew", "rule", "base weq PEK"));
      assertThat(set.status()).isEqualTo(200);
      assertThat(set.json().get("changedBy").asText()).isEqualTo("admin");
      assertThat(get("bob", "bobpw", "/api/address-rule?address=airport.crew").json().get("rule").asText())
            .isEqualTo("base weq PEK");
      assertThat(get("bob", "bobpw", "/api/address-rules").json().findValuesAsText("address")).contains("airport.crew");
      assertThat(post("admin", "admin", "/api/address-rule/remove", Map.of("address", "airport.crew")).json()
            .get("removed").asBoolean()).isTrue();
      List<String> history = new ArrayList<>();
      for (JsonNode change : get("admin", "admin", "/api/changes").json().get("changes")) {
         if (change.get("target").asText().equals("airport.crew")) {
            history.add(change.get("what").asText() + ": " + change.get("before").asText("(none)") + " -> "
                  + change.get("after").asText("(none)") + " by " + change.get("changedBy").asText());
         }
      }
      assertThat(history).containsExactly("removed address rule: base weq PEK -> (none) by admin",
            "set address rule: (none) -> base weq PEK by admin");
      assertThat(get("bob", "bobpw", "/api/address-rule?address=airport.crew").status()).isEqualTo(404);
   }

   // ---- helpers ----

   private record Answer(int status, JsonNode json) {
      String error() {
         return json.path("error").asText(null);
      }
   }

   private Answer get(String user, String password, String path) throws Exception {
      return send(HttpRequest.newBuilder(uri(path)).header("Authorization", basic(user, password)).GET().build());
   }

   private Answer post(String user, String password, String path, Map<String, ?> body) throws Exception {
      return send(HttpRequest.newBuilder(uri(path)).header("Authorization", basic(user, password))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body))).build());
   }

   private Answer send(HttpRequest request) throws Exception {
      HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
      assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json; charset=utf-8");
      return new Answer(response.statusCode(), JSON.readTree(response.body()));
   }

   private String rule(String queue) throws Exception {
      return get("admin", "admin", "/api/subscription?address=" + ADDRESS + "&queue=" + queue).json().get("rule").asText();
   }

   private boolean enabled(String queue) throws Exception {
      return get("admin", "admin", "/api/subscription?address=" + ADDRESS + "&queue=" + queue).json().get("enabled")
            .asBoolean();
   }

   private URI uri(String path) {
      return URI.create(console.url().replaceAll("/$", "") + path);
   }

   private static String basic(String user, String password) {
      return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
   }

   private static String enc(String text) {
      return URLEncoder.encode(text, StandardCharsets.UTF_8);
   }

   private static List<String> queues(JsonNode page) {
      List<String> queues = new ArrayList<>();
      page.get("subscriptions").forEach(s -> queues.add(s.get("queue").asText()));
      return queues;
   }

   private static String caretError(String rule) {
      try {
         RuleLanguage.standard().parse(rule);
      } catch (RuleSyntaxException e) {
         return e.render();
      }
      throw new AssertionError(rule + " parses");
   }

   private void subscribeWithClient(String queue, String rule) throws Exception {
      try (ServerLocator locator = ActiveMQClient.createServerLocator(broker.url());
           ClientSessionFactory factory = locator.createSessionFactory();
           ClientSession session = factory.createSession("admin", "admin", false, true, true, false, 1)) {
         subscribe(session, ADDRESS, queue, rule);
      }
   }
}

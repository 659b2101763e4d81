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
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rulefilter.client.ManagementClient;
import io.rulefilter.console.Chromium;
import io.rulefilter.e2e.Scratch;
import io.rulefilter.selector.RuleSelector;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.management.ResourceNames;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The console page served by a stock Artemis 2.56.0 instance's own web server: the instance made by
 * {@code artemis create} with its web server on, RuleFilter's plugin and the console's war installed and the roles
 * split as docs/install.md says (the users of "The web console": alice a viewer, bob a manager), then the page and its
 * API over HTTP at {@code /rulefilter/}, behind the broker's own login, and the page in a real headless Chromium.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class StockConsoleWarTest {

   private static final String ADDRESS = "airport.console";
   private static final ObjectMapper JSON = new ObjectMapper();
   /**
    * A subscription per airline; the browser test changes war-AF's rule, the HTTP tests war-LH's, and Artemis's
    * updateQueue war-BA's filter.
    */
   private static final List<String> AIRLINES = List.of("CA", "MU", "LH", "AF", "BA");

   private static StockArtemis broker;
   private static JakartaJmsClient client;
   private static final List<AirportClient.Subscriber> SUBSCRIBERS = new ArrayList<>();
   private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
   private static String page;

   @BeforeAll
   static void installTheConsoleIntoAStockInstance() throws Exception {
      broker = StockArtemis.create(Scratch.directory("rulefilter-console-war"), "console-war",
            StockArtemis.freePortOffset(), StockArtemis.WEB_CONSOLE).installPlugin();
      ConsoleWarInstall.install(broker);
      ConsoleWarInstall.splitRoles(broker);
      ConsoleWarInstall.addUsers(broker);
      broker.start();
      broker.awaitLog("AMQ241001", 1, 60); // "HTTP Server started at …"
      page = broker.consoleUrl().replace("/console", "/rulefilter/");
      client = JakartaJmsClient.core(broker.corePort());
      for (String airline : AIRLINES) {
         SUBSCRIBERS.add(client.subscribe(ADDRESS, "war-" + airline, RuleSelector.of("airline weq " + airline)));
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
   void thePageLoadsFromTheInstancesWebServer() throws Exception {
      HttpResponse<String> index = get("", null, null);
      assertThat(index.statusCode()).as(index.body()).isEqualTo(200);
      assertThat(index.headers().firstValue("Content-Type").orElse("")).startsWith("text/html");
      assertThat(index.headers().firstValue("Content-Security-Policy").orElse("")).contains("script-src 'self'");
      assertThat(index.body()).contains("<title>RuleFilter console</title>").contains("src=\"console.js\"");
      HttpResponse<String> script = get("console.js", null, null);
      assertThat(script.statusCode()).isEqualTo(200);
      assertThat(script.body()).as("the page calls its API relative to its own URL").contains("'api/subscriptions");
      assertThat(get("WEB-INF/web.xml", null, null).statusCode()).as("nothing else of the war").isEqualTo(404);
   }

   @Test
   void theManagerChangesARuleAndAMessagePublishedAfterwardsFollowsIt() throws Exception {
      JsonNode list = ok(get("api/subscriptions?q=war-", "bob", "bob-secret"));
      assertThat(list.path("subscriptions").findValuesAsText("queue")).contains("war-CA", "war-MU", "war-LH");

      JsonNode changed = ok(post("api/subscription/rule", "bob", "bob-secret",
            Map.of("address", ADDRESS, "queue", "war-LH", "rule", "airline weq CZ")));
      assertThat(changed.path("rule").asText()).isEqualTo("airline weq CZ");
      assertThat(changed.path("changedBy").asText()).as("the broker recorded the page's user").isEqualTo("bob");

      AirportClient.Subscriber lh = SUBSCRIBERS.get(AIRLINES.indexOf("LH"));
      lh.drain(200);
      client.publish(ADDRESS, List.of(new AirportMessage(1, "BSM", Map.of("airline", "LH")),
            new AirportMessage(2, "BSM", Map.of("airline", "CZ"))));
      assertThat(lh.drain(1_000)).as("the new rule keeps CZ, no longer LH").containsExactly(2);
      JsonNode history = ok(get("api/changes", "bob", "bob-secret"));
      assertThat(history.path("changes").get(0).path("after").asText()).isEqualTo("airline weq CZ");
   }

   /**
    * The manager replaces a queue's filter through Artemis's own management (updateQueue over core, not the page): the
    * next message follows the rule of the new filter, and the page's history shows the change, old rule → new rule.
    */
   @Test
   void aFilterReplacedThroughArtemisIsInThePagesHistory() throws Exception {
      String json = QueueConfiguration.of("war-BA").setAddress(ADDRESS).setRoutingType(RoutingType.MULTICAST)
            .setFilterString(RuleSelector.of("airline weq IB")).toJSON();
      try (ManagementClient management = new ManagementClient("tcp://127.0.0.1:" + broker.corePort(), "bob",
            "bob-secret")) {
         management.invokeOn(ResourceNames.BROKER, "updateQueue", json);
      }
      AirportClient.Subscriber ba = SUBSCRIBERS.get(AIRLINES.indexOf("BA"));
      ba.drain(200);
      client.publish(ADDRESS, List.of(new AirportMessage(21, "BSM", Map.of("airline", "BA")),
            new AirportMessage(22, "BSM", Map.of("airline", "IB"))));
      assertThat(ba.drain(1_000)).as("the new filter's rule keeps IB, no longer BA").containsExactly(22);

      JsonNode replaced = null;
      for (JsonNode change : ok(get("api/changes", "alice", "alice-secret")).path("changes")) {
         if (change.path("target").asText().equals(ADDRESS + "::war-BA")) {
            replaced = change;
            break;
         }
      }
      assertThat(replaced).as("war-BA's change in the history").isNotNull();
      assertThat(replaced.path("what").asText()).isEqualTo("filter replaced through Artemis");
      assertThat(replaced.path("before").asText() + " -> " + replaced.path("after").asText())
            .isEqualTo("airline weq BA -> airline weq IB");
      // Artemis does not name the caller of a management message's updateQueue in a stock instance as created
      assertThat(replaced.path("changedBy").asText()).isEqualTo("Artemis (broker.xml reload or updateQueue)");
   }

   @Test
   void theViewerSeesButIsRefusedAChange() throws Exception {
      JsonNode list = ok(get("api/subscriptions?q=war-CA", "alice", "alice-secret"));
      assertThat(list.path("total").asInt()).isEqualTo(1);
      HttpResponse<String> refused = post("api/subscription/rule", "alice", "alice-secret",
            Map.of("address", ADDRESS, "queue", "war-CA", "rule", "airline weq MU"));
      assertThat(refused.statusCode()).as(refused.body()).isEqualTo(403);
      assertThat(JSON.readTree(refused.body()).path("error").asText()).contains("setRule");
      JsonNode rule = ok(get("api/subscription?address=" + ADDRESS + "&queue=war-CA", "alice", "alice-secret"));
      assertThat(rule.path("rule").asText()).as("unchanged").isEqualTo("airline weq CA");
   }

   @Test
   void aWrongPasswordIsRefused() throws Exception {
      HttpResponse<String> listed = get("api/subscriptions", "bob", "not-bobs");
      assertThat(listed.statusCode()).as(listed.body()).isEqualTo(401);
      assertThat(JSON.readTree(listed.body()).path("error").asText()).isEqualTo("wrong user name or password");
      HttpResponse<String> change = post("api/subscription/rule", "bob", "not-bobs",
            Map.of("address", ADDRESS, "queue", "war-MU", "rule", "airline weq LH"));
      assertThat(change.statusCode()).isEqualTo(401);
      assertThat(get("api/subscriptions", null, null).statusCode()).as("no credentials").isEqualTo(401);
      JsonNode rule = ok(get("api/subscription?address=" + ADDRESS + "&queue=war-MU", "bob", "bob-secret"));
      assertThat(rule.path("rule").asText()).as("unchanged").isEqualTo("airline weq MU");
   }

   @Test
   void onThePageInChromiumTheManagerChangesARuleAndTheViewerIsRefused() throws Exception {
      try (Chromium browser = new Chromium()) {
         select(browser, "bob", "bob-secret", "war-AF");
         browser.type("#rule-text", "airline weq KL");
         browser.click("#save-rule");
         browser.waitForText("#detail-rule", "airline weq KL"::equals);
         assertThat(browser.text("#detail-changed")).startsWith("by bob at ");
         AirportClient.Subscriber af = SUBSCRIBERS.get(AIRLINES.indexOf("AF"));
         af.drain(200);
         client.publish(ADDRESS, List.of(new AirportMessage(11, "BSM", Map.of("airline", "AF")),
               new AirportMessage(12, "BSM", Map.of("airline", "KL"))));
         assertThat(af.drain(1_000)).as("the rule set on the page keeps KL, no longer AF").containsExactly(12);

         select(browser, "alice", "alice-secret", "war-CA");
         browser.type("#rule-text", "airline weq MU");
         browser.click("#save-rule");
         assertThat(browser.waitForText("#rule-error", text -> !text.isEmpty())).contains("not allowed to call 'setRule'");
         assertThat(browser.text("#detail-rule")).isEqualTo("airline weq CA");
         browser.screenshot(Path.of("target", "console-stock-artemis.png"));
      }
   }

   /** Opens the page, signs in and picks the one subscription of that queue name. */
   private static void select(Chromium browser, String user, String password, String queue) {
      browser.open(page);
      browser.type("#user", user);
      browser.type("#password", password);
      browser.click("#sign-in-button");
      browser.waitForText("#who", user::equals);
      browser.type("#filter", queue);
      browser.waitForText("#page-info", "1–1 of 1"::equals);
      browser.waitForText("#subscriptions tbody tr:first-child td:nth-child(2)", queue::equals);
      browser.click("#subscriptions tbody tr");
      browser.waitForText("#detail-name", (ADDRESS + " :: " + queue)::equals);
   }

   private static HttpResponse<String> get(String path, String user, String password) throws Exception {
      return HTTP.send(request(path, user, password).GET().build(), HttpResponse.BodyHandlers.ofString());
   }

   private static HttpResponse<String> post(String path, String user, String password, Map<String, String> body)
         throws Exception {
      HttpRequest.Builder request = request(path, user, password).header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
      return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
   }

   private static HttpRequest.Builder request(String path, String user, String password) {
      HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(page + path)).timeout(Duration.ofSeconds(30));
      if (user != null) {
         String credentials = user + ":" + password;
         request.header("Authorization", "Basic " + Base64.getEncoder().encodeToString(credentials.getBytes(
               StandardCharsets.UTF_8)));
      }
      return request;
   }

   private static JsonNode ok(HttpResponse<String> response) throws Exception {
      assertThat(response.statusCode()).as("%s: %s", response.uri(), response.body()).isEqualTo(200);
      return JSON.readTree(response.body());
   }
}

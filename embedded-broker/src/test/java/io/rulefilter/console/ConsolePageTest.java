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

import io.rulefilter.RuleLanguage;
import io.rulefilter.artemis.internal.PluginParts;
import io.rulefilter.artemis.management.RuleManagement;
import io.rulefilter.broker.ConfigSource;
import io.rulefilter.broker.RuleFilterBroker;
import io.rulefilter.parse.RuleSyntaxException;
import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.api.core.client.ServerLocator;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static io.rulefilter.console.ConsoleFixtures.freePort;
import static io.rulefilter.console.ConsoleFixtures.subscribe;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The operators' page in a real headless Chromium, against a real broker over TCP whose management roles are split
 * (admin edits, bob only views): what an operator sees, changes and tries, and that the broker follows the change.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ConsolePageTest {

   private static final String ADDRESS = "airport.events";
   private static final int BAGS = 60;
   /** The bags, followed, viewed, markup, crew and waiting. */
   private static final int SUBSCRIPTIONS = BAGS + 5;
   private static final String MARKUP = "remark weq '<img src=x onerror=alert(1)>'";

   private RuleFilterBroker broker;
   private ConsoleServer console;
   private Chromium browser;

   @BeforeAll
   void start(@TempDir Path dir) throws Exception {
      Path config = Files.createDirectories(dir.resolve("config"));
      for (String file : List.of("broker.xml", "users.properties", "roles.properties")) {
         try (InputStream in = getClass().getResourceAsStream("/console-broker/" + file)) {
            Files.copy(in, config.resolve(file));
         }
      }
      broker = RuleFilterBroker.start(freePort(), dir.resolve("data"), ConfigSource.of(config.resolve("broker.xml")));
      console = ConsoleServer.bind(0);
      console.serve(broker);
      try (ServerLocator locator = ActiveMQClient.createServerLocator(broker.url());
           ClientSessionFactory factory = locator.createSessionFactory();
           ClientSession session = factory.createSession("admin", "admin", false, true, true, false, 1)) {
         for (int i = 0; i < BAGS; i++) {
            subscribe(session, ADDRESS, String.format("bags-%02d", i), "airline weq CA");
         }
         subscribe(session, ADDRESS, "followed", "@tag beg MVA");
         subscribe(session, ADDRESS, "viewed", "airline weq MU");
         subscribe(session, ADDRESS, "markup", MARKUP);
         subscribe(session, "airport.crew", "crew", "rank weq captain");
         subscribe(session, "airport.dry", "waiting", "bagCount gt 0");
      }
      publish("airport.dry", 5, (message, i) -> message.setLongProperty("bagCount", i + 1));
      browser = new Chromium();
   }

   @AfterAll
   void stop() throws Exception {
      for (AutoCloseable part : new AutoCloseable[] {browser, console, broker}) {
         if (part != null) {
            part.close();
         }
      }
   }

   @Test
   void listsEverySubscriptionPageByPageFilteredOnTheServerAndLive() throws Exception {
      signIn("admin", "admin");
      browser.waitForText("#page-info", ("1–50 of " + SUBSCRIPTIONS)::equals);
      assertThat(browser.count("#subscriptions tbody tr")).isEqualTo(50);
      browser.click("#next");
      browser.waitForText("#page-info", ("51–" + SUBSCRIPTIONS + " of " + SUBSCRIPTIONS)::equals);
      assertThat(browser.count("#subscriptions tbody tr")).isEqualTo(SUBSCRIPTIONS - 50);

      browser.waitForText("#addresses tbody", text -> text.startsWith("airport.crew1"));
      assertThat(browser.count("#addresses tbody tr")).isEqualTo(3);
      assertThat(browser.text("#addresses tbody tr:nth-child(3) td:nth-child(2)")).as("airport.events' subscriptions")
            .isEqualTo(Integer.toString(SUBSCRIPTIONS - 2));
      browser.click("#addresses tbody tr:nth-child(2)");
      browser.waitForText("#subscriptions tbody td:nth-child(2)", "waiting"::equals);
      assertThat(browser.text("#page-info")).isEqualTo("1–1 of 1");
      assertThat(browser.find("#filter").getDomProperty("value")).isEqualTo("airport.dry");

      filter("RANK WEQ", "crew");
      List<String> crew = cells();
      assertThat(crew.subList(0, 3)).containsExactly("airport.crew", "crew", "rank weq captain");
      assertThat(crew.get(5)).as("switch").isEqualTo("on");
      assertThat(crew.subList(8, 10)).as("waiting, consumers").containsExactly("0", "0");
      assertThat(crew.get(10)).as("index").matches("served|not served: .+");
      String trend = "#addresses tbody tr:first-child svg title";
      browser.waitForText(trend, text -> text.startsWith("0 matched, 0 rejected in the last "));
      publish("airport.crew", 1, (message, i) -> message.setStringProperty("rank", "captain"));
      publish("airport.crew", 1, (message, i) -> message.setStringProperty("rank", "purser"));
      browser.waitForText("#subscriptions tbody td:nth-child(9)", "1"::equals); // no click: the table refreshes itself
      browser.waitForText(trend, text -> text.startsWith("1 matched, 1 rejected in the last "));
      assertThat(browser.count("#addresses tbody tr:first-child svg polyline")).isEqualTo(2);

      filter("markup", "markup");
      assertThat(browser.text("#subscriptions tbody td.rule")).as("rule text is text, never HTML").isEqualTo(MARKUP);
      assertThat(browser.count("#subscriptions img")).isZero();
   }

   @Test
   void aRuleChangedOnThePageIsFollowedByTheNextJmsMessageAndShowsWhoAndWhen() throws Exception {
      select("admin", "admin", "followed");
      browser.type("#rule-text", "@tag   beg BS");
      browser.click("#save-rule");
      browser.waitForText("#detail-rule", "@tag beg BS"::equals);
      assertThat(browser.text("#detail-changed")).startsWith("by admin at ");
      assertThat(browser.text("#detail-source")).isEqualTo("from management");
      browser.waitForText("#change-list", text -> text.contains("admin set rule of airport.events::followed: "
            + "@tag beg MVA → @tag beg BS at "));
      assertThat(browser.text("#change-list li")).as("newest first").contains("followed").endsWith(" on node rulefilter");
      browser.waitForText("#subscriptions tbody td.rule", "@tag beg BS"::equals);
      assertThat(rule("followed")).isEqualTo("@tag beg BS");

      assertThat(ConsoleFixtures.publishAndReceive(broker.url(), ADDRESS, "followed", List.of("MVA", "BSM", "MVT", "BSN")))
            .containsExactly("BSM", "BSN");
   }

   @Test
   void anAddressRuleIsSetAndRemovedInPlace() throws Exception {
      select("admin", "admin", "crew");
      browser.waitForText("#address-rule-info", text -> text.startsWith("none"));
      browser.type("#address-rule-text", "base weq PEK");
      browser.click("#save-address-rule");
      assertThat(browser.waitForText("#address-rule-info", text -> text.startsWith("In force")))
            .startsWith("In force for every subscription of the address; set by admin at ");
      assertThat(management().addressRule("airport.crew")).hasValueSatisfying(r -> assertThat(r.rule()).isEqualTo("base weq PEK"));
      browser.waitForText("#addresses tbody tr:first-child td:nth-child(3)", "base weq PEK"::equals);
      browser.waitForText("#change-list", text -> text.contains("admin set address rule of airport.crew: (none) → base weq PEK"));

      browser.type("#address-rule-text", "base weq");
      browser.click("#save-address-rule");
      assertThat(browser.waitForText("#address-rule-error", text -> !text.isEmpty())).isEqualTo(caretError("base weq"));
      browser.click("#remove-address-rule");
      browser.waitForText("#address-rule-info", text -> text.startsWith("none"));
      assertThat(management().addressRule("airport.crew")).isEmpty();
      browser.waitForText("#change-list", text -> text.contains("admin removed address rule of airport.crew: base weq PEK → (none)"));
   }

   @Test
   void aBadRuleShowsTheCaretUnderTheTextAndChangesNothing() throws Exception {
      select("admin", "admin", "bags-03");
      String bad = "airline weq CA and (bagCount gt";
      browser.type("#rule-text", bad);
      browser.click("#save-rule");
      String error = browser.waitForText("#rule-error", text -> !text.isEmpty());
      assertThat(error).isEqualTo(caretError(bad)).contains("^");
      assertThat(browser.text("#detail-rule")).isEqualTo("airline weq CA");
      assertThat(rule("bags-03")).isEqualTo("airline weq CA");
      assertThat(browser.text("#change-list")).doesNotContain("bags-03");
   }

   @Test
   void aDryRunCountsWhatTheRuleWouldKeepOfTheWaitingMessages() throws Exception {
      select("bob", "bobpw", "waiting");
      assertThat(browser.text("#try-rule")).isEmpty(); // a textarea's text is its initial value: read its value instead
      assertThat(browser.find("#try-rule").getDomProperty("value")).isEqualTo("bagCount gt 0");
      browser.type("#try-rule", "bagCount gt 3");
      browser.click("#dry-run");
      assertThat(browser.waitForText("#dry-result", text -> !text.isEmpty()))
            .isEqualTo("Of 5 waiting messages of waiting, the rule keeps 2 and would not keep 3.");
      assertThat(browser.text("#dry-not-kept")).startsWith("Not kept, message IDs: ");
      assertThat(broker.server().locateQueue("waiting").getMessageCount()).isEqualTo(5);
      assertThat(rule("waiting")).isEqualTo("bagCount gt 0");
   }

   @Test
   void tryShowsTheVerdictOfEachCondition() throws Exception {
      signIn("bob", "bobpw");
      browser.type("#filter", "bags-0");
      browser.waitForText("#page-info", "1–10 of 10"::equals);
      browser.click("#subscriptions tbody tr:nth-child(2)");
      browser.waitForText("#detail-name", (ADDRESS + " :: bags-01")::equals);
      browser.type("#try-rule", "airline weq CA* and (bagCount gt 2 or @tag beg BS)");
      browser.type("#try-tag", "BPM");
      browser.type("#try-properties", "airline=CA981\nbagCount=1");
      browser.click("#try-run");
      browser.waitForText("#try-verdict", text -> text.startsWith("not matched"));
      assertThat(browser.text("#try-conditions")).isEqualTo("[no match] and[match] airline weq CA*[no match] or"
            + "[no match] bagCount gt 2[no match] @tag beg BS");
      browser.type("#try-properties", "airline=CA981\nbagCount=3");
      browser.click("#try-run");
      browser.waitForText("#try-verdict", text -> text.startsWith("matched: delivered"));
      browser.screenshot(Path.of("target", "console.png"));
      String docs = System.getProperty("console.screenshot");
      if (docs != null) { // -Dconsole.screenshot=../docs/images/console.png renews the README's picture
         browser.screenshot(Path.of(docs));
      }
   }

   @Test
   void aViewerSeesButIsRefusedAChange() throws Exception {
      select("bob", "bobpw", "viewed");
      browser.type("#rule-text", "airline weq CA");
      browser.click("#save-rule");
      assertThat(browser.waitForText("#rule-error", text -> !text.isEmpty())).contains("not allowed to call 'setRule'")
            .contains("bob");
      browser.click("#toggle-switch");
      browser.waitForText("#rule-error", text -> text.contains("'disable'"));
      assertThat(browser.text("#detail-rule")).isEqualTo("airline weq MU");
      assertThat(rule("viewed")).isEqualTo("airline weq MU");
      assertThat(management().get(ADDRESS, "viewed").enabled()).isTrue();
      assertThat(browser.text("#change-list")).doesNotContain("viewed");
   }

   @Test
   void aChangeMadeOutsideThePageShowsInTheRecentChangesWithoutAClick() throws Exception {
      signIn("bob", "bobpw");
      management().setEnabled(ADDRESS, "markup", false); // as JMX or the rules command would: the page is not asked
      management().setEnabled(ADDRESS, "markup", true);
      browser.waitForText("#change-list", text -> text.contains("switched on of airport.events::markup: "));
      assertThat(browser.text("#change-list li")).as("newest first").startsWith("jmx (unauthenticated) switched on of "
            + "airport.events::markup: ").endsWith(" on node rulefilter");
      assertThat(browser.text("#change-list")).contains("switched off of airport.events::markup: ");
   }

   @Test
   void wrongCredentialsShowNothing() {
      browser.open(console.url());
      browser.type("#user", "admin");
      browser.type("#password", "wrong");
      browser.click("#sign-in-button");
      assertThat(browser.waitForText("#sign-in-error", text -> !text.isEmpty())).isEqualTo("wrong user name or password");
      assertThat(browser.find("#console").isDisplayed()).isFalse();
   }

   // ---- helpers ----

   private void signIn(String user, String password) {
      browser.open(console.url()); // a fresh page: signed out, nothing selected
      browser.type("#user", user);
      browser.type("#password", password);
      browser.click("#sign-in-button");
      browser.waitForText("#who", user::equals);
   }

   /** Signs in and picks the one subscription of that queue name. */
   private void select(String user, String password, String queue) {
      signIn(user, password);
      filter(queue, queue);
      browser.click("#subscriptions tbody tr");
      browser.waitForText("#detail-name", text -> text.endsWith(" :: " + queue));
   }

   /** Types the filter and waits for the table to show only that queue. */
   private void filter(String text, String queue) {
      browser.type("#filter", text);
      browser.waitForText("#page-info", "1–1 of 1"::equals);
      browser.waitForText("#subscriptions tbody tr:first-child td:nth-child(2)", queue::equals);
   }

   private List<String> cells() {
      List<String> cells = new ArrayList<>();
      int columns = browser.count("#subscriptions tbody tr:first-child td");
      for (int i = 1; i <= columns; i++) {
         cells.add(browser.text("#subscriptions tbody tr:first-child td:nth-child(" + i + ")"));
      }
      return cells;
   }

   private RuleManagement management() {
      return PluginParts.management(broker.plugin());
   }

   private String rule(String queue) {
      return management().get(queue.equals("waiting") ? "airport.dry" : ADDRESS, queue).rule();
   }

   private void publish(String address, int count, Numbered each) throws Exception {
      ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(broker.url(), "app", "app");
      try (Connection connection = factory.createConnection()) {
         Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
         try (MessageProducer producer = session.createProducer(session.createTopic(address))) {
            for (int i = 0; i < count; i++) {
               Message message = session.createMessage();
               each.fill(message, i);
               producer.send(message);
            }
         }
      }
   }

   /** Sets a message's properties from its number. */
   private interface Numbered {
      void fill(Message message, int number) throws Exception;
   }

   private static String caretError(String rule) {
      try {
         RuleLanguage.standard().parse(rule);
      } catch (RuleSyntaxException e) {
         return e.render();
      }
      throw new AssertionError(rule + " parses");
   }
}

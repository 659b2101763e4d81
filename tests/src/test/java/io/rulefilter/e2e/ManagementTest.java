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
package io.rulefilter.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rulefilter.client.ManagementClient;
import io.rulefilter.client.ManagementClient.ManagementException;
import io.rulefilter.e2e.Jms.Out;
import io.rulefilter.internal.parse.RuleParser;
import io.rulefilter.parse.RuleSyntaxException;
import io.rulefilter.selector.RuleSelector;
import jakarta.jms.Connection;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static io.rulefilter.e2e.Jms.drain;
import static io.rulefilter.e2e.Jms.publish;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import java.util.Arrays;

/** Rules changed at runtime through the management address, with immediate effect and no reconnect. */
class ManagementTest {

   private static final long QUIET_MS = 400;
   private static final AtomicInteger NAMES = new AtomicInteger();
   private static final ObjectMapper JSON = new ObjectMapper();
   private static TestBroker broker;
   private static ManagementClient admin;

   @BeforeAll
   static void start() throws Exception {
      broker = TestBroker.start();
      admin = broker.management();
   }

   @AfterAll
   static void stop() throws Exception {
      admin.close();
      broker.close();
   }

   private static Connection connect(String clientId) throws Exception {
      return broker.connect(clientId);
   }

   private static JsonNode call(String operation, Object... args) throws Exception {
      Object result = admin.invoke(operation, args);
      return result == null ? null : JSON.readTree(result.toString());
   }

   private static List<Out> tags(String... tags) {
      return Arrays.stream(tags).map(Out::tag).toList();
   }

   @Test
   void aRuleSetOnAQueueWithoutFilterAppliesToTheNextMessageOfAProducerAlreadySending() throws Exception {
      String sub = "plain" + NAMES.incrementAndGet();
      try (Connection connection = connect(null)) {
         Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
         MessageConsumer consumer = session.createSharedDurableConsumer(Jms.topic(session), sub);
         MessageProducer producer = session.createProducer(Jms.topic(session));
         producer.send(Jms.message(session, Out.tag("BPM"), 1));
         assertThat(drain(consumer, QUIET_MS)).containsExactly(1);

         JsonNode set = call("setRule", TestBroker.TOPIC, sub, "@tag beg BS");
         assertThat(set.get("rule").asText()).isEqualTo("@tag beg BS");
         assertThat(set.get("source").asText()).isEqualTo("management");
         assertThat(set.get("changedBy").asText()).as("the change names its user").isEqualTo(TestBroker.ADMIN);
         producer.send(Jms.message(session, Out.tag("BPM"), 2));
         producer.send(Jms.message(session, Out.tag("BSM"), 3));
         assertThat(drain(consumer, QUIET_MS)).containsExactly(3);

         call("removeRule", TestBroker.TOPIC, sub);
         producer.send(Jms.message(session, Out.tag("BPM"), 4));
         assertThat(drain(consumer, QUIET_MS)).containsExactly(4);
         consumer.close();
         session.unsubscribe(sub);
      }
   }

   @Test
   void anInvalidRuleIsRefusedWithTheClisTextAndTheOldRuleStays() throws Exception {
      String sub = "invalid" + NAMES.incrementAndGet();
      try (Connection connection = connect(null)) {
         Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
         MessageConsumer consumer = session.createSharedDurableConsumer(Jms.topic(session), sub, RuleSelector.of("@tag weq BSM"));
         ManagementException refused = catchThrowableOfType(ManagementException.class,
               () -> admin.invoke("setRule", TestBroker.TOPIC, sub, "bagCount gt abc"));
         String cliText = catchThrowableOfType(RuleSyntaxException.class, () -> RuleParser.parse("bagCount gt abc")).render();
         assertThat(refused.getMessage()).isEqualTo(cliText);
         assertThat(call("getRule", TestBroker.TOPIC, sub).get("rule").asText()).isEqualTo("@tag weq BSM");
         publish(connection, TestBroker.TOPIC, tags("BSM", "BPM"));
         assertThat(drain(consumer, QUIET_MS)).containsExactly(1);
         consumer.close();
         session.unsubscribe(sub);
      }
   }

   @Test
   void unknownQueuesAndAddressesAreNamedInTheError() {
      assertThatThrownBy(() -> admin.invoke("setRule", TestBroker.TOPIC, "no-such-queue", "x ex"))
            .hasMessage("RFL4016 RuleFilter: no queue named 'no-such-queue' on address 'airport.events'");
      assertThatThrownBy(() -> admin.invoke("setAddressRule", "no.such.address", "x ex"))
            .hasMessage("RFL4011 RuleFilter: no address named 'no.such.address'");
      assertThatThrownBy(() -> admin.invoke("setRule", "DLQ", "no-such-queue", "x ex")).hasMessageContaining("no queue named");
   }

   @Test
   void aUserWithoutManageCannotChangeRules() throws Exception {
      try (ManagementClient app = new ManagementClient(broker.url(), TestBroker.APP, TestBroker.APP)) {
         assertThatThrownBy(() -> app.invoke("setAddressRule", TestBroker.TOPIC, "x ex"))
               .hasMessageContaining("User: app does not have permission='MANAGE'");
      }
      assertThat(call("listRules").get("addressRules").toString()).doesNotContain("x ex");
      assertThatThrownBy(() -> new ManagementClient(broker.url(), TestBroker.ADMIN, "wrong"))
            .hasMessageContaining("wrong user name or password");
   }

   @Test
   void aReconnectWithTheOriginalSelectorKeepsBacklogAndManagementRule() throws Exception {
      String clientId = "mgmt-client" + NAMES.incrementAndGet();
      String sub = "durable" + NAMES.incrementAndGet();
      String selector = RuleSelector.of("@tag beg B");
      try (Connection connection = connect(clientId)) {
         Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
         session.createDurableConsumer(Jms.topic(session), sub, selector, false).close();
      }
      String queue = clientId + "." + sub;
      call("setRule", TestBroker.TOPIC, queue, "@tag weq BSM");
      try (Connection publisher = connect(null)) {
         publish(publisher, TestBroker.TOPIC, tags("BSM", "BPM", "MVT", "BSM"));
      }
      try (Connection connection = connect(clientId)) {
         Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
         MessageConsumer consumer = session.createDurableConsumer(Jms.topic(session), sub, selector, false);
         assertThat(drain(consumer, QUIET_MS)).containsExactly(1, 4);
         consumer.close();
      }
      JsonNode state = call("getRule", TestBroker.TOPIC, queue);
      assertThat(state.get("rule").asText()).isEqualTo("@tag weq BSM");
      assertThat(state.get("creationRule").asText()).isEqualTo("@tag beg B");

      // A different selector replaces the subscription, as JMS says; the management rule goes with it.
      try (Connection connection = connect(clientId)) {
         Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
         MessageConsumer consumer = session.createDurableConsumer(Jms.topic(session), sub, RuleSelector.of("@tag weq MVT"), false);
         publish(connection, TestBroker.TOPIC, tags("BSM", "MVT"));
         assertThat(drain(consumer, QUIET_MS)).containsExactly(2);
         assertThat(call("getRule", TestBroker.TOPIC, queue).get("source").asText()).isEqualTo("selector");
         consumer.close();
         session.unsubscribe(sub);
      }
   }

   @Test
   void removeRuleGoesBackToTheCreationRule() throws Exception {
      String sub = "revert" + NAMES.incrementAndGet();
      try (Connection connection = connect(null)) {
         Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
         MessageConsumer consumer = session.createSharedDurableConsumer(Jms.topic(session), sub, "@tag weq BSM");
         call("setRule", TestBroker.TOPIC, sub, "@tag weq BPM");
         publish(connection, TestBroker.TOPIC, tags("BSM", "BPM"));
         assertThat(drain(consumer, QUIET_MS)).containsExactly(2);
         JsonNode removed = call("removeRule", TestBroker.TOPIC, sub);
         assertThat(removed.get("rule").asText()).isEqualTo("@tag weq BSM");
         assertThat(removed.get("source").asText()).isEqualTo("selector");
         publish(connection, TestBroker.TOPIC, tags("BSM", "BPM"));
         assertThat(drain(consumer, QUIET_MS)).containsExactly(1);
         consumer.close();
         session.unsubscribe(sub);
      }
   }

   @Test
   void theAddressRuleIsAndedAndTheSwitchLetsEverythingThrough() throws Exception {
      String address = "levels" + NAMES.incrementAndGet();
      String a = address + "-a";
      String b = address + "-b";
      try (Connection connection = connect(null)) {
         Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
         MessageConsumer ca = session.createSharedDurableConsumer(session.createTopic(address), a, "airline weq CA");
         MessageConsumer cb = session.createSharedDurableConsumer(session.createTopic(address), b);
         call("setAddressRule", address, "@tag weq BSM");
         List<Out> messages = List.of(new Out("BSM", Map.of("airline", "CA")), new Out("BPM", Map.of("airline", "CA")),
               new Out("BSM", Map.of("airline", "MU")));
         publish(connection, address, messages);
         assertThat(drain(ca, QUIET_MS)).as("address rule AND own rule").containsExactly(1);
         assertThat(drain(cb, QUIET_MS)).as("address rule alone").containsExactly(1, 3);
         assertThat(call("getAddressRule", address).get("rule").asText()).isEqualTo("@tag weq BSM");

         JsonNode disabled = call("disable", address, a);
         assertThat(disabled.get("enabled").asBoolean()).isFalse();
         assertThat(disabled.get("rule").asText()).as("the rule is kept").isEqualTo("airline weq CA");
         publish(connection, address, messages);
         assertThat(drain(ca, QUIET_MS)).as("switched off: everything").containsExactly(1, 2, 3);
         assertThat(drain(cb, QUIET_MS)).as("the other subscription is unaffected").containsExactly(1, 3);
         call("enable", address, a);
         assertThat(admin.invoke("removeAddressRule", address)).isEqualTo(true);
         assertThat(admin.invoke("removeAddressRule", address)).isEqualTo(false);
         publish(connection, address, messages);
         assertThat(drain(ca, QUIET_MS)).containsExactly(1, 2);
         assertThat(drain(cb, QUIET_MS)).containsExactly(1, 2, 3);
         ca.close();
         cb.close();
         session.unsubscribe(a);
         session.unsubscribe(b);
      }
   }

   @Test
   void setRuleCanPurgeWhatTheNewRuleRejects() throws Exception {
      String sub = "purge" + NAMES.incrementAndGet();
      try (Connection connection = connect(null)) {
         Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
         session.createSharedDurableConsumer(Jms.topic(session), sub).close();
         publish(connection, TestBroker.TOPIC, tags("BSM", "BPM", "BSM", "MVT"));
         call("setRule", TestBroker.TOPIC, sub, "@tag weq BSM");
         assertThat(broker.queue(sub).getMessageCount()).as("default: queued messages are kept").isEqualTo(4);
         JsonNode purged = call("setRule", TestBroker.TOPIC, sub, "@tag weq BSM", true);
         assertThat(purged.get("purged").asLong()).isEqualTo(2);
         MessageConsumer consumer = session.createSharedDurableConsumer(Jms.topic(session), sub);
         assertThat(drain(consumer, QUIET_MS)).containsExactly(1, 3);
         consumer.close();
         session.unsubscribe(sub);
      }
   }

   @Test
   void statsCountWhatTheRuleMatchedAndRejected() throws Exception {
      String sub = "stats" + NAMES.incrementAndGet();
      try (Connection connection = connect(null)) {
         Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
         session.createSharedDurableConsumer(Jms.topic(session), sub, "@tag beg B").close();
         publish(connection, TestBroker.TOPIC, tags("BSM", "BPM", "MVT", "LDM", "BSM"));
         JsonNode stats = call("stats", TestBroker.TOPIC, sub);
         assertThat(stats.get("matched").asLong()).isEqualTo(3);
         assertThat(stats.get("rejected").asLong()).isEqualTo(2);
         assertThat(broker.queue(sub).getMessagesAdded()).isEqualTo(3);
         JsonNode list = call("listRules");
         assertThat(list.get("subscriptions").findValuesAsText("queue")).contains(sub);
         session.unsubscribe(sub);
      }
   }

   @Test
   void checkAndTranslateAnswerLikeTheCli() throws Exception {
      assertThat(admin.invoke("check", "@TAG BEG BS")).isEqualTo("@tag beg BS");
      JsonNode translated = call("translate", "airline weq CA");
      assertThat(translated.get("filter").asText()).isEqualTo("airline LIKE 'CA'");
      assertThat(translated.get("exact").asBoolean()).isTrue();
      assertThatThrownBy(() -> admin.invoke("check", "x gt")).hasMessageStartingWith("rule error at 5");
   }

   /**
    * Every JSON answer names the broker it comes from, and a change's time comes both as epoch milliseconds
    * ({@code changedAt}, as before) and as ISO-8601 with the zone's offset ({@code changedAtIso}) of the same instant.
    */
   @Test
   void everyAnswerNamesItsNodeAndDatesChangesInIso8601WithZone() throws Exception {
      String node = broker.broker().server().getConfiguration().getName();
      String address = "dated" + NAMES.incrementAndGet();
      String sub = address + "-sub";
      try (Connection connection = connect(null)) {
         Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
         session.createSharedDurableConsumer(session.createTopic(address), sub).close();
         JsonNode unchanged = call("getRule", address, sub);
         assertThat(unchanged.get("changedAt").asLong()).as("never changed").isZero();
         assertThat(unchanged.get("changedAtIso").isNull()).as("never changed: no time").isTrue();
         Instant before = Instant.now();
         List<JsonNode> answers = List.of(unchanged, call("setRule", address, sub, "@tag beg BS"), call("getRule", address, sub),
               call("stats", address, sub), call("disable", address, sub), call("enable", address, sub),
               call("setAddressRule", address, "airline weq CA"), call("getAddressRule", address), call("listRules"),
               call("translate", "airline weq CA"), call("removeRule", address, sub));
         for (JsonNode answer : answers) {
            assertThat(answer.path("node").asText()).as("node of %s", answer).isEqualTo(node);
         }
         for (JsonNode dated : List.of(answers.get(1), answers.get(3), answers.get(6), answers.get(7))) {
            OffsetDateTime at = OffsetDateTime.parse(dated.get("changedAtIso").asText());
            assertThat(at.toInstant().toEpochMilli()).as("changedAtIso of %s", dated).isEqualTo(dated.get("changedAt").asLong());
            assertThat(Duration.between(before, at.toInstant()).abs()).as("wall-clock time").isLessThan(Duration.ofMinutes(1));
         }
         call("removeAddressRule", address);
         session.unsubscribe(sub);
      }
   }
}

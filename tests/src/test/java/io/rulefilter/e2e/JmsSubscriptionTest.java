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

import io.rulefilter.e2e.Jms.Out;
import io.rulefilter.selector.RuleSelector;
import jakarta.jms.Connection;
import jakarta.jms.InvalidSelectorException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.Topic;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static io.rulefilter.e2e.Jms.drain;
import static io.rulefilter.e2e.Jms.publish;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A rule given as a JMS selector, in the selector form and as raw rule text, on every kind of topic subscription,
 * over TCP to a real broker.
 */
class JmsSubscriptionTest {

   private static final long QUIET_MS = 400;
   private static final AtomicInteger NAMES = new AtomicInteger();
   private static TestBroker broker;

   /** How a client writes its rule as a selector. */
   enum Style {
      SELECTOR_FORM {
         String selector(String rule) {
            return RuleSelector.of(rule);
         }
      },
      RAW_RULE {
         String selector(String rule) {
            return rule;
         }
      };

      abstract String selector(String rule);
   }

   /** The spec's five messages: tag tag1; key attr2; key attr1; tag tag2; key attr1. */
   private static final List<Out> SPEC_MESSAGES = List.of(Out.tag("tag1"), Out.props(Map.of("attr2", "v")),
         Out.props(Map.of("attr1", "v")), Out.tag("tag2"), Out.props(Map.of("attr1", "v")));

   @BeforeAll
   static void startBroker() throws Exception {
      broker = TestBroker.start();
   }

   @AfterAll
   static void stopBroker() throws Exception {
      broker.close();
   }

   private static String name(String base) {
      return base + NAMES.incrementAndGet();
   }

   private static Connection connect(String clientId) throws Exception {
      return broker.connect(clientId);
   }

   @ParameterizedTest
   @EnumSource(Style.class)
   void theSpecsTwoSubscriptionExample(Style style) throws Exception {
      try (Connection connection = connect(null)) {
         Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
         Topic topic = Jms.topic(session);
         MessageConsumer attr = session.createConsumer(topic, style.selector("@attr weq attr1"));
         MessageConsumer tag = session.createConsumer(topic, style.selector("@tag beg tag1"));
         publish(connection, TestBroker.TOPIC, SPEC_MESSAGES);
         assertThat(drain(attr, QUIET_MS)).containsExactly(3, 5);
         assertThat(drain(tag, QUIET_MS)).containsExactly(1);
      }
   }

   @ParameterizedTest
   @EnumSource(Style.class)
   void nonDurableSubscription(Style style) throws Exception {
      try (Connection connection = connect(null)) {
         Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
         MessageConsumer consumer = session.createConsumer(Jms.topic(session), style.selector("airline weq CA and bagCount gt 2"));
         publish(connection, TestBroker.TOPIC, List.of(
               Out.props(Map.of("airline", "CA", "bagCount", 3)),
               Out.props(Map.of("airline", "CA", "bagCount", 2)),
               Out.props(Map.of("airline", "MU", "bagCount", 5)),
               Out.props(Map.of("airline", "CA", "bagCount", "10")),
               Out.props(Map.of("airline", "CA"))));
         assertThat(drain(consumer, QUIET_MS)).containsExactly(1, 4);
      }
   }

   @ParameterizedTest
   @EnumSource(Style.class)
   void durableSubscriptionKeepsItsQueueAndBacklogAcrossReconnects(Style style) throws Exception {
      String clientId = name("client");
      String sub = name("durable");
      String selector = style.selector("@tag beg BS");
      try (Connection connection = connect(clientId)) {
         Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
         session.createDurableConsumer(Jms.topic(session), sub, selector, false).close();
      }
      try (Connection publisher = connect(null)) {
         publish(publisher, TestBroker.TOPIC, List.of(Out.tag("BSM"), Out.tag("BPM"), Out.tag("BSM2"), Out.tag("MVT")));
      }
      for (int reconnect = 0; reconnect < 2; reconnect++) {
         try (Connection connection = connect(clientId)) {
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageConsumer consumer = session.createDurableConsumer(Jms.topic(session), sub, selector, false);
            List<Integer> received = drain(consumer, QUIET_MS);
            assertThat(received).as("reconnect " + reconnect).containsExactly(reconnect == 0 ? new Integer[] {1, 3} : new Integer[] {});
            consumer.close();
         }
      }
   }

   @ParameterizedTest
   @EnumSource(Style.class)
   void sharedDurableSubscriptionAcceptsASecondConsumerAndSplitsTheMatches(Style style) throws Exception {
      assertSharedSubscription(style, true);
   }

   @ParameterizedTest
   @EnumSource(Style.class)
   void sharedNonDurableSubscriptionAcceptsASecondConsumerAndSplitsTheMatches(Style style) throws Exception {
      assertSharedSubscription(style, false);
   }

   private void assertSharedSubscription(Style style, boolean durable) throws Exception {
      String sub = name(durable ? "shared-durable" : "shared");
      String selector = style.selector("bagCount ge 2");
      try (Connection first = connect(null); Connection second = connect(null)) {
         Session s1 = first.createSession(false, Session.AUTO_ACKNOWLEDGE);
         Session s2 = second.createSession(false, Session.AUTO_ACKNOWLEDGE);
         MessageConsumer c1 = durable ? s1.createSharedDurableConsumer(Jms.topic(s1), sub, selector)
               : s1.createSharedConsumer(Jms.topic(s1), sub, selector);
         MessageConsumer c2 = durable ? s2.createSharedDurableConsumer(Jms.topic(s2), sub, selector)
               : s2.createSharedConsumer(Jms.topic(s2), sub, selector);
         List<Out> messages = new ArrayList<>();
         for (int i = 0; i < 20; i++) {
            messages.add(Out.props(Map.of("bagCount", i % 4)));
         }
         publish(first, TestBroker.TOPIC, messages);
         List<Integer> all = new ArrayList<>(drain(c1, QUIET_MS));
         all.addAll(drain(c2, QUIET_MS));
         assertThat(all).containsExactlyInAnyOrder(3, 4, 7, 8, 11, 12, 15, 16, 19, 20);
         if (durable) {
            c1.close();
            c2.close();
            s1.unsubscribe(sub);
         }
      }
   }

   @Test
   void plainSqlSelectorsKeepWorkingUnchanged() throws Exception {
      String sub = name("sql");
      String sql = "JMSType LIKE 'BS%' AND bagCount > 1";
      try (Connection first = connect(null); Connection second = connect(null)) {
         Session s1 = first.createSession(false, Session.AUTO_ACKNOWLEDGE);
         Session s2 = second.createSession(false, Session.AUTO_ACKNOWLEDGE);
         MessageConsumer c1 = s1.createSharedDurableConsumer(Jms.topic(s1), sub, sql);
         MessageConsumer c2 = s2.createSharedDurableConsumer(Jms.topic(s2), sub, sql);
         publish(first, TestBroker.TOPIC, List.of(new Out("BSM", Map.of("bagCount", 2)), new Out("BSM", Map.of("bagCount", 1)),
               new Out("BPM", Map.of("bagCount", 5))));
         List<Integer> all = new ArrayList<>(drain(c1, QUIET_MS));
         all.addAll(drain(c2, QUIET_MS));
         assertThat(all).containsExactly(1);
         assertThat(broker.queue(sub).getFilter().getFilterString().toString()).isEqualTo(sql);
      }
   }

   @Test
   void aRejectedMessageNeverEntersTheQueue() throws Exception {
      String sub = name("routing");
      try (Connection connection = connect(null)) {
         Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
         session.createSharedDurableConsumer(Jms.topic(session), sub, RuleSelector.of("@tag weq BSM")).close();
         publish(connection, TestBroker.TOPIC, List.of(Out.tag("BSM"), Out.tag("BPM"), Out.tag("MVT"), Out.tag("BSM")));
         assertThat(broker.queue(sub).getMessagesAdded()).isEqualTo(2);
         assertThat(broker.queue(sub).getMessageCount()).isEqualTo(2);
         session.unsubscribe(sub);
      }
   }

   @ParameterizedTest
   @EnumSource(Style.class)
   void anInvalidRuleIsAnInvalidSelectorThatSaysWhy(Style style) throws Exception {
      try (Connection connection = connect(null)) {
         Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
         String selector = style == Style.RAW_RULE ? "bagCount gt abc" : "\"x\" LIKE 'a' /*rulefilter: bagCount gt abc*/";
         assertThatThrownBy(() -> session.createConsumer(Jms.topic(session), selector))
               .isInstanceOf(InvalidSelectorException.class)
               .hasMessageContaining(style == Style.RAW_RULE ? "expected a number after 'gt', found 'abc'" : "bagCount gt abc");
         assertThatThrownBy(() -> session.createSharedDurableConsumer(Jms.topic(session), name("bad"), selector))
               .isInstanceOf(InvalidSelectorException.class);
      }
   }
}

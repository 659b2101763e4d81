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

import io.rulefilter.selector.RuleSelector;
import jakarta.jms.Connection;
import jakarta.jms.InvalidSelectorException;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import org.apache.qpid.jms.JmsConnectionFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import org.apache.activemq.ActiveMQConnectionFactory;

/** What subscribers of each protocol can rely on beyond the examples: subscription kinds, refusals, MQTT messages. */
@Timeout(value = 3, unit = TimeUnit.MINUTES) // a client that waits for an answer never given must not hang the build
class ProtocolSemanticsTest {

   private static final String RULE = "airline weq CA and bagCount gt 2";

   static StockArtemis broker;

   @BeforeAll
   static void broker() throws Exception {
      broker = StockArtemis.shared();
   }

   enum Kind { DURABLE, SHARED_DURABLE, NON_DURABLE, SHARED_NON_DURABLE }

   @ParameterizedTest
   @EnumSource(Kind.class)
   void everyKindOfAmqpTopicSubscriptionTakesTheSelectorForm(Kind kind) throws Exception {
      String address = "kinds." + kind.name().toLowerCase();
      try (Connection connection = new JmsConnectionFactory(StockArtemis.USER, StockArtemis.PASSWORD,
            "amqp://127.0.0.1:" + broker.amqpPort()).createConnection()) {
         connection.setClientID("kinds-" + kind);
         Session session = connection.createSession();
         Topic topic = session.createTopic(address);
         String selector = RuleSelector.of(RULE);
         MessageConsumer consumer = switch (kind) {
            case DURABLE -> session.createDurableConsumer(topic, "bags", selector, false);
            case SHARED_DURABLE -> session.createSharedDurableConsumer(topic, "bags", selector);
            case NON_DURABLE -> session.createConsumer(topic, selector);
            case SHARED_NON_DURABLE -> session.createSharedConsumer(topic, "bags", selector);
         };
         connection.start();
         List<AirportMessage> sent = new ArrayList<>();
         int seq = 0;
         for (String airline : List.of("CA", "MU", "CA1")) {
            for (int bags = 0; bags < 5; bags++) {
               sent.add(new AirportMessage(++seq, "BSM", Map.of("airline", airline, "bagCount", Integer.toString(bags))));
            }
         }
         try (JakartaJmsClient core = JakartaJmsClient.core(broker.corePort())) {
            core.publish(address, sent);
         }
         List<Integer> received = new ArrayList<>();
         for (Message m; (m = consumer.receive(1500)) != null; ) {
            received.add(AirportMessage.seqOf(((TextMessage) m).getText()));
         }
         assertThat(received).isNotEmpty()
               .containsExactlyElementsOf(sent.stream().filter(m -> m.acceptedBy(RULE)).map(AirportMessage::seq).toList());
      }
   }

   @Test
   void clientsThatCheckSelectorsThemselvesRefuseARawRuleBeforeSendingIt() throws Exception {
      try (Connection connection = new JmsConnectionFactory(StockArtemis.USER, StockArtemis.PASSWORD,
            "amqp://127.0.0.1:" + broker.amqpPort()).createConnection()) {
         Session session = connection.createSession();
         assertThatThrownBy(() -> session.createSharedDurableConsumer(session.createTopic("refused"), "raw", RULE))
               .isInstanceOf(InvalidSelectorException.class);
      }
      javax.jms.Connection openWire = new ActiveMQConnectionFactory(StockArtemis.USER,
            StockArtemis.PASSWORD, "tcp://127.0.0.1:" + broker.corePort()).createConnection();
      try {
         javax.jms.Session session = openWire.createSession(false, javax.jms.Session.AUTO_ACKNOWLEDGE);
         assertThatThrownBy(() -> session.createConsumer(session.createTopic("refused"), RULE))
               .isInstanceOf(javax.jms.InvalidSelectorException.class);
      } finally {
         openWire.close();
      }
   }

   /** Qpid JMS can skip its own check; Artemis's AMQP layer then parses the selector as SQL before any plugin sees it. */
   @Test
   void anAmqpRawRuleThatSkipsTheClientsCheckIsRefusedByTheBroker() throws Exception {
      try (Connection connection = new JmsConnectionFactory(StockArtemis.USER, StockArtemis.PASSWORD,
            "amqp://127.0.0.1:" + broker.amqpPort() + "?jms.validateSelector=false").createConnection()) {
         Session session = connection.createSession();
         assertThatThrownBy(() -> session.createSharedDurableConsumer(session.createTopic("refused"), "raw", RULE))
               .isInstanceOf(JMSException.class).hasMessageContaining("Invalid filter");
      }
   }

   @Test
   void anMqttMessageHasNoTagAndNoAttributes() throws Exception {
      String address = "mqtt.published";
      try (JakartaJmsClient core = JakartaJmsClient.core(broker.corePort());
           MqttClientAdapter mqtt = new MqttClientAdapter(broker.mqttPort())) {
         AirportClient.Subscriber untagged = core.subscribe(address, "untagged", RuleSelector.of("@tag nex"));
         AirportClient.Subscriber tagged = core.subscribe(address, "tagged", RuleSelector.of("@tag ex or mqtt.qos.level ex"));
         mqtt.publish(address, List.of(new AirportMessage(1, null, Map.of()), new AirportMessage(2, null, Map.of())));
         assertThat(untagged.drain(1500)).containsExactly(1, 2);
         assertThat(tagged.drain(300)).as("MQTT's bookkeeping properties are no attributes").isEmpty();
      }
   }

   @Test
   void anOpenWireNonDurableSubscriberTakesTheSelectorForm() throws Exception {
      String address = "openwire.nondurable";
      javax.jms.Connection connection = new ActiveMQConnectionFactory(StockArtemis.USER,
            StockArtemis.PASSWORD, "tcp://127.0.0.1:" + broker.corePort()).createConnection();
      try {
         javax.jms.Session session = connection.createSession(false, javax.jms.Session.AUTO_ACKNOWLEDGE);
         javax.jms.MessageConsumer consumer = session.createConsumer(session.createTopic(address), RuleSelector.of(RULE));
         connection.start();
         List<AirportMessage> sent = new ArrayList<>();
         for (String airline : List.of("CA", "MU")) {
            for (int bags = 0; bags < 5; bags++) {
               sent.add(new AirportMessage(sent.size() + 1, "BSM", Map.of("airline", airline, "bagCount", Integer.toString(bags))));
            }
         }
         try (JakartaJmsClient core = JakartaJmsClient.core(broker.corePort())) {
            core.publish(address, sent);
         }
         List<Integer> received = new ArrayList<>();
         for (javax.jms.Message m; (m = consumer.receive(1500)) != null; ) {
            received.add(AirportMessage.seqOf(((javax.jms.TextMessage) m).getText()));
         }
         assertThat(received).isNotEmpty()
               .containsExactlyElementsOf(sent.stream().filter(m -> m.acceptedBy(RULE)).map(AirportMessage::seq).toList());
      } finally {
         connection.close();
      }
   }

   @Test
   void aStompSubscriberWithAnInvalidRuleIsToldWhatIsWrong() throws Exception {
      try (StompClient.Connection stomp = new StompClient.Connection(broker.stompPort(), "invalid-rule")) {
         stomp.send("SUBSCRIBE", Map.of("id", "1", "destination", "stomp.invalid", "subscription-type", "MULTICAST",
               "selector", "bagCount gt many"), "");
         assertThatThrownBy(stomp::receipt).isInstanceOf(StompClient.StompError.class)
               .hasMessageContaining("rule error at 13: expected a number after 'gt', found 'many'");
      }
   }

   @Test
   void aStompSubscriberCannotCombineNoLocalWithARule() throws Exception {
      try (StompClient.Connection stomp = new StompClient.Connection(broker.stompPort(), "no-local")) {
         stomp.send("SUBSCRIBE", Map.of("id", "1", "destination", "stomp.nolocal", "subscription-type", "MULTICAST",
               "no-local", "true", "selector", "airline weq CA"), "");
         assertThatThrownBy(stomp::receipt).isInstanceOf(StompClient.StompError.class)
               .hasMessageContaining("no-local cannot be combined with a rule");
      }
   }
}

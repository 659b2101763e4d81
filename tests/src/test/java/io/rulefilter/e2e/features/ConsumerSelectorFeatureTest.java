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
package io.rulefilter.e2e.features;

import io.rulefilter.RuleLanguage;
import io.rulefilter.e2e.features.FeatureBroker.Kind;
import jakarta.jms.Connection;
import jakarta.jms.InvalidSelectorException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.QueueBrowser;
import jakarta.jms.Session;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.core.config.CoreAddressConfiguration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Rules used as a consumer's own selector: on an anycast queue, by a queue browser, and by a JMS non-durable topic
 * subscriber whose rule is later changed through management. Artemis evaluates consumer selectors with its SQL
 * engine; RuleFilter must make them exact anyway.
 */
class ConsumerSelectorFeatureTest {

   private static final RuleLanguage LANGUAGE = RuleLanguage.standard();

   private static FeatureBroker broker(Kind kind) throws Exception {
      return FeatureBroker.start(kind, config -> {
         for (String queue : List.of("work1", "work2", "work3", "work4")) {
            config.addAddressConfiguration(new CoreAddressConfiguration().setName(queue).addRoutingType(RoutingType.ANYCAST)
                  .addQueueConfiguration(QueueConfiguration.of(queue).setRoutingType(RoutingType.ANYCAST)));
         }
      });
   }

   private static List<Traffic.Out> sendTo(FeatureBroker broker, String queue, int first) throws Exception {
      List<Traffic.Out> messages = Traffic.airport(first, 150, first);
      try (Connection connection = broker.connect(); Session session = connection.createSession()) {
         MessageProducer producer = session.createProducer(session.createQueue(queue));
         for (Traffic.Out out : messages) {
            producer.send(out.toJms(session));
         }
      }
      return messages;
   }

   private static List<Integer> accepted(String rule, List<Traffic.Out> messages) {
      return messages.stream().filter(m -> Traffic.accepts(rule, m)).map(Traffic.Out::seq).toList();
   }

   @ParameterizedTest
   @EnumSource(value = Kind.class, names = {"INDEX_ON", "INDEX_OFF"})
   void aConsumerOnAnAnycastQueueGetsExactlyWhatItsRuleAccepts(Kind kind) throws Exception {
      try (FeatureBroker broker = broker(kind); Connection connection = broker.connect()) {
         Session session = connection.createSession();
         // raw rules and the selector form; exact and inexact in SQL (key patterns, numbers)
         List<String[]> cases = List.of(new String[] {"work1", "@attr beg FLT", "@attr beg FLT"},
               new String[] {"work2", LANGUAGE.selector(LANGUAGE.parse("bagCount gt 5")), "bagCount gt 5"},
               new String[] {"work3", "airline weq CA", "airline weq CA"},
               new String[] {"work4", "not @attr ex FLTNO and station weq PEK", "not @attr ex FLTNO and station weq PEK"});
         for (String[] c : cases) {
            List<Traffic.Out> sent = sendTo(broker, c[0], 1);
            // the JMS client checks a browser's selector itself, so a browser passes the selector form
            QueueBrowser browser = session.createBrowser(session.createQueue(c[0]), LANGUAGE.selector(LANGUAGE.parse(c[2])));
            List<Integer> browsed = new ArrayList<>();
            for (Object m : Collections.list(browser.getEnumeration())) {
               browsed.add(((Message) m).getIntProperty(Traffic.SEQ));
            }
            browser.close();
            MessageConsumer consumer = session.createConsumer(session.createQueue(c[0]), c[1]);
            List<Integer> received = FeatureBroker.drain(consumer);
            consumer.close();
            List<Integer> expected = accepted(c[2], sent);
            assertThat(expected).as("the rule selects some, not all").isNotEmpty().hasSizeLessThan(sent.size());
            assertThat(received).as("consumer with selector %s on %s", c[1], c[0]).isEqualTo(expected);
            assertThat(browsed).as("browser with selector %s on %s", c[1], c[0]).isEqualTo(expected);
            List<Integer> left = sent.stream().map(Traffic.Out::seq).filter(seq -> !expected.contains(seq)).toList();
            assertThat(broker.held(c[0])).as("what the consumer does not accept stays queued").isEqualTo(left);
         }
      }
   }

   @ParameterizedTest
   @EnumSource(value = Kind.class, names = {"INDEX_ON", "INDEX_OFF"})
   void anInvalidRuleAsAConsumerSelectorIsRefusedWithTheRuleError(Kind kind) throws Exception {
      try (FeatureBroker broker = broker(kind); Connection connection = broker.connect()) {
         Session session = connection.createSession();
         assertThatThrownBy(() -> session.createConsumer(session.createQueue("work1"), "bagCount gt many"))
               .isInstanceOf(InvalidSelectorException.class).hasMessageContaining("expected a number after 'gt'");
      }
   }

   /**
    * A JMS non-durable topic subscriber sends its selector for its queue and again for its consumer; once its rule is
    * changed through management it must receive what the new rule accepts, not what its first selector's SQL allows.
    */
   @ParameterizedTest
   @EnumSource(value = Kind.class, names = {"INDEX_ON", "INDEX_OFF"})
   void aTopicSubscribersConsumerFollowsItsSubscriptionsRule(Kind kind) throws Exception {
      try (FeatureBroker broker = broker(kind); Connection connection = broker.connect()) {
         for (int i = 0; i < 4; i++) {
            broker.subscribe("airport.events", "other" + i, Traffic.RULES.get(i));
         }
         Session session = connection.createSession();
         MessageConsumer raw = session.createConsumer(session.createTopic("airport.events"), "@tag beg BS");
         MessageConsumer form = session.createConsumer(session.createTopic("airport.events"),
               LANGUAGE.selector(LANGUAGE.parse("flight beg CA")));
         List<Traffic.Out> first = Traffic.airport(1, 100, 11);
         broker.publish("airport.events", first);
         assertThat(FeatureBroker.drain(raw)).isEqualTo(accepted("@tag beg BS", first));
         assertThat(FeatureBroker.drain(form)).isEqualTo(accepted("flight beg CA", first));
         var subscriptions = broker.rules().list().stream().filter(s -> !s.queue().startsWith("other")).toList();
         assertThat(subscriptions).hasSize(2);
         for (var s : subscriptions) {
            String next = s.rule().startsWith("@tag") ? "@tag beg BP" : "flight beg MU";
            broker.rules().setRule("airport.events", s.queue(), next, false);
         }
         List<Traffic.Out> second = Traffic.airport(101, 100, 12);
         broker.publish("airport.events", second);
         assertThat(FeatureBroker.drain(raw)).as("after the rule changed to @tag beg BP")
               .isEqualTo(accepted("@tag beg BP", second));
         assertThat(FeatureBroker.drain(form)).as("after the rule changed to flight beg MU")
               .isEqualTo(accepted("flight beg MU", second));
         if (kind == Kind.INDEX_ON) {
            assertThat(broker.indexed("airport.events")).isTrue();
         }
      }
   }
}

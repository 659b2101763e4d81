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
package io.rulefilter.artemis.protocol;

import io.rulefilter.RuleLanguage;
import io.rulefilter.artemis.testing.InVmBroker;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.client.ClientConsumer;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientProducer;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A consumer whose selector is a rule Artemis's SQL cannot decide exactly is offered exactly what the rule accepts;
 * what it declines stays queued for other consumers; the message hook is registered only while such a consumer is
 * open. With a core client on a real in-VM broker.
 */
class ConsumerRulesTest {

   private static final RuleLanguage LANGUAGE = RuleLanguage.standard();
   /** A rule on attribute keys: its SQL is TRUE, a superset, so only RuleFilter can decide it. */
   private static final String KEY_RULE = "@attr beg rem";

   private static String selector(String rule) {
      return LANGUAGE.selector(LANGUAGE.parse(rule));
   }

   private static boolean hooked(InVmBroker broker) {
      return broker.server().getBrokerPlugins().stream().anyMatch(ConsumerRules.class::isInstance);
   }

   private static List<String> receiveAll(ClientConsumer consumer) throws Exception {
      return InVmBroker.receiveAll(consumer, "name");
   }

   @Test
   void aConsumerGetsExactlyWhatItsRuleAcceptsAndTheRestStaysForOthers() throws Exception {
      assertThat(LANGUAGE.translate(LANGUAGE.parse(KEY_RULE)).isExact()).as("the premise").isFalse();
      try (InVmBroker broker = InVmBroker.start()) {
         ClientSession session = broker.client();
         broker.server().createQueue(QueueConfiguration.of("work").setRoutingType(RoutingType.ANYCAST).setAutoCreateAddress(true));
         try (ClientProducer producer = session.createProducer("work")) {
            for (Map.Entry<String, String> sent : List.of(Map.entry("a", "remark"), Map.entry("b", "flight"),
                  Map.entry("c", "removed"), Map.entry("d", "REMARK"))) {
               ClientMessage message = session.createMessage(true);
               message.putStringProperty("name", sent.getKey());
               message.putStringProperty(sent.getValue(), "x");
               producer.send(message);
            }
         }
         session.start();
         assertThat(hooked(broker)).isFalse();
         try (ClientConsumer ruled = session.createConsumer("work", selector(KEY_RULE))) {
            assertThat(hooked(broker)).isTrue();
            assertThat(receiveAll(ruled)).containsExactly("a", "c");
         }
         assertThat(hooked(broker)).as("no consumer needs it any more").isFalse();
         try (ClientConsumer any = session.createConsumer("work")) {
            assertThat(receiveAll(any)).containsExactly("b", "d");
         }
      }
   }

   @Test
   void aRuleArtemisDecidesExactlyIsLeftToArtemisAndTheHookStaysWhileAnyConsumerNeedsIt() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         ClientSession session = broker.client();
         broker.server().createQueue(QueueConfiguration.of("work").setRoutingType(RoutingType.ANYCAST).setAutoCreateAddress(true));
         assertThat(LANGUAGE.translate(LANGUAGE.parse("@tag weq BSM")).isExact()).isTrue();
         try (ClientConsumer exact = session.createConsumer("work", selector("@tag weq BSM"));
              ClientConsumer sql = session.createConsumer("work", "bagCount > 2")) {
            assertThat(hooked(broker)).isFalse();
         }
         ClientConsumer first = session.createConsumer("work", selector(KEY_RULE));
         ClientConsumer second = session.createConsumer("work", selector("@attr beg fl"));
         assertThat(broker.server().getBrokerPlugins().stream().filter(ConsumerRules.class::isInstance)).as("registered once")
               .hasSize(1);
         first.close();
         assertThat(hooked(broker)).as("the second consumer still needs it").isTrue();
         second.close();
         assertThat(hooked(broker)).isFalse();
      }
   }
}

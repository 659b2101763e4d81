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
import jakarta.jms.Connection;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Nothing a client sends is kept unless Artemis authorised the operation: a user without permissions who tries to
 * create another's subscription (a predictable {@code clientID.subscription} name) with a raw rule leaves no trace,
 * and the rightful subscriber keeps its subscription and backlog across reconnects.
 */
class SubscriptionSecurityTest {

   @Test
   void aRefusedSubscriptionLeavesNothingThatCouldTouchAnothersSubscription() throws Exception {
      try (TestBroker broker = TestBroker.configured(Map.of(), Map.of("intruder", "intruder"))) {
         try (Connection connection = broker.connect("gate7")) {
            Session session = connection.createSession();
            session.createDurableConsumer(Jms.topic(session), "bags", "@tag beg BS", false).close();
            session.createSharedDurableConsumer(Jms.topic(session), "baggage", "@tag beg BP").close();
         }
         ActiveMQConnectionFactory intruders = broker.connectionFactory();
         intruders.setUser("intruder");
         intruders.setPassword("intruder");
         for (int attempt = 0; attempt < 3; attempt++) {
            try (Connection connection = intruders.createConnection()) {
               connection.setClientID("gate7");
               Session session = connection.createSession();
               assertThatThrownBy(() -> session.createDurableConsumer(Jms.topic(session), "bags", "x ex", false))
                     .isInstanceOf(JMSSecurityException.class);
               assertThatThrownBy(() -> session.createSharedDurableConsumer(Jms.topic(session), "baggage", "x ex"))
                     .isInstanceOf(JMSSecurityException.class);
            }
         }
         broker.restart();
         try (Connection publisher = broker.connect(null)) {
            Jms.publish(publisher, TestBroker.TOPIC, List.of(Out.tag("BSM"), Out.tag("BPM"), Out.tag("BSM"), Out.tag("MVT")));
         }
         for (int reconnect = 0; reconnect < 2; reconnect++) {
            try (Connection connection = broker.connect("gate7")) {
               Session session = connection.createSession();
               MessageConsumer bags = session.createDurableConsumer(Jms.topic(session), "bags", "@tag beg BS", false);
               MessageConsumer baggage = session.createSharedDurableConsumer(Jms.topic(session), "baggage", "@tag beg BP");
               if (reconnect == 0) {
                  assertThat(Jms.drain(bags, 1000)).as("the backlog survived the reconnect").containsExactly(1, 3);
                  assertThat(Jms.drain(baggage, 1000)).containsExactly(2);
               }
            }
         }
         assertThat(broker.queue("gate7.bags").getMessagesAdded()).as("never deleted and re-created").isEqualTo(2);
      }
   }
}

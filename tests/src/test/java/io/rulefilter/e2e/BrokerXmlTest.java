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

import com.fasterxml.jackson.databind.ObjectMapper;
import io.rulefilter.broker.ConfigSource;
import io.rulefilter.client.ManagementClient;
import io.rulefilter.e2e.Jms.Out;
import jakarta.jms.Connection;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static io.rulefilter.e2e.Jms.drain;
import static io.rulefilter.e2e.Jms.publish;
import static org.assertj.core.api.Assertions.assertThat;

/** Subscriptions declared in broker.xml with a rule as their filter, across restarts (which redeploy them). */
class BrokerXmlTest {

   private static final String ADDRESS = "xml.events";
   private static final List<Out> MESSAGES = List.of(Out.tag("BSM"), new Out("MVT", Map.of("bagCount", 1)),
         new Out("LDM", Map.of("bagCount", 3)), Out.tag("BPM"));

   @Test
   void queuesDeclaredWithRulesFilterByThemAcrossRestarts() throws Exception {
      Path xml = Path.of(BrokerXmlTest.class.getClassLoader().getResource("xml-broker/broker.xml").toURI());
      try (TestBroker broker = TestBroker.start(ConfigSource.of(xml))) {
         assertDelivery(broker, List.of(1), List.of(2, 3), List.of(3));
         try (ManagementClient admin = broker.management()) {
            admin.invoke("setRule", ADDRESS, "xml-selector", "@tag weq BPM");
         }
         for (int restart = 0; restart < 2; restart++) {
            broker.restart();
            assertDelivery(broker, List.of(4), List.of(2, 3), List.of(3));
         }
         assertThat(broker.queue("xml-raw").getFilter().getFilterString().toString())
               .as("Artemis keeps the selector form; the raw rule never reaches its SQL parser")
               .endsWith("/*rulefilter: @tag weq MVT or bagCount gt 2*/");
         try (ManagementClient admin = broker.management()) {
            String state = admin.invoke("getRule", ADDRESS, "xml-raw").toString();
            assertThat(new ObjectMapper().readTree(state).get("source").asText()).isEqualTo("selector");
         }
         // Since the last restart one batch of four messages was routed: xml-raw took two, kept two out.
         var registry = broker.broker().server().getMetricsManager().getMeterRegistry();
         assertThat(registry.get("artemis.rulefilter.matched").tag("queue", "xml-raw").functionCounter().count()).isEqualTo(2);
         assertThat(registry.get("artemis.rulefilter.rejected").tag("queue", "xml-raw").functionCounter().count()).isEqualTo(2);
      }
   }

   private static void assertDelivery(TestBroker broker, List<Integer> selector, List<Integer> raw, List<Integer> sql)
         throws Exception {
      try (Connection connection = broker.connectionFactory().createConnection()) {
         connection.start();
         Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
         MessageConsumer bySelector = session.createConsumer(session.createQueue(ADDRESS + "::xml-selector"));
         MessageConsumer byRaw = session.createConsumer(session.createQueue(ADDRESS + "::xml-raw"));
         MessageConsumer bySql = session.createConsumer(session.createQueue(ADDRESS + "::xml-sql"));
         publish(connection, ADDRESS, MESSAGES);
         assertThat(drain(bySelector, 400)).isEqualTo(selector);
         assertThat(drain(byRaw, 400)).isEqualTo(raw);
         assertThat(drain(bySql, 400)).isEqualTo(sql);
      }
   }
}

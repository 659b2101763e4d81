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

import io.rulefilter.artemis.internal.PluginParts;
import io.rulefilter.e2e.HeldMessages;
import io.rulefilter.e2e.Scratch;
import io.rulefilter.RuleLanguage;
import io.rulefilter.artemis.management.RuleManagement;
import io.rulefilter.artemis.subscription.RuleSource;
import io.rulefilter.broker.ConfigSource;
import io.rulefilter.broker.RuleFilterBroker;
import io.rulefilter.testing.internal.FreePorts;
import jakarta.jms.Connection;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;
import java.util.LinkedHashMap;

/**
 * broker.xml reloaded while the broker runs ({@code configuration-file-refresh-period}): queues declared with rules,
 * raw or in the selector form, take their new rules at once; a queue removed from the file (with
 * {@code config-delete-queues=FORCE}) goes with its rules; a new one comes with its own; a management rule set on a
 * queue whose rule the file then changes gives way to the file, also after a restart.
 */
class BrokerXmlReloadFeatureTest {

   private static final RuleLanguage LANGUAGE = RuleLanguage.standard();
   private static final String EVENTS = "airport.events";

   private static String brokerXml(boolean routingIndex, Map<String, String> queues) {
      StringBuilder declared = new StringBuilder();
      queues.forEach((name, filter) -> declared.append("          <queue name=\"").append(name).append("\">")
            .append(filter == null ? "" : "<filter string=\"" + filter.replace("\"", "&quot;").replace("'", "&apos;") + "\"/>")
            .append("</queue>\n"));
      return """
            <configuration xmlns="urn:activemq" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
                           xsi:schemaLocation="urn:activemq /schema/artemis-configuration.xsd">
              <core xmlns="urn:activemq:core">
                <name>reload</name>
                <persistence-enabled>true</persistence-enabled>
                <journal-type>NIO</journal-type>
                <configuration-file-refresh-period>100</configuration-file-refresh-period>
                <paging-directory>${rulefilter.data}/paging</paging-directory>
                <bindings-directory>${rulefilter.data}/bindings</bindings-directory>
                <journal-directory>${rulefilter.data}/journal</journal-directory>
                <large-messages-directory>${rulefilter.data}/large-messages</large-messages-directory>
                <security-enabled>false</security-enabled>
                <critical-analyzer>false</critical-analyzer>
                <acceptors><acceptor name="core">tcp://127.0.0.1:${rulefilter.port}?protocols=CORE</acceptor></acceptors>
                <broker-plugins>
                  <broker-plugin class-name="io.rulefilter.artemis.RuleFilterPlugin">
                    <property key="routing-index" value="%s"/>
                  </broker-plugin>
                </broker-plugins>
                <address-settings>
                  <address-setting match="#"><config-delete-queues>FORCE</config-delete-queues></address-setting>
                </address-settings>
                <addresses>
                  <address name="airport.events">
                    <multicast>
            %s        </multicast>
                  </address>
                </addresses>
              </core>
            </configuration>
            """.formatted(routingIndex, declared);
   }

   @ParameterizedTest(name = "routing-index={0}")
   @ValueSource(booleans = {true, false})
   void aReloadedBrokerXmlAppliesItsRulesAtOnce(boolean routingIndex) throws Exception {
      Path dir = Scratch.directory("rulefilter-reload");
      Files.writeString(dir.resolve("users.properties"), "admin = admin\n");
      Files.writeString(dir.resolve("roles.properties"), "admin = admin\n");
      Path xml = dir.resolve("broker.xml");
      Map<String, String> before = new LinkedHashMap<>();
      before.put("r1", "@tag beg BS");
      before.put("r2", LANGUAGE.selector(LANGUAGE.parse("airline weq CA")));
      before.put("r3", "bagCount gt 5");
      before.put("r4", null);
      Files.writeString(xml, brokerXml(routingIndex, before), StandardCharsets.UTF_8);
      int port = FreePorts.any();
      Path data = Scratch.directory("rulefilter-reload-data");
      List<Traffic.Out> published = new ArrayList<>();
      RuleFilterBroker broker = RuleFilterBroker.start(port, data, ConfigSource.of(xml));
      try {
         RuleManagement rules = PluginParts.management(broker.plugin());
         assertThat(PluginParts.registry(broker.plugin()).queries().routing(EVENTS).indexed()).isEqualTo(routingIndex);
         publish(port, Traffic.airport(1, 80, 51), published);
         rules.setRule(EVENTS, "r2", "airline weq MU", false);

         Map<String, String> after = new LinkedHashMap<>();
         after.put("r1", "@tag beg BP");
         after.put("r2", LANGUAGE.selector(LANGUAGE.parse("station weq PEK")));
         after.put("r3", "bagCount gt 5");
         after.put("r5", "@attr beg FLT");
         Files.writeString(xml, brokerXml(routingIndex, after), StandardCharsets.UTF_8);
         RuleFilterBroker running = broker;
         await(() -> running.server().locateQueue(SimpleString.of("r4")) == null
               && running.server().locateQueue(SimpleString.of("r5")) != null
               && "@tag beg BP".equals(rules.get(EVENTS, "r1").rule())
               && "station weq PEK".equals(rules.get(EVENTS, "r2").rule()));
         assertThat(rules.get(EVENTS, "r2").source()).as("the file's new rule wins over the management rule")
               .isEqualTo(RuleSource.SELECTOR);
         publish(port, Traffic.airport(81, 80, 52), published);

         Map<String, RuleTimeline> timelines = Map.of(
               "r1", RuleTimeline.of("@tag beg BS").then(81, "@tag beg BP"),
               "r2", RuleTimeline.of("airline weq CA").then(81, "station weq PEK"),
               "r3", RuleTimeline.of("bagCount gt 5"),
               "r5", RuleTimeline.of(null).then(1, "@attr beg FLT"));
         check(broker, timelines, published);

         broker.close();
         broker = RuleFilterBroker.start(port, data, ConfigSource.of(xml));
         publish(port, Traffic.airport(161, 80, 53), published);
         check(broker, timelines, published);
         assertThat(PluginParts.management(broker.plugin()).get(EVENTS, "r2").rule()).as("after a restart").isEqualTo("station weq PEK");
      } finally {
         broker.close();
      }
   }

   /** Each queue holds what its rule at each message's time accepted; r5 exists from message 81 on. */
   private static void check(RuleFilterBroker broker, Map<String, RuleTimeline> timelines, List<Traffic.Out> published)
         throws Exception {
      for (Map.Entry<String, RuleTimeline> e : timelines.entrySet()) {
         List<Integer> expected = published.stream()
               .filter(m -> !e.getKey().equals("r5") || m.seq() > 80)
               .filter(m -> e.getValue().accepts(m)).map(Traffic.Out::seq).toList();
         List<Integer> held = HeldMessages.seqs(broker.server().locateQueue(SimpleString.of(e.getKey())), Traffic.SEQ);
         assertThat(held).as(e.getKey() + " " + e.getValue()).isEqualTo(expected);
      }
   }

   private static void publish(int port, List<Traffic.Out> messages, List<Traffic.Out> published) throws Exception {
      ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory("tcp://127.0.0.1:" + port);
      factory.setBlockOnDurableSend(true);
      try (factory; Connection connection = factory.createConnection("admin", "admin"); Session session = connection.createSession()) {
         MessageProducer producer = session.createProducer(session.createTopic(EVENTS));
         for (Traffic.Out out : messages) {
            producer.send(out.toJms(session));
            published.add(out);
         }
      }
   }

   private static void await(BooleanSupplier condition) throws InterruptedException {
      long deadline = System.nanoTime() + 15_000_000_000L;
      while (!condition.getAsBoolean()) {
         assertThat(System.nanoTime()).as("broker.xml was reloaded within 15 s").isLessThan(deadline);
         Thread.sleep(50);
      }
   }
}

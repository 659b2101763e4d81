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

import io.rulefilter.client.ManagementClient;
import io.rulefilter.e2e.Scratch;
import jakarta.jms.Connection;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/broker-properties.md, "As the operator writes them": the manual's escaped lines, written as they stand into a
 * stock 2.56.0 instance's etc/broker.properties (a Java properties file, as the ArkMQ operator's is), configure the
 * plugin and a queue whose rule holds spaces, {@code :} and {@code =}; that rule then routes the messages.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class OperatorPropertiesFileTest {

   private static final String HEADING = "## As the operator writes them: a Java properties file";
   private static final String FILTER_KEY = "addressConfigurations.\"airport.events\".queueConfigs.\"baggage\".filterString";
   /** Not RuleFilter's: the disk guard of {@link StockArtemis#create}, given here so that broker.xml stays as written. */
   private static final String NO_DISK_GUARD = "maxDiskUsage=-1";
   private static final String ADDRESS = "airport.events";
   private static final String QUEUE = "baggage";

   @Test
   void theManualsEscapedLinesConfigureAStockBrokerWhoseRuleWithSpacesColonsAndEqualsRoutes() throws Exception {
      String section = Docs.section(Docs.BROKER_PROPERTIES, HEADING);
      List<String> lines = propertiesBlock(section);
      assertThat(operatorBrokerProperties()).as("the operator's spec.brokerProperties").isEqualTo(lines);
      String rule = shownRule(section);
      assertThat(rule).as("the rule shown").contains(" ", ":", "=");
      Properties loaded = new Properties();
      loaded.load(new StringReader(String.join("\n", lines)));
      assertThat(loaded).as("one key a line, none cut at a space, : or =").hasSize(lines.size());
      assertThat(loaded.getProperty(FILTER_KEY)).as("the filter, read as Java reads the file").isEqualTo(rule);

      Path parent = Scratch.directory("rulefilter-stock-operator-props");
      try (StockArtemis broker = StockArtemis.createAsWritten(parent, "instance", StockArtemis.freePortOffset())) {
         Files.writeString(broker.instance().resolve("etc/broker.properties"),
               NO_DISK_GUARD + "\n" + String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
         broker.installPluginAsExtraLib(parent.resolve("rulefilter-libs")).start();
         assertThat(broker.logText()).contains("RFL1000 RuleFilter: active (tag property 'JMSType'");
         assertThat(ruleInForce(broker)).as("getRule of %s", QUEUE).contains("\"source\":\"selector\"");

         List<AirportMessage> published = messages();
         try (JakartaJmsClient client = JakartaJmsClient.core(broker.corePort())) {
            client.publish(ADDRESS, published);
         }
         List<Integer> expected = published.stream().filter(m -> m.acceptedBy(rule)).map(AirportMessage::seq).toList();
         assertThat(expected).as("kept by the rule").isNotEmpty().hasSizeLessThan(published.size() / 2);
         assertThat(received(broker)).as("messages on %s with rule %s", QUEUE, rule).containsExactlyElementsOf(expected);
      }
   }

   /** The lines of the section's properties block. */
   private static List<String> propertiesBlock(String section) {
      Matcher block = Pattern.compile("```properties\n(.*?)\n```", Pattern.DOTALL).matcher(section);
      if (!block.find()) {
         throw new IllegalStateException("'" + HEADING + "' shows no properties block");
      }
      return List.of(block.group(1).split("\n"));
   }

   /** The rule the section says the queue filters by. */
   private static String shownRule(String section) {
      Matcher rule = Pattern.compile("filters by the rule `([^`]+)`").matcher(section.replace("\n", " "));
      if (!rule.find()) {
         throw new IllegalStateException("'" + HEADING + "' names no rule the queue filters by");
      }
      return rule.group(1);
   }

   /** The items of {@code spec.brokerProperties} in the chapter's ActiveMQArtemis resource (YAML single-quoted). */
   private static List<String> operatorBrokerProperties() throws IOException {
      String chapter = Docs.read(Docs.BROKER_PROPERTIES);
      Matcher list = Pattern.compile("\n  brokerProperties:\n((?:    - '.*'\n)+)").matcher(chapter);
      if (!list.find()) {
         throw new IllegalStateException(Docs.BROKER_PROPERTIES + " shows no brokerProperties list");
      }
      List<String> items = new ArrayList<>();
      for (String item : list.group(1).split("\n")) {
         items.add(item.substring("    - '".length(), item.length() - 1).replace("''", "'"));
      }
      return items;
   }

   private static String ruleInForce(StockArtemis broker) throws Exception {
      try (ManagementClient management = new ManagementClient("tcp://127.0.0.1:" + broker.corePort(),
            StockArtemis.USER, StockArtemis.PASSWORD)) {
         return String.valueOf(management.invoke("getRule", ADDRESS, QUEUE));
      }
   }

   /** What the queue holds, read through its fully qualified name until it stays quiet. */
   private static List<Integer> received(StockArtemis broker) throws Exception {
      List<Integer> seqs = new ArrayList<>();
      ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory("tcp://127.0.0.1:" + broker.corePort());
      try (Connection connection = factory.createConnection(StockArtemis.USER, StockArtemis.PASSWORD)) {
         connection.start();
         Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
         MessageConsumer consumer = session.createConsumer(session.createQueue(ADDRESS + "::" + QUEUE));
         for (TextMessage m = (TextMessage) consumer.receive(1500); m != null; m = (TextMessage) consumer.receive(1500)) {
            seqs.add(AirportMessage.seqOf(m.getText()));
         }
      }
      return seqs;
   }

   /** Messages that differ from the rule's values by a {@code :}, a {@code =} or a space, and some that match. */
   private static List<AirportMessage> messages() {
      List<AirportMessage> out = new ArrayList<>();
      int seq = 0;
      for (String tag : new String[] {"BSM", "BPM"}) {
         for (String stand : new String[] {"T3:12", "T3-12", "T3 12", "T2:3"}) {
            for (String note : new String[] {"gate=B12", "gate B12", "gate:B12", "gate=A1"}) {
               out.add(new AirportMessage(++seq, tag, Map.of("stand", stand, "note", note)));
            }
         }
      }
      return out;
   }
}

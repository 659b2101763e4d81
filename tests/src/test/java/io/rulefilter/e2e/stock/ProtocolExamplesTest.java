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

import org.eclipse.paho.client.mqttv3.MqttClient;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import javax.jms.Message;
import javax.jms.TextMessage;

/**
 * The manual's subscriber for each protocol, run as shown against the stock instance: each receives exactly what
 * {@value #RULE} accepts of messages a core client publishes.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES) // a client that waits for an answer never given must not hang the build
class ProtocolExamplesTest {

   static final String RULE = "@tag beg BS and airline weq CA";
   static final String STOMP_FRAME = """
         SUBSCRIBE
         id:bags
         destination:airport.events
         subscription-type:MULTICAST
         durable-subscription-name:bags
         selector:@tag beg BS and airline weq CA

         ^@""";
   static final String MQTT_RULE_COMMAND = "bin/rulefilter rules set --address airport.events "
         + "--queue bag-reader.airport.events --rule '@tag beg BS and airline weq CA'";
   private static final Path EXAMPLES = Path.of("src/test/java/io/rulefilter/e2e/stock");
   private static final AtomicInteger SEQ = new AtomicInteger();

   static StockArtemis broker;

   @BeforeAll
   static void broker() throws Exception {
      broker = StockArtemis.shared();
   }

   @Test
   void theReadmeShowsTheseExamplesWordForWord() throws Exception {
      String readme = Docs.read(Docs.PROTOCOLS);
      for (String example : List.of("AmqpSubscriberExample.java", "OpenWireSubscriberExample.java", "MqttSubscriberExample.java")) {
         String source = Files.readString(EXAMPLES.resolve(example), StandardCharsets.UTF_8);
         Matcher shown = Pattern.compile("// README begin\n(.*?)\\s*// README end", Pattern.DOTALL).matcher(source);
         assertThat(shown.find()).as(example).isTrue();
         assertThat(readme).as("docs/protocols.md shows " + example).contains(shown.group(1).stripIndent().strip());
      }
      assertThat(readme).contains(STOMP_FRAME.strip()).contains(MQTT_RULE_COMMAND);
   }

   @Test
   void amqpSubscriberWithQpidJms() throws Exception {
      AmqpSubscriberExample.Subscribed subscribed = AmqpSubscriberExample.subscribe("amqp://127.0.0.1:" + broker.amqpPort());
      try {
         List<AirportMessage> sent = publishSamples();
         List<Integer> received = new ArrayList<>();
         for (jakarta.jms.Message m; (m = subscribed.bags().receive(1500)) != null; ) {
            received.add(AirportMessage.seqOf(((jakarta.jms.TextMessage) m).getText()));
         }
         assertThat(received).isNotEmpty().containsExactlyElementsOf(acceptedSeqs(sent));
      } finally {
         subscribed.connection().close();
      }
   }

   @Test
   void openWireSubscriberWithTheActiveMqClient() throws Exception {
      OpenWireSubscriberExample.Subscribed subscribed = OpenWireSubscriberExample.subscribe("tcp://127.0.0.1:" + broker.corePort());
      try {
         List<AirportMessage> sent = publishSamples();
         List<Integer> received = new ArrayList<>();
         for (Message m; (m = subscribed.bags().receive(1500)) != null; ) {
            received.add(AirportMessage.seqOf(((TextMessage) m).getText()));
         }
         assertThat(received).isNotEmpty().containsExactlyElementsOf(acceptedSeqs(sent));
      } finally {
         subscribed.connection().close();
      }
   }

   @Test
   void stompSubscriberWithARawRuleAsItsSelector() throws Exception {
      try (StompClient.Connection stomp = new StompClient.Connection(broker.stompPort(), "bag-script")) {
         stomp.sendRaw(STOMP_FRAME.replace("^@", "\0"));
         stomp.receipt();
         List<AirportMessage> sent = publishSamples();
         List<Integer> received = new ArrayList<>();
         for (String body; (body = stomp.messages.poll(1500, TimeUnit.MILLISECONDS)) != null; ) {
            received.add(AirportMessage.seqOf(body));
         }
         assertThat(received).isNotEmpty().containsExactlyElementsOf(acceptedSeqs(sent));
      }
   }

   @Test
   void mqttSubscriberWithItsRuleSetThroughManagement() throws Exception {
      BlockingQueue<String> bodies = new LinkedBlockingQueue<>();
      MqttClient client = MqttSubscriberExample.subscribe("tcp://127.0.0.1:" + broker.mqttPort(),
            (topic, message) -> bodies.add(new String(message.getPayload(), StandardCharsets.UTF_8)));
      try {
         assertThat(runRulesCommand(MQTT_RULE_COMMAND)).isZero();
         List<AirportMessage> sent = publishSamples();
         List<Integer> received = new ArrayList<>();
         for (String body; (body = bodies.poll(1500, TimeUnit.MILLISECONDS)) != null; ) {
            received.add(AirportMessage.seqOf(body));
         }
         assertThat(received).isNotEmpty().containsExactlyElementsOf(acceptedSeqs(sent));
      } finally {
         client.disconnect();
         client.close();
      }
   }

   /** Runs a documented {@code bin/rulefilter rules ...} line in this JVM, against the stock instance. */
   private static int runRulesCommand(String line) {
      return ReadmeCommands.rules(line, broker.corePort(), StockArtemis.USER, StockArtemis.PASSWORD);
   }

   private static List<AirportMessage> publishSamples() throws Exception {
      List<AirportMessage> samples = new ArrayList<>();
      String[] tags = {"BSM", "BPM", "BSM", null};
      String[] airlines = {"CA", "MU", "CA9"};
      for (String tag : tags) {
         for (String airline : airlines) {
            samples.add(new AirportMessage(SEQ.incrementAndGet(), tag, Map.of("airline", airline)));
         }
      }
      try (JakartaJmsClient core = JakartaJmsClient.core(broker.corePort())) {
         core.publish("airport.events", samples);
      }
      return samples;
   }

   private static List<Integer> acceptedSeqs(List<AirportMessage> sent) {
      return sent.stream().filter(m -> m.acceptedBy(RULE)).map(AirportMessage::seq).toList();
   }
}

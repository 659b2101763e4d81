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
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * RuleFilter on the official Artemis 2.56.0 distribution: an instance made with {@code artemis create}, the plugin
 * installed as the manual says, {@code artemis run} as its own process, and subscribers of every protocol.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES) // a client that waits for an answer never given must not hang the build
class StockArtemisTest {

   private static final long QUIET_MS = 1500;
   private static final int MQTT_MESSAGES = 10;
   /**
    * True for a message with any bookkeeping property that a protocol layer adds (names in docs/rule-language.md),
    * were it taken for an attribute; no message of this test has such an attribute.
    */
   private static final String ANY_BOOKKEEPING = "@attr weq JMS* or @attr weq _* or @attr weq mqtt.* or @attr weq "
         + "destination* or @attr weq content-length or @attr weq receipt or @attr weq transaction or @attr weq "
         + "amqMessageId or @attr weq NATIVE_MESSAGE_ID or @attr weq x-opt-*";

   static StockArtemis broker;

   @BeforeAll
   static void createInstallStart() throws Exception {
      broker = StockArtemis.shared();
   }

   @Test
   void thePluginIsActiveInTheStockInstance() throws Exception {
      assertThat(broker.logText()).contains("RFL1000 RuleFilter: active");
   }

   /** One jar: RuleFilter's classes (the rule language included) and nothing that the instance's lib/ has. */
   @Test
   void thePluginJarHoldsRuleFilterAndNothingTheDistributionHas() throws Exception {
      Path pluginDir = Path.of(System.getProperty("rulefilter.plugin.dir", "target/plugin"));
      List<Path> plugins;
      try (Stream<Path> files = Files.list(pluginDir)) {
         plugins = files.filter(p -> p.getFileName().toString().endsWith("-plugin.jar")).toList();
      }
      assertThat(plugins).as("plugin jars built").hasSize(1);
      Set<String> ours = classesIn(plugins.get(0));
      assertThat(ours).as("classes in the plugin jar").contains("io/rulefilter/artemis/RuleFilterPlugin.class",
            "io/rulefilter/RuleLanguage.class").allMatch(name -> name.startsWith("io/rulefilter/"));
      Path lib = Path.of(System.getProperty("rulefilter.artemis.home", "target/distribution/apache-artemis-2.56.0"))
            .resolve("lib");
      try (Stream<Path> jars = Files.list(lib)) {
         for (Path jar : jars.filter(p -> p.toString().endsWith(".jar")).toList()) {
            assertThat(classesIn(jar)).as("classes of %s also in the plugin jar", jar.getFileName())
                  .doesNotContainAnyElementsOf(ours);
         }
      }
   }

   private static Set<String> classesIn(Path jar) throws IOException {
      try (JarFile file = new JarFile(jar.toFile())) {
         return file.stream().map(JarEntry::getName).filter(name -> name.endsWith(".class"))
               .collect(Collectors.toSet());
      }
   }

   /**
    * Every publisher protocol × every subscriber protocol: each subscriber gets exactly what its rule accepts. Every
    * publisher sends messages without attributes too ({@code @attr nweq *} takes them; MQTT can send nothing else),
    * and the MQTT subscriber's rule would take any message whose protocol bookkeeping counted as an attribute.
    */
   @Test
   void messagesFromEveryProtocolReachSubscribersOfEveryProtocolExactlyByTheirRules() throws Exception {
      String address = "matrix.events";
      Map<String, String> rules = new LinkedHashMap<>();
      rules.put("CORE", "@tag beg BS and airline weq CA*");
      rules.put("AMQP", "airline weq CA and bagCount gt 2 or @attr nweq *");
      rules.put("OPENWIRE", "@tag beg BP or flight end 99 or @attr nweq *");
      rules.put("STOMP", "bagCount ex and not airline weq CA or @attr nweq *");
      rules.put("MQTT", "@tag beg MVT or airline weq MU or " + ANY_BOOKKEEPING);

      List<AirportClient> clients = AirportClient.ofEveryProtocol(broker);
      try {
         Map<String, AirportClient.Subscriber> subscribers = new LinkedHashMap<>();
         for (AirportClient client : clients) {
            String name = "matrix-" + client.protocol().toLowerCase();
            String rule = rules.get(client.protocol());
            subscribers.put(client.protocol(), client.subscribe(address, name, RuleSelector.of(rule)));
            if (client.protocol().equals("MQTT")) {
               broker.setRule(address, MqttClientAdapter.queueOf(name, address), rule);
            }
         }

         Random random = new Random(42);
         List<AirportMessage> first = publishFromEveryProtocol(clients, address, random, 0);
         assertEveryoneGotWhatTheirRuleAccepts(subscribers, rules, first);

         // durable subscriptions: away while messages are published, back with the same selector, nothing lost
         for (AirportClient.Subscriber subscriber : subscribers.values()) {
            subscriber.close();
         }
         List<AirportMessage> whileAway = publishFromEveryProtocol(clients, address, random, first.size());
         for (AirportClient client : clients) {
            String rule = rules.get(client.protocol());
            subscribers.put(client.protocol(), client.subscribe(address, "matrix-" + client.protocol().toLowerCase(),
                  RuleSelector.of(rule)));
         }
         assertEveryoneGotWhatTheirRuleAccepts(subscribers, rules, whileAway);
      } finally {
         for (AirportClient client : clients) {
            client.close();
         }
      }
   }

   private static List<AirportMessage> publishFromEveryProtocol(List<AirportClient> clients, String address,
         Random random, int lastSeq) throws Exception {
      List<AirportMessage> published = new ArrayList<>();
      int seq = lastSeq;
      for (AirportClient publisher : clients) {
         boolean mqtt = publisher.protocol().equals("MQTT");
         List<AirportMessage> batch = new ArrayList<>();
         for (int i = 0; i < (mqtt ? MQTT_MESSAGES : 40); i++) {
            // MQTT: no tag, no attributes; others: two tagged messages without attributes, then random ones
            batch.add(mqtt ? new AirportMessage(++seq, null, Map.of())
                  : i < 2 ? new AirportMessage(++seq, "LDM", Map.of()) : randomMessage(++seq, random));
         }
         publisher.publish(address, batch);
         published.addAll(batch);
      }
      return published;
   }

   private static void assertEveryoneGotWhatTheirRuleAccepts(Map<String, AirportClient.Subscriber> subscribers,
         Map<String, String> rules, List<AirportMessage> published) throws Exception {
      for (Map.Entry<String, AirportClient.Subscriber> subscriber : subscribers.entrySet()) {
         String rule = rules.get(subscriber.getKey());
         List<Integer> expected = published.stream().filter(m -> m.acceptedBy(rule)).map(AirportMessage::seq).toList();
         List<Integer> received = subscriber.getValue().drain(QUIET_MS);
         assertThat(received).as("%s subscriber with rule %s", subscriber.getKey(), rule).isNotEmpty()
               .doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(expected);
         if (subscriber.getKey().equals("MQTT")) {
            // Artemis's MQTT layer delivers adjacent messages out of order now and then (seen without RuleFilter
            // too): an MQTT subscriber gets the same messages, once each
            continue;
         }
         // each publisher's messages in the order it sent them (MQTT's publisher: the same, once each, as above)
         List<Integer> fromMqtt = published.stream().filter(m -> m.attributes().isEmpty() && m.tag() == null)
               .map(AirportMessage::seq).toList();
         assertThat(received.stream().filter(seq -> !fromMqtt.contains(seq)).toList())
               .as("%s subscriber with rule %s, in order", subscriber.getKey(), rule)
               .containsExactlyElementsOf(expected.stream().filter(seq -> !fromMqtt.contains(seq)).toList());
      }
   }

   private static AirportMessage randomMessage(int seq, Random random) {
      String[] tags = {"BSM", "BPM", "MVT", null};
      String[] airlines = {"CA", "CA9", "MU", "CZ", null};
      Map<String, String> attributes = new LinkedHashMap<>();
      String airline = airlines[random.nextInt(airlines.length)];
      if (airline != null) {
         attributes.put("airline", airline);
      }
      if (random.nextBoolean()) {
         attributes.put("bagCount", Integer.toString(random.nextInt(6)));
      }
      attributes.put("flight", (airline == null ? "XX" : airline) + (1000 + random.nextInt(100)));
      return new AirportMessage(seq, tags[random.nextInt(tags.length)], attributes);
   }
}

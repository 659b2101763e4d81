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

import io.rulefilter.artemis.PluginSettings;
import io.rulefilter.e2e.Scratch;
import io.rulefilter.parse.RuleLimits;
import io.rulefilter.selector.RuleSelector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/broker-properties.md on the official 2.56.0 distribution: broker.xml as {@code artemis create} wrote it, the
 * jar in a directory named by {@code ARTEMIS_EXTRA_LIBS}, RuleFilter configured only by etc/broker.properties.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class BrokerPropertiesInstallTest {

   private static final Path CHAPTER = Docs.BROKER_PROPERTIES;
   private static final String PLUGIN_PROPERTY = "brokerPlugins.\"io.rulefilter.artemis.RuleFilterPlugin.class\".init=";
   /** Not RuleFilter's: the disk guard of {@link StockArtemis#create}, given here so that broker.xml stays as written. */
   private static final String NO_DISK_GUARD = "maxDiskUsage=-1";
   private static final String ADDRESS = "props.events";
   private static final String MANAGED = "props-managed";
   private static final String MQTT = "props-mqtt";
   private static final String MQTT_QUEUE = MqttClientAdapter.queueOf(MQTT, ADDRESS);

   private final Map<String, String> rules = new LinkedHashMap<>(Map.of(
         "CORE", "@tag beg BS and airline weq CA*",
         "AMQP", "airline weq CA and bagCount gt 2",
         "OPENWIRE", "@tag beg BP or flight end 9",
         "STOMP", "bagCount ex and not airline weq CA",
         MANAGED, "airline weq MU",
         MQTT, "@tag beg MVT"));
   private int seq;

   @Test
   void installedByBrokerPropertiesOnlyItRoutesEveryProtocolExactlyAndKeepsManagedRulesOverARestart() throws Exception {
      String documented = documentedProperty();
      Map<String, String> settings = initSettings(documented);
      assertThat(settings.keySet()).as("settings in the documented line")
            .containsExactlyElementsOf(PluginSettings.SETTINGS.stream().map(s -> s.key()).toList());
      Path parent = Scratch.directory("rulefilter-stock-props");
      try (StockArtemis broker = StockArtemis.createAsWritten(parent, "instance", StockArtemis.freePortOffset())) {
         byte[] brokerXml = Files.readAllBytes(broker.instance().resolve("etc/broker.xml"));
         writeBrokerProperties(broker, documented);
         broker.installPluginAsExtraLib(parent.resolve("rulefilter-libs")).start();
         assertThat(broker.instance().resolve("lib")).as("the instance's lib/").isDirectoryNotContaining("glob:**.jar");
         assertThat(broker.logText()).contains(activeLine(settings));

         subscribeAndPublish(broker, true);
         broker.setRule(ADDRESS, MANAGED, rules.get(MANAGED).replace("MU", "CZ"));
         rules.put(MANAGED, rules.get(MANAGED).replace("MU", "CZ"));
         subscribeAndPublish(broker, false);

         broker.close();
         broker.start();
         assertThat(broker.logText()).contains(activeLine(settings));
         subscribeAndPublish(broker, false);
         assertThat(Files.readAllBytes(broker.instance().resolve("etc/broker.xml")))
               .as("etc/broker.xml, as artemis create wrote it").isEqualTo(brokerXml);
      }
   }

   /**
    * Each wrong init string: the broker ends at start with RuleFilter's error naming the entry, nothing active; once
    * corrected, the broker starts with the messages and the managed rule it had.
    */
   @Test
   void aWrongInitStringStopsTheBrokerWithAnErrorThatNamesItAndLosesNothing() throws Exception {
      Map<String, String> wrong = Map.of(
            "max-depth=0", "RFL3202 RuleFilter: property 'max-depth' must be a whole number from 1 to 64, was '0'",
            "tag-property=JMSType,colour=red", "RFL3203 RuleFilter: unknown property [colour]",
            "tag-property", "map value tag-property not in k=v format");
      Path parent = Scratch.directory("rulefilter-stock-props-wrong");
      try (StockArtemis broker = StockArtemis.createAsWritten(parent, "instance", StockArtemis.freePortOffset())) {
         writeBrokerProperties(broker, documentedProperty());
         broker.installPluginAsExtraLib(parent.resolve("rulefilter-libs")).start();
         List<AirportMessage> pending = messages();
         try (JakartaJmsClient client = JakartaJmsClient.core(broker.corePort())) {
            client.subscribe(ADDRESS, MANAGED, null).close();
            broker.setRule(ADDRESS, MANAGED, rules.get(MANAGED));
            client.publish(ADDRESS, pending);
         }
         broker.close();

         for (Map.Entry<String, String> init : wrong.entrySet()) {
            writeBrokerProperties(broker, PLUGIN_PROPERTY + init.getKey());
            assertThat(broker.startRefused(90)).as("exit status of artemis run with init=%s", init.getKey()).isNotZero();
            assertThat(broker.logText()).as("output with init=%s", init.getKey())
                  .contains("RFL3201 RuleFilter: not started, its broker properties were refused: " + PLUGIN_PROPERTY
                        + init.getKey() + ": java.lang.IllegalArgumentException: " + init.getValue())
                  .doesNotContain("RFL1000", "AMQ221007");
         }

         writeBrokerProperties(broker, documentedProperty());
         broker.start();
         try (JakartaJmsClient client = JakartaJmsClient.core(broker.corePort())) {
            assertThat(client.subscribe(ADDRESS, MANAGED, null).drain(1500))
                  .as("messages kept for the subscription with the managed rule %s", rules.get(MANAGED))
                  .isNotEmpty().containsExactlyElementsOf(pending.stream().filter(m -> m.acceptedBy(rules.get(MANAGED)))
                        .map(AirportMessage::seq).toList());
         }
      }
   }

   /** The broker property of the chapter's properties block. */
   static String documentedProperty() throws IOException {
      String chapter = Files.readString(CHAPTER, StandardCharsets.UTF_8);
      Matcher block = Pattern.compile("```properties\n(" + Pattern.quote(PLUGIN_PROPERTY) + "\\S*)\n```").matcher(chapter);
      if (!block.find()) {
         throw new IllegalStateException(CHAPTER + " shows no properties block with " + PLUGIN_PROPERTY);
      }
      return block.group(1);
   }

   /** The settings of {@code property}'s init string, split as Artemis splits it: at {@code ,}, then at {@code =}. */
   private static Map<String, String> initSettings(String property) {
      Map<String, String> settings = new LinkedHashMap<>();
      for (String entry : property.substring(PLUGIN_PROPERTY.length()).split(",")) {
         String[] keyValue = entry.split("=");
         assertThat(keyValue).as("entry %s", entry).hasSize(2);
         settings.put(keyValue[0], keyValue[1]);
      }
      return settings;
   }

   private static String activeLine(Map<String, String> settings) {
      RuleLimits limits = new RuleLimits(Integer.parseInt(settings.get(PluginSettings.MAX_RULE_LENGTH)),
            Integer.parseInt(settings.get(PluginSettings.MAX_CONDITIONS)),
            Integer.parseInt(settings.get(PluginSettings.MAX_DEPTH)), Integer.parseInt(settings.get(PluginSettings.MAX_LIST_ITEMS)));
      return "RFL1000 RuleFilter: active (tag property '" + settings.get(PluginSettings.TAG_PROPERTY) + "', limits "
            + limits + ", routing index " + (Boolean.parseBoolean(settings.get(PluginSettings.ROUTING_INDEX)) ? "on" : "off")
            + ", Type B on " + settings.get(PluginSettings.TYPEB_ADDRESSES) + ")";
   }

   private static void writeBrokerProperties(StockArtemis broker, String pluginProperty) throws IOException {
      Files.writeString(broker.instance().resolve("etc/broker.properties"), NO_DISK_GUARD + "\n" + pluginProperty + "\n",
            StandardCharsets.UTF_8);
   }

   /**
    * Subscribers of every protocol (MQTT's and one core subscription without a selector by a managed rule) take a
    * core publisher's messages; each gets exactly what its rule accepts.
    */
   private void subscribeAndPublish(StockArtemis broker, boolean first) throws Exception {
      List<AirportClient> clients = AirportClient.ofEveryProtocol(broker);
      try {
         Map<String, AirportClient.Subscriber> subscribers = new LinkedHashMap<>();
         for (AirportClient client : clients) {
            String name = client.protocol().equals("MQTT") ? MQTT : "props-" + client.protocol().toLowerCase();
            String selector = client.protocol().equals("MQTT") ? null : RuleSelector.of(rules.get(client.protocol()));
            subscribers.put(client.protocol().equals("MQTT") ? MQTT : client.protocol(),
                  client.subscribe(ADDRESS, name, selector));
         }
         subscribers.put(MANAGED, clients.get(0).subscribe(ADDRESS, MANAGED, null));
         if (first) {
            broker.setRule(ADDRESS, MQTT_QUEUE, rules.get(MQTT));
            broker.setRule(ADDRESS, MANAGED, rules.get(MANAGED));
         }
         List<AirportMessage> published = messages();
         clients.get(0).publish(ADDRESS, published);
         for (Map.Entry<String, AirportClient.Subscriber> subscriber : subscribers.entrySet()) {
            String rule = rules.get(subscriber.getKey());
            List<Integer> expected = published.stream().filter(m -> m.acceptedBy(rule)).map(AirportMessage::seq).toList();
            assertThat(subscriber.getValue().drain(1500)).as("%s subscriber with rule %s", subscriber.getKey(), rule)
                  .isNotEmpty().containsExactlyInAnyOrderElementsOf(expected);
         }
      } finally {
         for (AirportClient client : clients) {
            client.close();
         }
      }
   }

   private List<AirportMessage> messages() {
      List<AirportMessage> out = new ArrayList<>();
      for (String tag : new String[] {"BSM", "BPM", "MVT"}) {
         for (String airline : new String[] {"CA", "CA9", "MU", "CZ"}) {
            out.add(new AirportMessage(++seq, tag, Map.of("airline", airline, "flight", airline + "1009")));
            out.add(new AirportMessage(++seq, tag, Map.of("airline", airline, "bagCount", "3", "flight", airline + "12")));
         }
      }
      return out;
   }
}

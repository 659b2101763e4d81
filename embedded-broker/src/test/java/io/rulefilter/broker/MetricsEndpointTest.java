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
package io.rulefilter.broker;

import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientProducer;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.api.core.client.ServerLocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The broker with a metrics port, as {@code rulefilter broker --metrics-port} starts it: subscriptions with rules
 * over TCP, messages published, then {@code GET /metrics} read as a Prometheus scrape reads it.
 */
class MetricsEndpointTest {

   private static final String ADDRESS = "airport.events";
   private static final Duration WAIT = Duration.ofSeconds(60);
   private static final List<String> SUBSCRIPTION_TAGS = List.of("address", "broker", "queue");

   @TempDir
   Path data;

   private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

   @Test
   void aScrapeShowsWhatEachRuleLetInAndKeptOutNextToArtemisOwnMetrics() throws Exception {
      int metricsPort = freePort();
      try (RuleFilterBroker broker = RuleFilterBroker.start(freePort(), data, ConfigSource.defaults(), metricsPort);
           ServerLocator locator = ActiveMQClient.createServerLocator(broker.url()).setBlockOnDurableSend(true);
           ClientSessionFactory factory = locator.createSessionFactory();
           ClientSession session = factory.createSession("admin", "admin", false, true, true, false, 1)) {
         assertThat(broker.metricsUrl()).isEqualTo("http://127.0.0.1:" + metricsPort + "/metrics");
         subscribe(session, "heavy", "bagCount gt 2");
         subscribe(session, "china", "airline weq CA*");
         try (ClientProducer producer = session.createProducer(ADDRESS)) {
            for (int bags = 1; bags <= 6; bags++) {
               ClientMessage message = session.createMessage(true);
               message.putLongProperty("bagCount", bags);
               message.putStringProperty("airline", bags <= 2 ? "CA981" : "LH400");
               producer.send(message);
            }
         }

         Map<String, Double> expected = new LinkedHashMap<>();
         expected.put(subscription("artemis_rulefilter_matched_total", "heavy"), 4.0);
         expected.put(subscription("artemis_rulefilter_rejected_total", "heavy"), 2.0);
         expected.put(subscription("artemis_rulefilter_matched_total", "china"), 2.0);
         expected.put(subscription("artemis_rulefilter_rejected_total", "china"), 4.0);
         expected.put(subscription("artemis_message_count", "heavy"), 4.0);
         expected.put(subscription("artemis_message_count", "china"), 2.0);
         Scrape scrape = awaitScrape(broker.metricsUrl(), expected);

         assertThat(scrape.contentType()).startsWith("text/plain; version=0.0.4");
         assertThat(scrape.text()).contains("# TYPE artemis_rulefilter_rejected_total counter")
               .contains("# HELP artemis_rulefilter_rejected_total messages the subscription's rule kept out of its queue");
         for (String name : List.of("artemis_rulefilter_rejected_total", "artemis_rulefilter_matched_total",
               "artemis_message_count")) {
            assertThat(scrape.sample(name, Map.of("queue", "heavy")).orElseThrow().labels().keySet())
                  .as("tag names of %s", name).containsExactlyInAnyOrderElementsOf(SUBSCRIPTION_TAGS);
         }
         assertThat(scrape.sample("artemis_connection_count", Map.of("broker", "rulefilter")).orElseThrow().value())
               .as("Artemis's broker metric counts this test's connection").isGreaterThanOrEqualTo(1.0);
         assertThat(scrape.sample("jvm_memory_used_bytes", Map.of("broker", "rulefilter"))).as("a JVM metric").isPresent();
      }
      assertThat(canBind(metricsPort)).as("the metrics port is free once the broker stopped").isTrue();
   }

   /**
    * The index gauge: 1 while the index serves an address, 0 while it is routed queue by queue (here: fewer than four
    * queues), gone with the address's last RuleFilter subscription.
    */
   @Test
   void aScrapeShowsWhetherTheIndexServesEachAddress() throws Exception {
      try (RuleFilterBroker broker = RuleFilterBroker.start(freePort(), data, ConfigSource.defaults(), freePort());
           ServerLocator locator = ActiveMQClient.createServerLocator(broker.url()).setBlockOnDurableSend(true);
           ClientSessionFactory factory = locator.createSessionFactory();
           ClientSession session = factory.createSession("admin", "admin", false, true, true, false, 1)) {
         for (String airline : List.of("CA", "MU", "CZ", "LH")) {
            subscribe(session, ADDRESS, "by-" + airline, "airline weq " + airline);
         }
         subscribe(session, "airport.moves", "moves", "@tag beg MVT");
         Map<String, Double> expected = new LinkedHashMap<>();
         expected.put(indexGauge(ADDRESS), 1.0);
         expected.put(indexGauge("airport.moves"), 0.0);
         awaitScrape(broker.metricsUrl(), expected);

         session.deleteQueue("by-LH");
         expected.put(indexGauge(ADDRESS), 0.0);
         awaitScrape(broker.metricsUrl(), expected);

         session.deleteQueue("moves");
         expected.remove(indexGauge("airport.moves"));
         Scrape scrape = awaitScrape(broker.metricsUrl(), expected);
         assertThat(scrape.text()).contains("# HELP artemis_rulefilter_index_active 1 while RuleFilter's routing index")
               .doesNotContain(indexGauge("airport.moves"));
      }
   }

   @Test
   void onlyGetOfMetricsIsServed() throws Exception {
      try (RuleFilterBroker broker = RuleFilterBroker.start(freePort(), data, ConfigSource.defaults(), freePort())) {
         URI metrics = URI.create(broker.metricsUrl());
         assertThat(status(HttpRequest.newBuilder(metrics.resolve("/other")).GET())).isEqualTo(404);
         assertThat(status(HttpRequest.newBuilder(metrics).POST(HttpRequest.BodyPublishers.ofString("x")))).isEqualTo(405);
         assertThat(status(HttpRequest.newBuilder(metrics).GET())).isEqualTo(200);
      }
   }

   @Test
   void withoutAMetricsPortNoMetricsArePublished() throws Exception {
      try (RuleFilterBroker broker = RuleFilterBroker.start(freePort(), data, ConfigSource.defaults())) {
         assertThat(broker.metricsUrl()).isNull();
         assertThat(broker.server().getMetricsManager()).isNull();
      }
   }

   @Test
   void aBusyMetricsPortIsRefusedByNameBeforeTheBrokerStarts() throws Exception {
      int brokerPort = freePort();
      try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
         int busy = taken.getLocalPort();
         assertThatThrownBy(() -> RuleFilterBroker.start(brokerPort, data, ConfigSource.defaults(), busy))
               .isInstanceOf(IllegalStateException.class)
               .hasMessageContaining("--metrics-port").hasMessageContaining("127.0.0.1:" + busy);
      }
      assertThat(canBind(brokerPort)).as("no broker was started").isTrue();
      assertThat(Files.exists(data.resolve("journal"))).as("no journal was opened").isFalse();
   }

   @Test
   void aBrokerXmlWithItsOwnMetricsPluginIsNotSilentlyOverridden() throws Exception {
      Path etc = Files.createDirectories(data.resolve("etc"));
      for (String name : List.of("users.properties", "roles.properties")) {
         try (var in = ConfigSource.defaults().open(name)) {
            Files.copy(in, etc.resolve(name));
         }
      }
      String xml;
      try (var in = ConfigSource.defaults().open("broker.xml")) {
         xml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
      Path brokerXml = etc.resolve("broker.xml");
      Files.writeString(brokerXml, xml.replace("<acceptors>", "<metrics><plugin class-name="
            + "\"org.apache.activemq.artemis.core.server.metrics.plugins.SimpleMetricsPlugin\"/></metrics>\n    <acceptors>"));
      int metricsPort = freePort();
      int brokerPort = freePort();
      assertThatThrownBy(() -> RuleFilterBroker.start(brokerPort, data, ConfigSource.of(brokerXml), metricsPort))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("--metrics-port").hasMessageContaining(brokerXml.toString())
            .hasMessageContaining("SimpleMetricsPlugin");
      assertThat(canBind(metricsPort)).as("the metrics port was let go").isTrue();
      assertThat(canBind(brokerPort)).as("no broker was started").isTrue();
   }

   private static void subscribe(ClientSession session, String queue, String rule) throws Exception {
      subscribe(session, ADDRESS, queue, rule);
   }

   private static void subscribe(ClientSession session, String address, String queue, String rule) throws Exception {
      session.createQueue(QueueConfiguration.of(queue).setAddress(address).setRoutingType(RoutingType.MULTICAST)
            .setFilterString(rule).setDurable(true));
   }

   private static String indexGauge(String address) {
      return "artemis_rulefilter_index_active{address=\"" + address + "\",broker=\"rulefilter\"}";
   }

   private static String subscription(String name, String queue) {
      return name + "{address=\"" + ADDRESS + "\",broker=\"rulefilter\",queue=\"" + queue + "\"}";
   }

   /** Scrapes until every expected sample has its value (routing and the gauges settle), or fails with the last scrape. */
   private Scrape awaitScrape(String url, Map<String, Double> expected) throws Exception {
      long deadline = System.nanoTime() + WAIT.toNanos();
      while (true) {
         Scrape scrape = scrape(url);
         Map<String, Double> actual = new LinkedHashMap<>();
         expected.keySet().forEach(key -> actual.put(key, scrape.values().get(key)));
         if (actual.equals(expected) || System.nanoTime() > deadline) {
            assertThat(actual).as("samples of the scrape:%n%s", scrape.text()).isEqualTo(expected);
            return scrape;
         }
         Thread.sleep(100); // the interval between two looks, not a wait for anything
      }
   }

   private Scrape scrape(String url) throws IOException, InterruptedException {
      HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30))
            .GET().build(), HttpResponse.BodyHandlers.ofString());
      assertThat(response.statusCode()).isEqualTo(200);
      return Scrape.parse(response.headers().firstValue("Content-Type").orElse(""), response.body());
   }

   private int status(HttpRequest.Builder request) throws IOException, InterruptedException {
      return http.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
   }

   private static int freePort() throws IOException {
      try (ServerSocket socket = new ServerSocket(0)) {
         return socket.getLocalPort();
      }
   }

   private static boolean canBind(int port) {
      try (ServerSocket socket = new ServerSocket()) {
         socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
         return true;
      } catch (IOException e) {
         return false;
      }
   }

   /** One sample line of the Prometheus text format. */
   private record Sample(String name, Map<String, String> labels, double value) {

      /** {@code name{a="x",b="y"}}, labels sorted by name. */
      String key() {
         StringBuilder key = new StringBuilder(name).append('{');
         labels.entrySet().stream().sorted(Map.Entry.comparingByKey())
               .forEach(label -> key.append(label.getKey()).append("=\"").append(label.getValue()).append("\","));
         if (!labels.isEmpty()) {
            key.setLength(key.length() - 1);
         }
         return key.append('}').toString();
      }
   }

   /** A whole scrape: its content type, its text and its samples. */
   private record Scrape(String contentType, String text, List<Sample> samples) {

      private static final Pattern LINE = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)})? (\\S+)");
      private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\",?");

      static Scrape parse(String contentType, String text) {
         List<Sample> samples = new ArrayList<>();
         for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
               continue;
            }
            Matcher sample = LINE.matcher(line);
            assertThat(sample.matches()).as("a sample line: %s", line).isTrue();
            Map<String, String> labels = new LinkedHashMap<>();
            if (sample.group(2) != null) {
               Matcher label = LABEL.matcher(sample.group(2));
               while (label.find()) {
                  labels.put(label.group(1), label.group(2));
               }
            }
            samples.add(new Sample(sample.group(1), labels, Double.parseDouble(sample.group(3))));
         }
         return new Scrape(contentType, text, samples);
      }

      Map<String, Double> values() {
         Map<String, Double> values = new LinkedHashMap<>();
         samples.forEach(sample -> values.put(sample.key(), sample.value()));
         return values;
      }

      Optional<Sample> sample(String name, Map<String, String> labels) {
         return samples.stream().filter(sample -> sample.name().equals(name))
               .filter(sample -> sample.labels().entrySet().containsAll(labels.entrySet())).findFirst();
      }
   }
}

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

import io.rulefilter.e2e.Scratch;
import io.rulefilter.client.ManagementClient;
import io.rulefilter.selector.RuleSelector;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The quick-start broker ({@code rulefilter broker}, run from the classpath {@code bin/rulefilter} builds) takes
 * subscribers of every protocol on its one port, and the README's Java block runs against it ({@link
 * QuickStartAsWrittenTest} runs the Quick start's command lines).
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES) // a client that waits for an answer never given must not hang the build
class QuickStartBrokerTest {

   private static final String RULE = "@tag beg BS and bagCount gt 1";
   private static final String PUBLISHER_LINE = "`message.setJMSType(\"BSM\"); message.setStringProperty(\"airline\", "
         + "\"CA\"); message.setIntProperty(\"bagCount\", 3);`";
   private static final String RULES_SET = "bin/rulefilter rules set --address airport.events --queue baggage "
         + "--rule '@tag beg BS and airline weq CA'";
   private static final String RULES_GET = "bin/rulefilter rules get --address airport.events --queue baggage";
   private static final String RULES_LIST = "bin/rulefilter rules list";
   private static final List<String> OUTPUT = new CopyOnWriteArrayList<>();
   private static Process process;
   private static int port;

   @BeforeAll
   static void start() throws Exception {
      try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
         port = probe.getLocalPort();
      }
      // the README's command, on a free port and in a scratch directory
      ProcessBuilder command = new ProcessBuilder("bash", "bin/rulefilter", "broker", "--port", Integer.toString(port),
            "--data", Scratch.directory("rulefilter-quickstart").toAbsolutePath().toString())
            .directory(Path.of("..").toFile()).redirectErrorStream(true);
      command.environment().put("JAVA_OPTS", "-Xmx512m");
      process = command.start();
      List<String> lines = OUTPUT;
      Thread reader = new Thread(() -> new BufferedReader(new InputStreamReader(process.getInputStream(),
            StandardCharsets.UTF_8)).lines().forEach(lines::add));
      reader.setDaemon(true);
      reader.start();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240); // the launcher builds first when sources changed
      while (!lines.contains("RuleFilter broker ready on tcp://127.0.0.1:" + port)) {
         if (!process.isAlive() || System.nanoTime() > deadline) {
            throw new IllegalStateException("the quick-start broker did not start: " + lines);
         }
         Thread.sleep(50);
      }
   }

   @AfterAll
   static void stop() throws Exception {
      if (process != null) { // the launcher's java (it execs) and anything it started
         process.descendants().forEach(ProcessHandle::destroy);
         process.destroy();
         if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
         }
      }
   }

   /** Its log: each line stamped with the wall-clock time in ISO-8601 with the zone's offset, no terminal escape codes. */
   @Test
   void itsLogIsStampedWithWallClockTimeAndHoldsNoEscapeCodes() {
      List<String> output = List.copyOf(OUTPUT);
      assertThat(output).as("the broker's stdout and stderr").noneMatch(line -> line.indexOf('\u001b') >= 0);
      String active = output.stream().filter(line -> line.contains("RFL1000")).findFirst().orElseThrow();
      Matcher stamp = Pattern.compile("^(\\S+) \\[main\\] INFO ").matcher(active);
      assertThat(stamp.find()).as("a time first on %s", active).isTrue();
      Instant at = OffsetDateTime.parse(stamp.group(1), DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant();
      assertThat(Duration.between(at, Instant.now())).as("wall-clock time of %s", active)
            .isPositive().isLessThan(Duration.ofMinutes(10));
   }

   /** The README's quick start: its subscriber block, its publisher line and its {@code rules} commands. */
   @Test
   void theReadmeQuickStartRunsAsShown() throws Exception {
      String readme = Files.readString(Path.of("../README.md"), StandardCharsets.UTF_8);
      String source = Files.readString(Path.of("src/test/java/io/rulefilter/e2e/stock/QuickStartExample.java"),
            StandardCharsets.UTF_8);
      Matcher shown = Pattern.compile("// README begin\n(.*?)\\s*// README end", Pattern.DOTALL).matcher(source);
      assertThat(shown.find()).isTrue();
      assertThat(readme).as("README shows QuickStartExample").contains(shown.group(1).stripIndent().strip())
            .contains(PUBLISHER_LINE).contains(RULES_SET).contains(RULES_GET).contains(RULES_LIST);
      Matcher javaBlock = Pattern.compile("```java\n(.*?)```", Pattern.DOTALL).matcher(readme);
      assertThat(javaBlock.find()).isTrue();
      List<String> imports = javaBlock.group(1).lines().filter(l -> l.startsWith("import ")).toList();
      assertThat(imports).as("the README's Java block says what it imports").hasSizeGreaterThanOrEqualTo(7);
      assertThat(source.lines().toList()).as("QuickStartExample, which compiles, imports what the README's block does")
            .containsAll(imports);
      assertThat(RuleSelector.class.getProtectionDomain().getCodeSource().getLocation().getPath())
            .as("RuleSelector comes from the artifact the README names").contains("translator");
      assertThat(readme).contains("<artifactId>rulefilter-translator</artifactId>", "package `io.rulefilter.selector`");

      String url = "tcp://127.0.0.1:" + port;
      QuickStartExample.Received received = QuickStartExample.subscribeAndReceive(url, () -> publish(url,
            new Object[] {"MVT", "CA", 5}, new Object[] {"BSM", "MU", 1}));
      assertThat(describe(received.bag())).as("raw rule @tag beg BS").isEqualTo("BSM MU 1");
      assertThat(describe(received.ca())).as("selector form of airline weq CA and bagCount gt 2").isEqualTo("MVT CA 5");

      assertThat(ReadmeCommands.rules(RULES_SET, port, "admin", "admin")).isZero();
      publish(url, new Object[] {"BSM", "MU", 2}, new Object[] {"BSM", "CA", 3});
      try (Connection connection = new ActiveMQConnectionFactory(url, "app", "app").createConnection()) {
         Session session = connection.createSession();
         MessageConsumer bags = session.createSharedDurableConsumer(session.createTopic("airport.events"), "baggage",
               "@tag beg BS");
         connection.start();
         assertThat(describe(bags.receive(5_000))).as("after rules set").isEqualTo("BSM CA 3");
         assertThat(bags.receive(300)).isNull();
      }
      assertThat(ReadmeCommands.rules(RULES_GET, port, "admin", "admin")).isZero();
      assertThat(ReadmeCommands.rules(RULES_LIST, port, "admin", "admin")).isZero();
   }

   /** Publishes (tag, airline, bagCount) messages as the README's publisher line does. */
   private static void publish(String url, Object[]... messages) {
      try (Connection connection = new ActiveMQConnectionFactory(url, "app", "app").createConnection()) {
         Session session = connection.createSession();
         MessageProducer producer = session.createProducer(session.createTopic("airport.events"));
         for (Object[] m : messages) {
            Message message = session.createMessage();
            message.setJMSType((String) m[0]);
            message.setStringProperty("airline", (String) m[1]);
            message.setIntProperty("bagCount", (Integer) m[2]);
            producer.send(message);
         }
      } catch (JMSException e) {
         throw new IllegalStateException(e);
      }
   }

   private static String describe(Message message) throws JMSException {
      return message == null ? null
            : message.getJMSType() + " " + message.getStringProperty("airline") + " " + message.getIntProperty("bagCount");
   }

   @ParameterizedTest
   @ValueSource(strings = {"AMQP", "OPENWIRE", "STOMP", "MQTT"})
   void everyProtocolSubscribesOnTheOnePort(String protocol) throws Exception {
      String address = "quickstart." + protocol.toLowerCase();
      try (AirportClient client = switch (protocol) {
            case "AMQP" -> JakartaJmsClient.amqp(port);
            case "OPENWIRE" -> new OpenWireClient(port);
            case "STOMP" -> new StompClient(port);
            default -> new MqttClientAdapter(port);
         }; JakartaJmsClient core = JakartaJmsClient.core(port)) {
         String name = "quickstart-" + protocol.toLowerCase();
         AirportClient.Subscriber subscriber = client.subscribe(address, name, RuleSelector.of(RULE));
         if (protocol.equals("MQTT")) {
            try (ManagementClient management = new ManagementClient("tcp://127.0.0.1:" + port, "admin", "admin")) {
               management.invoke("setRule", address, MqttClientAdapter.queueOf(name, address), RULE, false);
            }
         }
         List<AirportMessage> sent = new ArrayList<>();
         for (String tag : new String[] {"BSM", "BPM"}) {
            for (int bags = 0; bags < 4; bags++) {
               sent.add(new AirportMessage(sent.size() + 1, tag, Map.of("bagCount", Integer.toString(bags))));
            }
         }
         core.publish(address, sent);
         assertThat(subscriber.drain(1500)).isNotEmpty()
               .containsExactlyElementsOf(sent.stream().filter(m -> m.acceptedBy(RULE)).map(AirportMessage::seq).toList());
      }
   }
}

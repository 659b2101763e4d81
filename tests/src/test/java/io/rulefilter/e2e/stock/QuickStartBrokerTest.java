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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The quick-start broker ({@code rulefilter broker}, run from the classpath {@code bin/rulefilter} builds) takes
 * subscribers of every protocol on its one port.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES) // a client that waits for an answer never given must not hang the build
class QuickStartBrokerTest {

   private static final String RULE = "@tag beg BS and bagCount gt 1";
   private static final Path MODULE = Path.of("../embedded-broker/target");
   private static Process process;
   private static int port;

   @BeforeAll
   static void start() throws Exception {
      try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
         port = probe.getLocalPort();
      }
      String classpath;
      try (Stream<Path> jars = Files.list(MODULE)) {
         classpath = jars.filter(p -> p.getFileName().toString().matches("rulefilter-embedded-broker-.*\\.jar"))
               .findFirst().orElseThrow(() -> new IllegalStateException("build embedded-broker first")).toString()
               + File.pathSeparator + MODULE.resolve("lib") + File.separator + "*";
      }
      process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m",
            "-cp", classpath, "io.rulefilter.broker.BrokerMain", "--port", Integer.toString(port),
            "--data", Scratch.directory("rulefilter-quickstart").toString()).redirectErrorStream(true).start();
      List<String> lines = new CopyOnWriteArrayList<>();
      Thread reader = new Thread(() -> new BufferedReader(new InputStreamReader(process.getInputStream(),
            StandardCharsets.UTF_8)).lines().forEach(lines::add));
      reader.setDaemon(true);
      reader.start();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (!lines.contains("RuleFilter broker ready on tcp://127.0.0.1:" + port)) {
         if (!process.isAlive() || System.nanoTime() > deadline) {
            throw new IllegalStateException("the quick-start broker did not start: " + lines);
         }
         Thread.sleep(50);
      }
   }

   @AfterAll
   static void stop() throws Exception {
      if (process != null) {
         process.destroy();
         process.waitFor(30, TimeUnit.SECONDS);
      }
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

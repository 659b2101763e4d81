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

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rulefilter.broker.BrokerMain;
import io.rulefilter.broker.ConfigSource;
import io.rulefilter.broker.RuleFilterBroker;
import io.rulefilter.client.ManagementClient;
import io.rulefilter.e2e.Jms.Out;
import io.rulefilter.selector.RuleSelector;
import io.rulefilter.testing.internal.FreePorts;
import jakarta.jms.Connection;
import jakarta.jms.Session;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static io.rulefilter.e2e.Jms.drain;
import static io.rulefilter.e2e.Jms.publish;
import static org.assertj.core.api.Assertions.assertThat;

/** Every rule, address rule and switch survives a clean restart and a kill -9, however it was set. */
class DurabilityTest {

   private static final long QUIET_MS = 400;
   private static final ObjectMapper JSON = new ObjectMapper();
   private static final String CLIENT = "durability-client";

   /** Sets up one subscription of each kind on a running broker. */
   private static void configure(String url) throws Exception {
      try (Connection connection = TestBrokerFactory.connect(url, CLIENT)) {
         Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
         session.createDurableConsumer(Jms.topic(session), "selector", RuleSelector.of("@tag weq BSM"), false).close();
         session.createDurableConsumer(Jms.topic(session), "raw", "@tag weq BPM", false).close();
         session.createDurableConsumer(Jms.topic(session), "managed", null, false).close();
         session.createDurableConsumer(Jms.topic(session), "switched", "@tag weq MVT", false).close();
      }
      try (ManagementClient admin = new ManagementClient(url, TestBroker.ADMIN, TestBroker.ADMIN)) {
         admin.invoke("setRule", TestBroker.TOPIC, CLIENT + ".managed", "@tag weq LDM");
         admin.invoke("disable", TestBroker.TOPIC, CLIENT + ".switched");
         admin.invoke("setAddressRule", TestBroker.TOPIC, "@tag nweq XXX");
      }
   }

   /** Publishes to the subscriptions while their consumers are away, so each has a backlog. */
   private static void publishBacklog(String url) throws Exception {
      try (Connection connection = TestBrokerFactory.connect(url, null)) {
         publish(connection, TestBroker.TOPIC, List.of(Out.tag("BSM"), Out.tag("BPM"), Out.tag("LDM"), Out.tag("MVT"),
               Out.tag("XXX")));
      }
   }

   /** After a restart: the rules are in force, the backlogs are there, reconnecting with the same selector keeps them. */
   private static void assertEverythingSurvived(String url) throws Exception {
      try (ManagementClient admin = new ManagementClient(url, TestBroker.ADMIN, TestBroker.ADMIN)) {
         assertThat(rule(admin, "selector")).isEqualTo("@tag weq BSM");
         assertThat(rule(admin, "raw")).isEqualTo("@tag weq BPM");
         assertThat(rule(admin, "managed")).isEqualTo("@tag weq LDM");
         JsonNode switched = JSON.readTree(admin.invoke("getRule", TestBroker.TOPIC, CLIENT + ".switched").toString());
         assertThat(switched.get("enabled").asBoolean()).isFalse();
         assertThat(JSON.readTree(admin.invoke("getAddressRule", TestBroker.TOPIC).toString()).get("rule").asText())
               .isEqualTo("@tag nweq XXX");
      }
      publishBacklog(url); // second batch, routed after the restart: seq 1..5 again
      try (Connection connection = TestBrokerFactory.connect(url, CLIENT)) {
         Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
         assertThat(drain(session.createDurableConsumer(Jms.topic(session), "selector", RuleSelector.of("@tag weq BSM"), false),
               QUIET_MS)).containsExactly(1, 1);
         assertThat(drain(session.createDurableConsumer(Jms.topic(session), "raw", "@tag weq BPM", false), QUIET_MS))
               .containsExactly(2, 2);
         assertThat(drain(session.createDurableConsumer(Jms.topic(session), "managed", null, false), QUIET_MS))
               .containsExactly(3, 3);
         assertThat(drain(session.createDurableConsumer(Jms.topic(session), "switched", "@tag weq MVT", false), QUIET_MS))
               .as("switched off: everything, the address rule included").containsExactly(1, 2, 3, 4, 5, 1, 2, 3, 4, 5);
      }
   }

   private static String rule(ManagementClient admin, String sub) throws Exception {
      return JSON.readTree(admin.invoke("getRule", TestBroker.TOPIC, CLIENT + "." + sub).toString()).get("rule").asText();
   }

   @Test
   void aCleanRestartKeepsEveryRule() throws Exception {
      try (TestBroker broker = TestBroker.start()) {
         configure(broker.url());
         publishBacklog(broker.url());
         broker.restart();
         assertEverythingSurvived(broker.url());
      }
   }

   @Test
   void killNineKeepsEveryRule() throws Exception {
      Path data = Scratch.directory("rulefilter-kill9");
      int port = FreePorts.any();
      String url = "tcp://127.0.0.1:" + port;
      Process process = startBrokerProcess(port, data);
      try {
         configure(url);
         publishBacklog(url);
      } finally {
         process.destroyForcibly(); // SIGKILL: no shutdown hook, no clean journal close
         assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
      }
      assertThat(process.exitValue()).isEqualTo(137);
      try (RuleFilterBroker broker = RuleFilterBroker.start(port, data, ConfigSource.defaults())) {
         assertEverythingSurvived(url);
      }
   }

   /** Reverting is as durable as setting: the moment the call returns a kill -9 cannot bring the old state back. */
   @Test
   void killNineRightAfterRevertingKeepsTheRevert() throws Exception {
      Path data = Scratch.directory("rulefilter-kill9-revert");
      int port = FreePorts.any();
      String url = "tcp://127.0.0.1:" + port;
      Process process = startBrokerProcess(port, data);
      try {
         configure(url);
         try (ManagementClient admin = new ManagementClient(url, TestBroker.ADMIN, TestBroker.ADMIN)) {
            admin.invoke("removeRule", TestBroker.TOPIC, CLIENT + ".managed");
            admin.invoke("enable", TestBroker.TOPIC, CLIENT + ".switched");
            admin.invoke("removeAddressRule", TestBroker.TOPIC);
            process.destroyForcibly(); // the instant the last call returned
         }
      } finally {
         process.destroyForcibly();
         assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
      }
      try (RuleFilterBroker broker = RuleFilterBroker.start(port, data, ConfigSource.defaults());
           ManagementClient admin = new ManagementClient(url, TestBroker.ADMIN, TestBroker.ADMIN)) {
         JsonNode managed = JSON.readTree(admin.invoke("getRule", TestBroker.TOPIC, CLIENT + ".managed").toString());
         assertThat(managed.get("source").asText()).isEqualTo("none");
         JsonNode switched = JSON.readTree(admin.invoke("getRule", TestBroker.TOPIC, CLIENT + ".switched").toString());
         assertThat(switched.get("enabled").asBoolean()).isTrue();
         assertThat(admin.invoke("getAddressRule", TestBroker.TOPIC)).isNull();
      }
   }

   private static Process startBrokerProcess(int port, Path data) throws Exception {
      String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      Process process = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), BrokerMain.class.getName(),
            "--port", Integer.toString(port), "--data", data.toString())
            .redirectErrorStream(true).start();
      // read on a thread of its own: a broker that hangs silently must not block the test on the pipe
      CountDownLatch ready = new CountDownLatch(1);
      Thread reader = new Thread(() -> new BufferedReader(new InputStreamReader(process.getInputStream(),
            StandardCharsets.UTF_8)).lines().forEach(line -> {
               if (line.startsWith("RuleFilter broker ready on tcp://127.0.0.1:" + port)) {
                  ready.countDown();
               }
            }), "broker-output");
      reader.setDaemon(true);
      reader.start();
      if (!ready.await(60, TimeUnit.SECONDS)) {
         process.destroyForcibly();
         throw new IllegalStateException("the broker process did not start within 60 s");
      }
      return process;
   }
}

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
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The manual's local cluster ({@code bin/rulefilter cluster --nodes 3}): three nodes say they are ready, a subscriber
 * on one receives by its rule what is published on another, and SIGTERM stops all three.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class ClusterCommandTest {

   private static final String COMMAND = "bin/rulefilter cluster --nodes 3";

   @Test
   void threeNodesStartRouteByRuleAcrossNodesAndStop() throws Exception {
      assertThat(Docs.read(Docs.CLUSTERS)).contains("`" + COMMAND + "`");
      int port = threeFreePorts();
      List<String> command = new ArrayList<>(List.of("bash"));
      command.addAll(List.of(COMMAND.split(" ")));
      command.addAll(List.of("--port", Integer.toString(port), "--data",
            Scratch.directory("rulefilter-cluster-command").toAbsolutePath().toString()));
      ProcessBuilder builder = new ProcessBuilder(command).directory(Path.of("..").toFile()).redirectErrorStream(true);
      builder.environment().put("JAVA_OPTS", "-Xmx768m");
      Process process = builder.start();
      List<String> lines = new CopyOnWriteArrayList<>();
      Thread reader = new Thread(() -> new BufferedReader(new InputStreamReader(process.getInputStream(),
            StandardCharsets.UTF_8)).lines().forEach(lines::add));
      reader.setDaemon(true);
      reader.start();
      try {
         long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240); // the launcher builds first when needed
         while (lines.stream().filter(l -> l.startsWith("RuleFilter cluster node ")).count() < 3) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
               throw new IllegalStateException("the cluster did not start: " + lines);
            }
            Thread.sleep(50);
         }
         for (int node = 1; node <= 3; node++) {
            String url = "tcp://127.0.0.1:" + (port + node - 1);
            assertThat(lines).anyMatch(l -> l.startsWith("RuleFilter cluster node ") && l.contains(" ready on " + url));
         }

         try (Connection subscriber = connect(port + 2); Connection publisher = connect(port)) {
            Session session = subscriber.createSession();
            MessageConsumer consumer = session.createSharedDurableConsumer(session.createTopic("airport.events"),
                  "gate-b12", "@tag beg BS and airline weq CA");
            Session out = publisher.createSession();
            MessageProducer producer = out.createProducer(out.createTopic("airport.events"));
            Message arrived = null;
            for (int probe = 0; arrived == null && probe < 100; probe++) { // until node 1 knows node 3's queue
               producer.send(message(out, "BSM", "CA", "probe"));
               arrived = consumer.receive(200);
            }
            assertThat(arrived).as("a message published on node 1 reaches node 3").isNotNull();
            while (consumer.receive(500) != null) {
               continue; // later probes
            }
            for (String[] m : new String[][] {{"BSM", "MU"}, {"MVT", "CA"}, {"BPM", "CA"}, {"BSM", "CA"}}) {
               producer.send(message(out, m[0], m[1], m[0] + "/" + m[1]));
            }
            List<String> received = new ArrayList<>();
            for (Message m; (m = consumer.receive(2_000)) != null; ) {
               received.add(m.getStringProperty("label"));
            }
            assertThat(received).containsExactly("BSM/CA");
         }

         ProcessHandle.of(process.pid()).orElseThrow().destroy(); // SIGTERM (the launcher execs java), pipe left open
         assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
         reader.join(10_000);
         assertThat(lines).as("exit %d", process.exitValue()).contains("RuleFilter cluster stopped");
      } finally {
         process.descendants().forEach(ProcessHandle::destroyForcibly);
         process.destroyForcibly();
      }
   }

   private static Connection connect(int port) throws JMSException {
      Connection connection = new ActiveMQConnectionFactory("tcp://127.0.0.1:" + port
            + "?useTopologyForLoadBalancing=false", "app", "app").createConnection();
      connection.start();
      return connection;
   }

   private static Message message(Session session, String tag, String airline, String label) throws JMSException {
      Message message = session.createMessage();
      message.setJMSType(tag);
      message.setStringProperty("airline", airline);
      message.setStringProperty("label", label);
      return message;
   }

   /** The first of three consecutive ports free on loopback. */
   private static int threeFreePorts() throws IOException {
      for (int attempt = 0; attempt < 50; attempt++) {
         int first;
         try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            first = probe.getLocalPort();
         }
         if (first + 2 <= 65535 && free(first) && free(first + 1) && free(first + 2)) {
            return first;
         }
      }
      throw new IllegalStateException("no three consecutive free ports on loopback");
   }

   private static boolean free(int port) {
      try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
         return true;
      } catch (IOException taken) {
         return false;
      }
   }
}

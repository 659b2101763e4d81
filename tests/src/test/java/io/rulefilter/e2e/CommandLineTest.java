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

import io.rulefilter.broker.BrokerMain;
import io.rulefilter.client.RulesMain;
import io.rulefilter.testing.internal.FreePorts;
import jakarta.jms.Connection;
import jakarta.jms.Session;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import javax.management.MBeanServer;
import javax.security.auth.Subject;
import java.security.PrivilegedExceptionAction;
import org.apache.activemq.artemis.spi.core.security.jaas.UserPrincipal;
import javax.management.ObjectName;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import java.util.concurrent.CopyOnWriteArrayList;

/** The user-facing commands: {@code rulefilter rules …}, {@code rulefilter broker}, and the JMX MBean. */
class CommandLineTest {

   private static TestBroker broker;

   @BeforeAll
   static void start() throws Exception {
      broker = TestBroker.start();
      try (Connection connection = broker.connectionFactory().createConnection()) {
         Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
         session.createSharedDurableConsumer(Jms.topic(session), "cli-sub", "@tag beg BS").close();
      }
   }

   @AfterAll
   static void stop() throws Exception {
      broker.close();
   }

   private record Run(int exit, String out, String err) {
   }

   private static Run rules(String... args) {
      List<String> all = new ArrayList<>(List.of(args));
      all.add("--url");
      all.add(broker.url());
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      CommandLine cli = RulesMain.commandLine();
      cli.setOut(new PrintWriter(out, true));
      cli.setErr(new PrintWriter(err, true));
      return new Run(cli.execute(all.toArray(String[]::new)), out.toString(), err.toString());
   }

   @Test
   void rulesSetGetAndTheirErrors() {
      Run set = rules("set", "--address", TestBroker.TOPIC, "--queue", "cli-sub", "--rule", "@tag weq BSM",
            "--user", "admin", "--password", "admin");
      assertThat(set.exit).as(set.err).isZero();
      assertThat(set.out).contains("\"rule\" : \"@tag weq BSM\"");
      assertThat(rules("get", "--address", TestBroker.TOPIC, "--queue", "cli-sub").out).contains("\"source\" : \"management\"");

      Run badRule = rules("set", "--address", TestBroker.TOPIC, "--queue", "cli-sub", "--rule", "x gt abc");
      assertThat(badRule.exit).isEqualTo(2);
      assertThat(badRule.err).contains("rule error at 6: expected a number after 'gt', found 'abc'").contains("^");

      Run unknown = rules("stats", "--address", TestBroker.TOPIC, "--queue", "nope");
      assertThat(unknown.exit).isEqualTo(1);
      assertThat(unknown.err).contains("no queue named 'nope'");

      Run badPassword = rules("list", "--password", "wrong");
      assertThat(badPassword.exit).isEqualTo(1);
      assertThat(badPassword.err).contains("wrong user name or password");

      Run noManage = rules("remove", "--address", TestBroker.TOPIC, "--queue", "cli-sub", "--user", "app", "--password", "app");
      assertThat(noManage.exit).isEqualTo(1);
      assertThat(noManage.err).contains("User: app does not have permission='MANAGE'");
      assertThat(rules("get", "--address", TestBroker.TOPIC, "--queue", "cli-sub").out).contains("@tag weq BSM");

      assertThat(rules("set", "--queue", "cli-sub").exit).as("missing options are a usage error").isEqualTo(2);
   }

   @Test
   void theOperationsAreAJmxMBeanToo() throws Exception {
      MBeanServer jmx = ManagementFactory.getPlatformMBeanServer();
      ObjectName name = new ObjectName("org.apache.activemq.artemis:broker=\"rulefilter\",component=rulefilter");
      assertThat(jmx.invoke(name, "check", new Object[] {"@TAG beg BS"}, new String[] {String.class.getName()}))
            .isEqualTo("@tag beg BS");

      // a change made through JMX is attributed to the authenticated JMX user
      Subject operator = new Subject();
      operator.getPrincipals().add(new UserPrincipal("ops-alice"));
      String[] signature = {String.class.getName(), String.class.getName()};
      Object disabled = Subject.doAs(operator, (PrivilegedExceptionAction<Object>) () ->
            jmx.invoke(name, "disable", new Object[] {TestBroker.TOPIC, "cli-sub"}, signature));
      assertThat(disabled.toString()).contains("\"changedBy\":\"ops-alice (JMX)\"");
      Object enabled = jmx.invoke(name, "enable", new Object[] {TestBroker.TOPIC, "cli-sub"}, signature);
      assertThat(enabled.toString()).contains("\"changedBy\":\"jmx (unauthenticated)\"");
   }

   @Test
   void theBrokerCommandSaysReadyStopsOnSigtermAndExplainsABusyPort() throws Exception {
      Path data = Scratch.directory("rulefilter-main");
      int port = FreePorts.any();
      Process process = java(BrokerMain.class.getName(), "--port", Integer.toString(port), "--data", data.toString());
      try {
         List<String> lines = new CopyOnWriteArrayList<>();
         Thread reader = new Thread(() -> new BufferedReader(new InputStreamReader(process.getInputStream(),
               StandardCharsets.UTF_8)).lines().forEach(lines::add));
         reader.setDaemon(true);
         reader.start();
         long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
         while (!lines.contains("RuleFilter broker ready on tcp://127.0.0.1:" + port) && System.nanoTime() < deadline) {
            Thread.sleep(50);
         }
         assertThat(lines).contains("RuleFilter broker ready on tcp://127.0.0.1:" + port);
         ProcessHandle.of(process.pid()).orElseThrow().destroy(); // SIGTERM, leaving our end of the pipe open
         assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
         reader.join(10_000);
         assertThat(process.exitValue()).isEqualTo(143);
         assertThat(lines).contains("RuleFilter broker stopped");
      } finally {
         process.destroyForcibly(); // whatever failed above, no broker outlives the test
      }

      try (ServerSocket taken = new ServerSocket(0)) {
         Process busy = java(BrokerMain.class.getName(), "--port", Integer.toString(taken.getLocalPort()), "--data",
               Scratch.directory("rulefilter-busy").toString());
         try {
            CompletableFuture<String> output = CompletableFuture.supplyAsync(() -> readAll(busy)); // never blocks it
            assertThat(busy.waitFor(60, TimeUnit.SECONDS)).as("the broker gives up on a busy port").isTrue();
            assertThat(busy.exitValue()).isEqualTo(1);
            assertThat(output.get(10, TimeUnit.SECONDS)).contains("could not listen on 127.0.0.1:" + taken.getLocalPort());
         } finally {
            busy.destroyForcibly();
         }
      }
   }

   private static String readAll(Process process) {
      try {
         return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      } catch (IOException e) {
         throw new UncheckedIOException(e);
      }
   }

   private static Process java(String main, String... args) throws Exception {
      List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp", System.getProperty("java.class.path"), main));
      command.addAll(List.of(args));
      return new ProcessBuilder(command).redirectErrorStream(true).start();
   }
}

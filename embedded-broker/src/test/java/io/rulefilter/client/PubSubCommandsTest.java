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
package io.rulefilter.client;

import io.rulefilter.broker.ConfigSource;
import io.rulefilter.broker.RuleFilterBroker;
import io.rulefilter.cli.CommandLines;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code rulefilter publish} and {@code subscribe} against the RuleFilter broker over TCP: the subscriber prints what
 * its rule lets through, a rule changed by {@code rules set} applies to the next message, and the refusals are one
 * line with exit 1 or 2.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class PubSubCommandsTest {

   @TempDir
   static Path data;

   private static RuleFilterBroker broker;

   private record Run(int exit, String out, String err) {
   }

   /** A command running in the background, its output readable while it runs. */
   private record Running(CompletableFuture<Integer> exit, StringWriter out, StringWriter err) {
      Run await() throws Exception {
         return new Run(exit.get(60, TimeUnit.SECONDS), out.toString(), err.toString());
      }
   }

   @BeforeAll
   static void startBroker() throws Exception {
      broker = RuleFilterBroker.start(freePort(), data, ConfigSource.defaults());
   }

   @AfterAll
   static void stopBroker() throws Exception {
      if (broker != null) {
         broker.close();
      }
   }

   private static int freePort() throws Exception {
      try (ServerSocket socket = new ServerSocket(0)) {
         return socket.getLocalPort();
      }
   }

   private static String[] at(String url, String... args) {
      List<String> all = new ArrayList<>(List.of(args));
      all.addAll(List.of("--url", url));
      return all.toArray(String[]::new);
   }

   private static Run run(Object command, String... args) {
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      int exit = CommandLines.of(command).setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true)).execute(args);
      return new Run(exit, out.toString(), err.toString());
   }

   private static Run publish(String... args) {
      return run(new PublishCommand(), at(broker.url(), args));
   }

   private static Run publishLines(String lines, String... args) {
      PublishCommand command = new PublishCommand();
      command.in = new ByteArrayInputStream(lines.getBytes(StandardCharsets.UTF_8));
      return run(command, at(broker.url(), args));
   }

   /** Starts {@code subscribe} and returns once it says it is attached. */
   private static Running subscribe(String... args) throws Exception {
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      CommandLine cli = CommandLines.of(new SubscribeCommand()).setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true));
      Running running = new Running(CompletableFuture.supplyAsync(() -> cli.execute(at(broker.url(), args))), out, err);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (!err.toString().contains("subscribed to ") && !running.exit().isDone()) {
         assertThat(System.nanoTime()).as("subscribe attaches: " + err).isLessThan(deadline);
         Thread.sleep(20);
      }
      return running;
   }

   @Test
   void theSubscriberSeesWhatItsRuleLetsThroughAndARuleChangeOnTheNextMessage() throws Exception {
      Running subscriber = subscribe("--address", "pubsub.events", "--queue", "bags", "--rule", "@tag beg BS", "--count", "3");
      assertThat(subscriber.err().toString()).startsWith("subscribed to pubsub.events as bags with rule '@tag beg BS'");
      assertThat(publish("--address", "pubsub.events", "--tag", "BSM", "airline=CA", "bagCount=3", "remark=two words"))
            .isEqualTo(new Run(0, "sent 1 message to pubsub.events\n", ""));
      assertThat(publish("--address", "pubsub.events", "--tag", "MVT", "airline=CA").exit()).isZero();
      assertThat(run(new RulesMain(), at(broker.url(), "set", "--address", "pubsub.events",
            "--queue", "bags", "--rule", "@tag beg BS and airline weq CA")).exit()).isZero();
      Run json = publishLines("""
            {"tag":"BSM","properties":{"airline":"MU","bagCount":2}}

            {"tag":"BSM","properties":{"airline":"CA","weight":2.5,"checked":true},"body":"two bags"}
            {"tag":"BPM","properties":{"airline":"CA"}}
            {"tag":"BSM","properties":{"airline":"CA","seq":4}}
            """, "--address", "pubsub.events");
      assertThat(json).isEqualTo(new Run(0, "sent 4 messages to pubsub.events\n", ""));
      Run seen = subscriber.await();
      assertThat(seen.exit()).isZero();
      assertThat(seen.out()).isEqualTo("""
            BSM airline=CA bagCount=3 remark="two words"
            BSM airline=CA checked=true weight=2.5 body="two bags"
            BSM airline=CA seq=4
            """);
   }

   @Test
   void jsonOutputIsWhatPublishReadsAndNumbersStayNumbers() throws Exception {
      Running subscriber = subscribe("--address", "pubsub.json", "--queue", "all", "--json", "--count", "2");
      assertThat(publish("--address", "pubsub.json", "--tag", "BSM", "n=-3", "x=007", "e=1e3", "big=99999999999999999999")
            .exit()).isZero();
      assertThat(publish("--address", "pubsub.json", "--body", "{\"not\": \"json properties\"}").exit()).isZero();
      Run seen = subscriber.await();
      assertThat(seen.out()).isEqualTo("""
            {"tag":"BSM","properties":{"big":"99999999999999999999","e":1000.0,"n":-3,"x":"007"}}
            {"tag":null,"properties":{},"body":"{\\"not\\": \\"json properties\\"}"}
            """);
      // what subscribe --json printed, published again, is received the same
      Running again = subscribe("--address", "pubsub.json", "--queue", "all", "--json", "--count", "2");
      assertThat(publishLines(seen.out(), "--address", "pubsub.json").exit()).isZero();
      assertThat(again.await().out()).isEqualTo(seen.out());
   }

   @Test
   void attachingWithAnotherRuleIsRefusedAndTheBacklogKept() throws Exception {
      Running first = subscribe("--address", "pubsub.keep", "--queue", "kept", "--rule", "bagCount gt 1", "--count", "1");
      assertThat(publish("--address", "pubsub.keep", "bagCount=2").exit()).isZero();
      assertThat(first.await().out()).isEqualTo("(no tag) bagCount=2\n");
      assertThat(publish("--address", "pubsub.keep", "bagCount=5").exit()).isZero();

      Run other = run(new SubscribeCommand(), at(broker.url(), "--address", "pubsub.keep", "--queue", "kept", "--rule", "bagCount gt 3"));
      assertThat(other.exit()).isEqualTo(CommandLines.FAILED);
      assertThat(other.err()).isEqualTo("rulefilter subscribe: subscription 'kept' exists with rule 'bagCount gt 1'; subscribe "
            + "with that, or change its rule with 'rulefilter rules set'\n");
      Run wrongAddress = run(new SubscribeCommand(), at(broker.url(), "--address", "pubsub.other", "--queue", "kept"));
      assertThat(wrongAddress.exit()).isEqualTo(CommandLines.FAILED);
      assertThat(wrongAddress.err()).contains("queue 'kept' belongs to address 'pubsub.keep', not 'pubsub.other'");

      Run same = run(new SubscribeCommand(), at(broker.url(), "--address", "pubsub.keep", "--queue", "kept", "--rule", "bagCount gt 1",
            "--count", "1"));
      assertThat(same).as("the message published while nobody was attached waited").isEqualTo(new Run(0, "(no tag) bagCount=5\n",
            "subscribed to pubsub.keep as kept with rule 'bagCount gt 1'\n"));
   }

   @Test
   void anInvalidRuleIsAUsageErrorWithTheRuleErrorAndCreatesNothing() {
      Run run = run(new SubscribeCommand(), at(broker.url(), "--address", "pubsub.bad", "--queue", "bad", "--rule", "bagCount gt"));
      assertThat(run.exit()).isEqualTo(CommandLines.INVALID);
      assertThat(run.err()).isEqualTo("rulefilter subscribe: invalid rule 'bagCount gt': rule error at 12: expected a number "
            + "after 'gt', found end of rule\n");
      assertThat(broker.server().locateQueue("bad")).isNull();
   }

   @Test
   void aBadInputLineSendsNothing() throws Exception {
      Running subscriber = subscribe("--address", "pubsub.lines", "--queue", "lines", "--count", "1");
      Run bad = publishLines("{\"tag\":\"BSM\"}\n{\"tag\":\"BSM\",\"properties\":[1]}\n", "--address", "pubsub.lines");
      assertThat(bad.exit()).isEqualTo(CommandLines.INVALID);
      assertThat(bad.err()).isEqualTo("rulefilter publish: standard input line 2: 'properties' must be an object\n");
      assertThat(publish("--address", "pubsub.lines", "--tag", "LAST").exit()).isZero();
      assertThat(subscriber.await().out()).as("the good first line was not sent either").isEqualTo("LAST\n");
   }

   @Test
   void aSubscriberWhoseBrokerStopsSaysSoAndExits1() throws Exception {
      Path own = data.resolve("stopping");
      try (RuleFilterBroker stopping = RuleFilterBroker.start(freePort(), own, ConfigSource.defaults())) {
         StringWriter out = new StringWriter();
         StringWriter err = new StringWriter();
         CommandLine cli = CommandLines.of(new SubscribeCommand()).setOut(new PrintWriter(out, true))
               .setErr(new PrintWriter(err, true));
         CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> cli.execute(at(stopping.url(), "--address", "a",
               "--queue", "q")));
         while (!err.toString().contains("subscribed to ")) {
            assertThat(exit).isNotDone();
            Thread.sleep(20);
         }
         stopping.close();
         assertThat(exit.get(60, TimeUnit.SECONDS)).isEqualTo(CommandLines.FAILED);
         assertThat(err.toString()).contains("rulefilter subscribe: lost the connection to " + stopping.url());
      }
   }
}

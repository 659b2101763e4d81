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
package io.rulefilter.bench;

import io.rulefilter.bench.AirportWorkload.AirportMessage;
import io.rulefilter.bench.AirportWorkload.Mix;
import io.rulefilter.bench.AirportWorkload.Subscription;
import io.rulefilter.client.ManagementClient;
import io.rulefilter.selector.RuleSelector;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.api.core.client.ClientProducer;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.api.core.client.ServerLocator;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Changing rules while messages flow, on a RuleFilter broker with N selective subscriptions, where a management
 * client changes {@value #CHANGES_PER_SECOND} rules a second through the management address:
 * <ul>
 *    <li><b>time of a change</b>: while a producer publishes a steady {@value #STEADY_RATE} messages a second, each
 *        change is timed from the request to the broker's answer, which it sends once the new rule is in force;</li>
 *    <li><b>throughput</b>: the producer publishes the workload as fast as it can until every queue holds its
 *        messages, once undisturbed and once while rules change.</li>
 * </ul>
 * A change alternates a subscription between {@code flight weq X} and {@code flight weq X or flight weq ZZ<i>} (no
 * message carries ZZ flights), so every message still goes where the counts expect, and each round is verified as
 * in the routing runs.
 */
final class RuleChangeBenchmark {

   static final int CHANGES_PER_SECOND = 100;
   static final int STEADY_RATE = 10_000;

   /**
    * One round: the throughput without and with changes, each change's time in nanoseconds, and the time of a
    * read-only management call ({@code getRule}) made next to each change: the same round trip without a change, so
    * what a change adds can be told apart from what any management call costs on a loaded machine.
    */
   record Result(int subscriptions, double quietPerSecond, double changingPerSecond, long[] changeNanos,
                 long[] readNanos) {
   }

   /** One round; {@code changesFirst} alternates which run goes first, as the second finds fuller queues. */
   Result run(BenchBroker broker, int n, int messageCount, int steadySeconds, boolean changesFirst) throws Exception {
      List<Subscription> subscriptions = AirportWorkload.subscriptions(Mix.SELECTIVE, n, 17L * n);
      List<AirportMessage> messages = AirportWorkload.messages(Mix.SELECTIVE, messageCount, n, 19L * n);
      List<AirportMessage> steady = AirportWorkload.messages(Mix.SELECTIVE, STEADY_RATE * steadySeconds, n, 23L * n);
      long[] expected = RoutingBenchmark.expectedCounts(subscriptions, messages, true);
      long[] expectedSteady = RoutingBenchmark.expectedCounts(subscriptions, steady, true);
      long perRun = Arrays.stream(expected).sum();
      broker.subscribe(subscriptions.stream().map(s -> RuleSelector.of(s.rule())).toList());
      ExecutorService changer = Executors.newSingleThreadExecutor();
      try (ServerLocator locator = ActiveMQClient.createServerLocator("tcp://127.0.0.1:" + broker.port)
               .setBlockOnNonDurableSend(false).setConfirmationWindowSize(-1);
           ClientSessionFactory factory = locator.createSessionFactory();
           ClientSession session = factory.createSession();
           ManagementClient management = new ManagementClient("tcp://127.0.0.1:" + broker.port, null, null)) {
         ClientProducer producer = session.createProducer(BenchBroker.ADDRESS);
         double quiet = changesFirst ? 0 : publish(broker, session, producer, messages, perRun);
         double changing = whileChanging(changer, management, subscriptions, false,
               () -> publish(broker, session, producer, messages, changesFirst ? perRun : 2 * perRun)).value();
         if (changesFirst) {
            quiet = publish(broker, session, producer, messages, 2 * perRun);
         }
         Timings timings = whileChanging(changer, management, subscriptions, true,
               () -> publishSteadily(broker, session, producer, steady, 2 * perRun + Arrays.stream(expectedSteady).sum()))
               .timings();
         long[] held = broker.added();
         for (int i = 0; i < held.length; i++) {
            if (held[i] != 2 * expected[i] + expectedSteady[i]) {
               throw new IllegalStateException("N=" + n + ": queue sub-" + i + " holds " + held[i] + " messages, its rule "
                     + "accepts " + (2 * expected[i] + expectedSteady[i]) + " while its rule changed back and forth");
            }
         }
         return new Result(n, quiet, changing, nanos(timings.changes()), nanos(timings.reads()));
      } finally {
         changer.shutdownNow();
         broker.unsubscribeAll();
      }
   }

   private static long[] nanos(List<Long> times) {
      return times.stream().mapToLong(Long::longValue).toArray();
   }

   /** Each change's time and the time of the read next to it, in nanoseconds. */
   private record Timings(List<Long> changes, List<Long> reads) {
   }

   /** What a run measured while rules changed: its own figure and the management calls' times. */
   private record Changed(double value, Timings timings) {
   }

   private interface Run {
      double run() throws Exception;
   }

   private static Changed whileChanging(ExecutorService changer, ManagementClient management,
                                        List<Subscription> subscriptions, boolean withReads, Run run) throws Exception {
      AtomicBoolean stop = new AtomicBoolean();
      Future<Timings> changes = changer.submit(() -> change(management, subscriptions, withReads, stop));
      double value;
      try {
         value = run.run();
      } finally {
         stop.set(true);
      }
      return new Changed(value, changes.get());
   }

   /** Publishes {@code messages} at {@link #STEADY_RATE} a second, a millisecond's share at a time. */
   private static double publishSteadily(BenchBroker broker, ClientSession session, ClientProducer producer,
                                         List<AirportMessage> messages, long total) throws Exception {
      int perMillisecond = STEADY_RATE / 1000;
      long start = System.nanoTime();
      for (int from = 0; from < messages.size(); from += perMillisecond) {
         RoutingBenchmark.send(session, producer, messages.subList(from, Math.min(messages.size(), from + perMillisecond)));
         long wait = start + (from / perMillisecond + 1) * 1_000_000L - System.nanoTime();
         if (wait > 0) {
            Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
         }
      }
      RoutingBenchmark.awaitTotal(broker, total);
      return messages.size() / ((System.nanoTime() - start) / 1e9);
   }

   private static double publish(BenchBroker broker, ClientSession session, ClientProducer producer,
                                 List<AirportMessage> messages, long total) throws Exception {
      long start = System.nanoTime();
      RoutingBenchmark.send(session, producer, messages);
      RoutingBenchmark.awaitTotal(broker, total);
      return messages.size() / ((System.nanoTime() - start) / 1e9);
   }

   /**
    * Changes rules at a steady {@link #CHANGES_PER_SECOND} until stopped, and with reads, reads the rule just before or
    * just after each change, by turns (not while throughput is measured: that is the changes' alone); returns the
    * times of both.
    */
   private static Timings change(ManagementClient management, List<Subscription> subscriptions, boolean withReads,
                                 AtomicBoolean stop) throws Exception {
      List<Long> times = new ArrayList<>();
      List<Long> reads = new ArrayList<>();
      long period = 1_000_000_000L / CHANGES_PER_SECOND;
      long next = System.nanoTime();
      for (int k = 0; !stop.get(); k++) {
         int i = k % subscriptions.size();
         boolean widen = (k / subscriptions.size()) % 2 == 0;
         String rule = subscriptions.get(i).rule() + (widen ? " or flight weq ZZ" + i : "");
         Call change = () -> management.invoke("setRule", BenchBroker.ADDRESS, "sub-" + i, rule);
         Call read = () -> management.invoke("getRule", BenchBroker.ADDRESS, "sub-" + i);
         // the first call after the pause pays for waking the client's and the broker's threads: take turns
         boolean readFirst = withReads && k % 2 == 1;
         if (readFirst) {
            reads.add(timed(read));
         }
         times.add(timed(change));
         if (withReads && !readFirst) {
            reads.add(timed(read));
         }
         next += period;
         long wait = next - System.nanoTime();
         if (wait > 0) {
            Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
         }
      }
      return new Timings(times, reads);
   }

   private interface Call {
      Object call() throws Exception;
   }

   private static long timed(Call call) throws Exception {
      long start = System.nanoTime();
      call.call();
      return System.nanoTime() - start;
   }
}

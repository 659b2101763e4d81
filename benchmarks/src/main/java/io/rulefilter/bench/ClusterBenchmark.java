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
import io.rulefilter.bench.BenchBroker.Kind;
import io.rulefilter.selector.RuleSelector;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientProducer;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ServerLocator;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Cluster throughput: the selective airport workload published by one producer per node (message k on node k mod 3),
 * in one of two modes: <b>fill</b>, the clock running until every subscription queue, wherever it is, holds all its
 * messages; <b>drain</b>, with a consumer taking each queue's messages as they come, until every message has been
 * delivered; in both until every node has forwarded all it had to. Every run is checked: each queue must have taken
 * exactly the messages its rule, evaluated on its own, accepts, and in drain mode each message must have been
 * delivered once, to the consumer of the subscription whose rule accepts it. Also counts what crossed the wire between
 * the nodes.
 */
final class ClusterBenchmark {

   /** How the subscriptions take their messages. */
   enum Mode {
      /** Consumers without credit: the queues fill. */
      FILL,
      /** Consumers with credit, acknowledging each message: the queues drain as they fill. */
      DRAIN;

      String label() {
         return name().toLowerCase();
      }
   }

   /**
    * One measured run; the counts cover the measured messages only.
    *
    * @param forwarded      messages the nodes put into their store-and-forward queues (one per target node)
    * @param forwardedBytes their core packets' bytes, as the target nodes decoded them
    * @param routeIds       queue ids the forwarded messages named ({@code _AMQ_ROUTE_TO}, 8 bytes each)
    * @param judged         forwarded queue deliveries RuleFilter's rules judged on the owning nodes (0 for Artemis)
    * @param rejected       of those, the ones a rule rejected
    * @param publishedBytes the producers' packets' bytes
    */
   record Result(String broker, String mode, int subscriptions, int messages, double messagesPerSecond, long deliveries,
                 long forwarded, long forwardedBytes, long routeIds, long judged, long rejected, long publishedBytes) {

      /** As a routing run, for {@link PairedRatio}. */
      RoutingBenchmark.Result asRun() {
         return new RoutingBenchmark.Result("cluster-" + mode, Mix.SELECTIVE.name().toLowerCase(), subscriptions, broker, messages,
               messagesPerSecond, deliveries);
      }

      double perMessage(long count) {
         return (double) count / messages;
      }
   }

   private final List<Subscription> subscriptions;
   private final List<AirportMessage> messages;
   private final int warmup;
   private final long[] expected;
   private final long warmupDeliveries;
   private final long[] measuredExpected;
   private final int[] recipients;
   private int runs;

   /** {@code n} selective subscriptions; {@code warmup} messages before the {@code messageCount} measured ones. */
   ClusterBenchmark(int n, int messageCount, int warmup) {
      this.subscriptions = AirportWorkload.subscriptions(Mix.SELECTIVE, n, 7L * n + Mix.SELECTIVE.ordinal());
      this.messages = AirportWorkload.messages(Mix.SELECTIVE, warmup + messageCount, n, 11L * n + Mix.SELECTIVE.ordinal());
      this.warmup = warmup;
      this.expected = RoutingBenchmark.expectedCounts(subscriptions, messages, true);
      this.measuredExpected = RoutingBenchmark.expectedCounts(subscriptions, messages.subList(0, warmup), true);
      this.warmupDeliveries = Arrays.stream(measuredExpected).sum();
      for (int i = 0; i < expected.length; i++) {
         measuredExpected[i] = expected[i] - measuredExpected[i];
      }
      this.recipients = recipients(subscriptions, messages.subList(warmup, messages.size()), measuredExpected);
   }

   /**
    * Per measured message, the subscription it belongs to by the selective mix's construction (subscription i watches
    * flight i alone), checked against {@code expected}, the counts of the rules evaluated one by one.
    */
   private static int[] recipients(List<Subscription> subscriptions, List<AirportMessage> measured, long[] expected) {
      Map<Object, Integer> byFlight = new HashMap<>();
      for (int i = 0; i < subscriptions.size(); i++) {
         byFlight.put(AirportWorkload.flight(i), i);
      }
      int[] out = new int[measured.size()];
      long[] counts = new long[subscriptions.size()];
      for (int m = 0; m < out.length; m++) {
         out[m] = byFlight.getOrDefault(measured.get(m).properties().get("flight"), -1);
         if (out[m] < 0) {
            throw new IllegalStateException("message " + m + " of the selective mix watched by no subscription");
         }
         counts[out[m]]++;
      }
      if (!Arrays.equals(counts, expected)) {
         throw new IllegalStateException("the selective mix's messages are not what its rules accept");
      }
      return out;
   }

   /** The subscriptions' filters on a cluster of {@code kind}: RuleFilter's selector form, or the SQL a user would write. */
   List<String> filters(Kind kind) {
      return subscriptions.stream().map(s -> kind == Kind.RULEFILTER ? RuleSelector.of(s.rule()) : s.sql()).toList();
   }

   /** A fill run: the subscriptions' consumers take nothing, the clock stops when the queues hold every message. */
   Result fill(BenchCluster cluster) throws Exception {
      return run(cluster, null);
   }

   /** A drain run: {@code consumers} take every message; the clock stops when each has been delivered. */
   Result drain(BenchCluster cluster, ClusterConsumers consumers) throws Exception {
      return run(cluster, consumers);
   }

   private Result run(BenchCluster cluster, ClusterConsumers consumers) throws Exception {
      System.gc(); // start every run without the previous run's garbage
      Thread.sleep(200);
      Mode mode = consumers == null ? Mode.FILL : Mode.DRAIN;
      String who = cluster.kind.label + " cluster (" + mode.label() + ")";
      long[] before = cluster.added();
      long base = Arrays.stream(before).sum();
      long deliveries = Arrays.stream(expected).sum();
      int measured = messages.size() - warmup;
      List<ServerLocator> locators = new ArrayList<>();
      ExecutorService publishers = Executors.newFixedThreadPool(cluster.size());
      try {
         List<ClientSession> sessions = new ArrayList<>();
         for (int node = 0; node < cluster.size(); node++) {
            ServerLocator locator = ActiveMQClient.createServerLocator(cluster.url(node))
                  .setBlockOnNonDurableSend(false).setConfirmationWindowSize(-1);
            locators.add(locator);
            sessions.add(locator.createSessionFactory().createSession(BenchCluster.USER, BenchCluster.USER, false, true, true,
                  false, locator.getAckBatchSize()));
         }
         Deliveries warm = begin(consumers, warmup);
         publish(publishers, sessions, 0, warmup);
         await(who, () -> cluster.totalAdded() >= base + warmupDeliveries && cluster.traffic().forwardingDone());
         if (warm != null) {
            warm.awaitAll(who + " warm-up");
         }
         WireCounter.Counts wire = cluster.traffic().wire();
         long forwarded = cluster.traffic().forwarded();
         long[] judged = cluster.traffic().judgedAndRejected();

         Deliveries delivered = begin(consumers, measured);
         long start = System.nanoTime();
         publish(publishers, sessions, warmup, messages.size());
         await(who, () -> cluster.totalAdded() >= base + deliveries && cluster.traffic().forwardingDone());
         if (delivered != null) {
            delivered.awaitAll(who);
         }
         double seconds = (System.nanoTime() - start) / 1e9;

         long[] added = cluster.added();
         for (int i = 0; i < added.length; i++) {
            added[i] -= before[i];
         }
         if (!Arrays.equals(added, expected)) {
            throw new IllegalStateException(who + ": the queues took other counts than their rules accept");
         }
         if (delivered != null) {
            delivered.verify(who, recipients, measuredExpected);
         }
         WireCounter.Counts w = cluster.traffic().wire().minus(wire);
         long[] j = cluster.traffic().judgedAndRejected();
         if (w.published() != measured) {
            throw new IllegalStateException(who + ": the nodes received " + w.published()
                  + " published messages instead of " + measured);
         }
         return new Result(cluster.kind.label, mode.label(), subscriptions.size(), measured, measured / seconds,
               deliveries - warmupDeliveries, cluster.traffic().forwarded() - forwarded, w.forwardedBytes(), w.routeIds(),
               j[0] - judged[0], j[1] - judged[1], w.publishedBytes());
      } finally {
         publishers.shutdownNow();
         for (ServerLocator locator : locators) {
            locator.close();
         }
         cluster.purge();
      }
   }

   /** The deliveries of the next {@code count} messages, recorded by {@code consumers}; null in fill mode. */
   private Deliveries begin(ClusterConsumers consumers, int count) {
      if (consumers == null) {
         return null;
      }
      Deliveries next = new Deliveries(++runs, count);
      consumers.recordInto(next);
      return next;
   }

   /** Publishes messages {@code from} (inclusive) to {@code to} (exclusive): message k by node k mod 3's producer. */
   private void publish(ExecutorService publishers, List<ClientSession> sessions, int from, int to) throws Exception {
      List<Future<?>> sending = new ArrayList<>();
      for (int node = 0; node < sessions.size(); node++) {
         ClientSession session = sessions.get(node);
         int first = from + Math.floorMod(node - from, sessions.size());
         sending.add(publishers.submit(() -> {
            ClientProducer producer = session.createProducer(BenchBroker.ADDRESS);
            for (int k = first; k < to; k += sessions.size()) {
               ClientMessage message = session.createMessage(false);
               messages.get(k).writeTo(message);
               message.putIntProperty(Subscribers.RUN, runs); // for the draining consumers' Deliveries
               message.putIntProperty(Subscribers.SEQ, k - from);
               message.putLongProperty(Subscribers.SENT, System.nanoTime());
               producer.send(message);
            }
            producer.close();
            return null;
         }));
      }
      for (Future<?> f : sending) {
         f.get(5, TimeUnit.MINUTES);
      }
   }

   private static void await(String who, BooleanSupplier done) throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
      while (!done.getAsBoolean()) {
         if (System.nanoTime() > deadline) {
            throw new IllegalStateException(who + ": the published messages were not all routed and forwarded "
                  + "within 5 minutes");
         }
         Thread.sleep(1); // a spinning poll over a thousand queues would take a core from the brokers
      }
   }
}

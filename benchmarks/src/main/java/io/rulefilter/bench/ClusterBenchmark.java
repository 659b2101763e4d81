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
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Cluster throughput: the selective airport workload published by one producer per node (message k on node k mod 3),
 * the clock running until every subscription queue, wherever it is, holds all its messages and every node has
 * forwarded all it had to. Every run is checked: each queue must hold exactly the number of messages its rule,
 * evaluated on its own, accepts. Also counts what crossed the wire between the nodes.
 */
final class ClusterBenchmark {

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
   record Result(String broker, int subscriptions, int messages, double messagesPerSecond, long deliveries,
                 long forwarded, long forwardedBytes, long routeIds, long judged, long rejected, long publishedBytes) {

      /** As a routing run, for {@link PairedRatio}. */
      RoutingBenchmark.Result asRun() {
         return new RoutingBenchmark.Result("cluster", Mix.SELECTIVE.name().toLowerCase(), subscriptions, broker, messages,
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

   /** {@code n} selective subscriptions; {@code warmup} messages before the {@code messageCount} measured ones. */
   ClusterBenchmark(int n, int messageCount, int warmup) {
      this.subscriptions = AirportWorkload.subscriptions(Mix.SELECTIVE, n, 7L * n + Mix.SELECTIVE.ordinal());
      this.messages = AirportWorkload.messages(Mix.SELECTIVE, warmup + messageCount, n, 11L * n + Mix.SELECTIVE.ordinal());
      this.warmup = warmup;
      this.expected = RoutingBenchmark.expectedCounts(subscriptions, messages, true);
      this.warmupDeliveries = Arrays.stream(RoutingBenchmark.expectedCounts(subscriptions, messages.subList(0, warmup), true))
            .sum();
   }

   /** The subscriptions' filters on a cluster of {@code kind}: RuleFilter's selector form, or the SQL a user would write. */
   List<String> filters(Kind kind) {
      return subscriptions.stream().map(s -> kind == Kind.RULEFILTER ? RuleSelector.of(s.rule()) : s.sql()).toList();
   }

   Result run(BenchCluster cluster) throws Exception {
      System.gc(); // start every run without the previous run's garbage
      Thread.sleep(200);
      long[] before = cluster.added();
      long base = Arrays.stream(before).sum();
      long deliveries = Arrays.stream(expected).sum();
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
         publish(publishers, sessions, 0, warmup);
         await(cluster, () -> cluster.totalAdded() >= base + warmupDeliveries && cluster.forwardingDone());
         WireCounter.Counts wire = cluster.wire();
         long forwarded = cluster.forwarded();
         long[] judged = cluster.judgedAndRejected();

         long start = System.nanoTime();
         publish(publishers, sessions, warmup, messages.size());
         await(cluster, () -> cluster.totalAdded() >= base + deliveries && cluster.forwardingDone());
         double seconds = (System.nanoTime() - start) / 1e9;

         long[] added = cluster.added();
         for (int i = 0; i < added.length; i++) {
            added[i] -= before[i];
         }
         if (!Arrays.equals(added, expected)) {
            throw new IllegalStateException(cluster.kind.label + " cluster: the queues hold other counts than their rules accept");
         }
         WireCounter.Counts w = cluster.wire().minus(wire);
         long[] j = cluster.judgedAndRejected();
         int measured = messages.size() - warmup;
         if (w.published() != measured) {
            throw new IllegalStateException(cluster.kind.label + " cluster: the nodes received " + w.published()
                  + " published messages instead of " + measured);
         }
         return new Result(cluster.kind.label, subscriptions.size(), measured, measured / seconds,
               deliveries - warmupDeliveries, cluster.forwarded() - forwarded, w.forwardedBytes(), w.routeIds(),
               j[0] - judged[0], j[1] - judged[1], w.publishedBytes());
      } finally {
         publishers.shutdownNow();
         for (ServerLocator locator : locators) {
            locator.close();
         }
         cluster.purge();
      }
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

   private static void await(BenchCluster cluster, BooleanSupplier done) throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
      while (!done.getAsBoolean()) {
         if (System.nanoTime() > deadline) {
            throw new IllegalStateException(cluster.kind.label + " cluster: the published messages were not all "
                  + "delivered and forwarded within 5 minutes");
         }
         Thread.sleep(1); // a spinning poll over a thousand queues would take a core from the brokers
      }
   }
}

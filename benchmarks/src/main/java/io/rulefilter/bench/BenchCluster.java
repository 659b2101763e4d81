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

import io.rulefilter.bench.BenchBroker.Kind;
import io.rulefilter.broker.LocalCluster;
import io.rulefilter.broker.RuleFilterBroker;
import io.rulefilter.testing.internal.FreePorts;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.api.core.client.ServerLocator;
import org.apache.activemq.artemis.core.postoffice.Binding;
import org.apache.activemq.artemis.core.server.Queue;
import org.apache.activemq.artemis.core.server.cluster.impl.RemoteQueueBindingImpl;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * One cluster under test: three nodes of RuleFilter, or of plain Artemis with the same configuration, started with
 * {@link LocalCluster} (TCP on loopback, ON_DEMAND load balancing), the subscriptions spread over the nodes
 * (subscription i on node i mod 3), each with a consumer that takes no messages; {@link ClusterTraffic} counts what
 * the nodes send each other.
 */
final class BenchCluster implements AutoCloseable {

   static final String USER = "app";
   static final String LOAD_BALANCING = "ON_DEMAND";
   private static final Duration FORM = Duration.ofSeconds(60);
   /** Added to {@link #FORM} per subscription for the nodes to learn of them: 10,000 take minutes on 2 cores. */
   private static final Duration KNOWN_PER_SUBSCRIPTION = Duration.ofMillis(20);

   private static final String SUBSCRIPTION = "sub-";
   private static final String WARM_UP = "warm-up-";

   final Kind kind;
   private final Path data;
   private final LocalCluster cluster;
   private final ClusterTraffic traffic;
   private final List<ClientSession> subscribers = new ArrayList<>();
   private final List<ServerLocator> locators = new ArrayList<>();
   private final List<Queue> queues = new ArrayList<>();

   private BenchCluster(Kind kind, Path data, LocalCluster cluster) {
      this.kind = kind;
      this.data = data;
      this.cluster = cluster;
      this.traffic = new ClusterTraffic(kind, cluster);
   }

   /** Starts a 3-node cluster of {@code kind} (RULEFILTER or ARTEMIS_SQL) and returns once it has formed. */
   static BenchCluster start(Kind kind) throws Exception {
      if (kind != Kind.RULEFILTER && kind != Kind.ARTEMIS_SQL) {
         throw new IllegalArgumentException("a bench cluster runs RuleFilter or plain Artemis with SQL, not " + kind);
      }
      Path data = Files.createTempDirectory("rulefilter-bench-cluster-");
      List<Integer> ports = FreePorts.distinct(3);
      LocalCluster cluster = null;
      try {
         cluster = LocalCluster.start(ports, data, LOAD_BALANCING, FORM, kind == Kind.RULEFILTER);
         return new BenchCluster(kind, data, cluster);
      } catch (Exception | Error e) {
         if (cluster != null) {
            cluster.close();
         }
         deleteTree(data);
         throw e;
      }
   }

   /** The name of subscription {@code i}'s queue, on node {@code i mod 3}. */
   static String subscriptionName(int i) {
      return SUBSCRIPTION + i;
   }

   int size() {
      return cluster.nodes().size();
   }

   String url(int node) {
      return cluster.node(node).url() + "?useTopologyForLoadBalancing=false";
   }

   /**
    * Creates one non-durable subscription queue per filter on node {@code i mod 3} through a client of that node, with
    * a consumer that has no credit (so ON_DEMAND sees a consumer, and messages stay queued where they are counted),
    * and returns once every node knows every other node's queues and their consumers: the setup time of a cluster.
    */
   Setup subscribe(List<String> filters) throws Exception {
      long start = System.nanoTime();
      Duration created = create(filters, SUBSCRIPTION, subscribers);
      for (int i = 0; i < filters.size(); i++) {
         queues.add(cluster.node(i % size()).server().locateQueue(SimpleString.of(SUBSCRIPTION + i)));
      }
      awaitRemoteCopies(filters.size());
      return new Setup(created, Duration.ofNanos(System.nanoTime() - start));
   }

   /**
    * Subscribes the filters under other names, waits until the cluster knows them, and removes them again: the
    * client, broker and cluster code of subscribing is then compiled, so the measured setup does not depend on
    * which cluster of this JVM subscribes first.
    */
   void warmUpSubscribing(List<String> filters) throws Exception {
      List<ClientSession> sessions = new ArrayList<>();
      create(filters, WARM_UP, sessions);
      awaitRemoteCopies(filters.size());
      for (ClientSession session : sessions) {
         session.close(); // and its consumers
      }
      for (int i = 0; i < filters.size(); i++) {
         cluster.node(i % size()).server().destroyQueue(SimpleString.of(WARM_UP + i));
      }
      awaitRemoteCopies(0);
   }

   /** Creates the queues {@code prefix + i} with their consumers; returns how long until the last was answered. */
   private Duration create(List<String> filters, String prefix, List<ClientSession> sessions) throws Exception {
      long start = System.nanoTime();
      for (int node = 0; node < size(); node++) {
         ServerLocator locator = ActiveMQClient.createServerLocator(url(node)).setConsumerWindowSize(0);
         locators.add(locator);
         ClientSessionFactory factory = locator.createSessionFactory();
         sessions.add(factory.createSession(USER, USER, false, true, true, false, locator.getAckBatchSize()));
      }
      for (int i = 0; i < filters.size(); i++) {
         ClientSession session = sessions.get(i % size());
         String name = prefix + i;
         session.createQueue(QueueConfiguration.of(name).setAddress(BenchBroker.ADDRESS).setRoutingType(RoutingType.MULTICAST)
               .setFilterString(filters.get(i)).setDurable(false));
         session.createConsumer(name);
      }
      return Duration.ofNanos(System.nanoTime() - start);
   }

   /** Waits until every node knows exactly its share of {@code subscriptions} other nodes' queues with consumers. */
   private void awaitRemoteCopies(int subscriptions) throws Exception {
      Duration known = FORM.plus(KNOWN_PER_SUBSCRIPTION.multipliedBy(Math.max(subscriptions, 1)));
      long deadline = System.nanoTime() + known.toNanos();
      for (int node = 0; node < size(); node++) {
         int local = (subscriptions - node + size() - 1) / size();
         int remote = subscriptions - local;
         while (remoteCopiesWithConsumers(node) != remote) {
            if (System.nanoTime() > deadline) {
               throw new IllegalStateException(kind.label + " node " + node + " knows " + remoteCopiesWithConsumers(node)
                     + " remote subscriptions, not " + remote + ", within " + known);
            }
            Thread.sleep(5);
         }
      }
   }

   /**
    * How long creating the subscriptions took.
    *
    * @param created until the last queue and consumer were created (each a request to its node, answered)
    * @param known   until every node also knew every other node's queues with their consumers: ready to route
    */
   record Setup(Duration created, Duration known) {
   }

   private int remoteCopiesWithConsumers(int node) throws Exception {
      int count = 0;
      for (Binding binding : cluster.node(node).server().getPostOffice()
            .getBindingsForAddress(SimpleString.of(BenchBroker.ADDRESS)).getBindings()) {
         if (binding instanceof RemoteQueueBindingImpl remote && remote.consumerCount() > 0) {
            count++;
         }
      }
      return count;
   }

   /** Per subscription, the messages its queue has taken so far. */
   long[] added() {
      return QueueCounts.added(queues);
   }

   long totalAdded() {
      return QueueCounts.totalAdded(queues);
   }

   /** What the nodes have sent each other since the cluster formed. */
   ClusterTraffic traffic() {
      return traffic;
   }

   /** Empties the subscription queues and waits until every node has released their messages. */
   void purge() throws Exception {
      for (Queue queue : queues) {
         queue.deleteAllReferences();
      }
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
      for (RuleFilterBroker node : cluster.nodes()) {
         while (node.server().getPagingManager().getGlobalSize() > 0) {
            if (System.nanoTime() > deadline) {
               throw new IllegalStateException(kind.label + ": " + node.server().getPagingManager().getGlobalSize()
                     + " bytes of messages still held on " + node.url() + " a minute after the queues were emptied");
            }
            Thread.sleep(5);
         }
      }
   }

   @Override
   public void close() throws Exception {
      try {
         for (ServerLocator locator : locators) {
            locator.close(); // closes its factories, sessions and consumers
         }
         cluster.close();
      } finally {
         deleteTree(data);
      }
   }

   private static void deleteTree(Path root) throws IOException {
      try (Stream<Path> paths = Files.walk(root)) {
         for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
            Files.deleteIfExists(path);
         }
      }
   }
}

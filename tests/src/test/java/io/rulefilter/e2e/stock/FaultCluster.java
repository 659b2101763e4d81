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
import io.rulefilter.selector.RuleSelector;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientRequestor;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.api.core.client.ServerLocator;
import org.apache.activemq.artemis.api.core.management.ManagementHelper;
import org.apache.activemq.artemis.api.core.management.ResourceNames;

/**
 * Three stock Artemis processes clustered with the manual's three-node command (each {@code --staticCluster} lists
 * the other two), RuleFilter installed on each, and the subscriptions the fault tests publish to: one subscription
 * held by each node alone, and one shared subscription with a queue on every node.
 */
final class FaultCluster implements AutoCloseable {

   static final String ADDRESS = "airport.faults";
   static final String SHARED = "belt";

   /** A subscription: its name, the nodes holding its queue (index into {@link #nodes()}), its creation rule. */
   record Subscription(String name, List<Integer> holders, String rule) {
      /** The queue Artemis makes for a global AMQP shared durable subscription of this name. */
      String queue() {
         return name + ":global";
      }
   }

   static final List<Subscription> SUBSCRIPTIONS = List.of(
         new Subscription("gate-n1", List.of(0), "airline weq CA"),
         new Subscription("gate-n2", List.of(1), "airline weq MU and bagCount lt 5"),
         new Subscription("gate-n3", List.of(2), "bagCount gt 6"),
         new Subscription(SHARED, List.of(0, 1, 2), "airline weq CZ"));

   private final List<StockArtemis> nodes = new ArrayList<>();

   /** Creates the three instances as {@code artemis create} makes them. */
   FaultCluster() throws Exception {
      this(null);
   }

   /** Creates the three instances; {@code brokerXml} (if not null) changes each one's broker.xml. */
   FaultCluster(UnaryOperator<String> brokerXml) throws Exception {
      List<String> options = StockClusterTest.readmeClusterOptions();
      Path parent = Scratch.directory("rulefilter-stock-faults");
      int[] offsets = new int[3];
      for (int i = 0; i < 3; i++) {
         offsets[i] = StockArtemis.freePortOffset(Arrays.copyOf(offsets, i));
      }
      try {
         for (int i = 0; i < 3; i++) {
            List<String> mine = new ArrayList<>(options);
            int at = mine.indexOf("--staticCluster");
            mine.set(at + 1, "tcp://127.0.0.1:" + (61616 + offsets[(i + 1) % 3]) + ",tcp://127.0.0.1:"
                  + (61616 + offsets[(i + 2) % 3]));
            StockArtemis node = StockArtemis.create(parent, "node" + (i + 1), offsets[i], mine.toArray(String[]::new))
                  .installPlugin();
            if (brokerXml != null) {
               node.editEtc("broker.xml", brokerXml);
            }
            nodes.add(node);
         }
      } catch (Exception e) {
         close();
         throw e;
      }
   }

   List<StockArtemis> nodes() {
      return nodes;
   }

   StockArtemis node(int index) {
      return nodes.get(index);
   }

   /** Starts every node and waits until each one's bridges to both others are up. */
   void start() throws Exception {
      for (StockArtemis node : nodes) {
         node.start();
      }
      for (StockArtemis node : nodes) {
         awaitBridges(node);
      }
   }

   /** Waits until {@code node}'s cluster bridges to both other nodes are connected since its last start. */
   static void awaitBridges(StockArtemis node) throws Exception {
      node.awaitLog("AMQ221027", 2, 120);
   }

   /**
    * Waits until every node has a binding of every subscription queue of the cluster (its own queues and its copies
    * of the others'): only then does a message published anywhere reach every subscription.
    */
   void awaitBindings() throws Exception {
      awaitBindings(List.of(0, 1, 2));
   }

   /**
    * Waits until each node of {@code running} (indexes into {@link #nodes()}) has a binding of exactly the subscription
    * queues those nodes hold: its own and a copy of each of the others'. A node that left cleanly takes its queues'
    * copies with it, and a peer binds them again only once its own bridge to the returning node has heard of them,
    * which may come after the returning node's bridges are up.
    */
   void awaitBindings(List<Integer> running) throws Exception {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
      for (int index : running) {
         StockArtemis node = nodes.get(index);
         for (String bindings; !knowsExactly(index, running, bindings = bindings(node)); Thread.sleep(100)) {
            if (System.nanoTime() > deadline) {
               throw new AssertionError("node on " + node.corePort() + " knows " + bindings + " after 120 s");
            }
         }
      }
   }

   /**
    * Whether node {@code index}'s bindings (Artemis's management strings, which contain commas themselves) are its own
    * queues and one copy of each queue the other {@code running} nodes hold.
    */
   private static boolean knowsExactly(int index, List<Integer> running, String bindings) {
      int copies = 0;
      for (Subscription subscription : SUBSCRIPTIONS) {
         for (int holder : subscription.holders()) {
            if (holder == index && !bindings.contains("QueueImpl[name=" + subscription.queue() + ",")) {
               return false;
            }
            if (holder != index && running.contains(holder)) {
               copies++;
            }
         }
      }
      return StockArtemis.occurrences(bindings, "RemoteQueueBindingImpl [") == copies;
   }

   /** Artemis's own management ({@code listBindingsForAddress}): each binding of the address, as Artemis describes it. */
   private static String bindings(StockArtemis node) throws Exception {
      try (ServerLocator locator = ActiveMQClient.createServerLocator("tcp://127.0.0.1:" + node.corePort());
           ClientSessionFactory factory = locator.createSessionFactory();
           ClientSession session = factory.createSession(StockArtemis.USER, StockArtemis.PASSWORD, false, true, true,
                  false, 1)) {
         session.start();
         ClientRequestor requestor = new ClientRequestor(session, "activemq.management");
         ClientMessage request = session.createMessage(false);
         ManagementHelper.putOperationInvocation(request, ResourceNames.BROKER, "listBindingsForAddress", ADDRESS);
         ClientMessage reply = requestor.request(request, 30_000);
         return reply == null ? "" : String.valueOf(ManagementHelper.getResult(reply));
      }
   }

   /** Creates every subscription (durable: their queues stay when the consumers close) and closes the consumers. */
   void subscribe() throws Exception {
      for (Subscription subscription : SUBSCRIPTIONS) {
         for (int holder : subscription.holders()) {
            try (JakartaJmsClient client = JakartaJmsClient.amqp(node(holder).corePort());
                 AirportClient.Subscriber ignored = client.subscribe(ADDRESS, subscription.name(),
                       RuleSelector.of(subscription.rule()))) {
               // the queue is made; the test drains it later
            }
         }
      }
   }

   @Override
   public void close() throws Exception {
      Exception first = null;
      for (StockArtemis node : nodes) {
         try {
            node.close();
         } catch (Exception e) {
            first = first == null ? e : first;
         }
      }
      if (first != null) {
         throw first;
      }
   }
}

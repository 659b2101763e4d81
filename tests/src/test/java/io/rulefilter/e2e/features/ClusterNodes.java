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
package io.rulefilter.e2e.features;

import io.rulefilter.broker.LocalCluster;
import io.rulefilter.broker.RuleFilterBroker;
import io.rulefilter.client.ManagementClient;
import io.rulefilter.e2e.Scratch;
import io.rulefilter.testing.internal.FreePorts;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.postoffice.Binding;
import org.apache.activemq.artemis.core.server.cluster.RemoteQueueBinding;
import org.apache.activemq.artemis.core.server.cluster.impl.RemoteQueueBindingImpl;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;

/** A local 3-node RuleFilter cluster for tests, with clients that stay on the node they are given. */
final class ClusterNodes implements AutoCloseable {

   static final String USER = "app";
   static final String ADMIN = "admin";
   private static final Duration FORM = Duration.ofSeconds(60);

   private final LocalCluster cluster;
   private final Path data;

   private ClusterNodes(LocalCluster cluster, Path data) {
      this.cluster = cluster;
      this.data = data;
   }

   static ClusterNodes start(int nodes, String loadBalancing) throws Exception {
      return start(nodes, loadBalancing, node -> true);
   }

   /** Node {@code i} (0-based) runs RuleFilter when {@code withPlugin} says so, plain Artemis otherwise. */
   static ClusterNodes start(int nodes, String loadBalancing, IntPredicate withPlugin) throws Exception {
      return start(nodes, loadBalancing, withPlugin, Map.of());
   }

   /** Every node runs RuleFilter with {@code pluginSettings} (keys of {@code PluginSettings}). */
   static ClusterNodes start(int nodes, String loadBalancing, Map<String, String> pluginSettings) throws Exception {
      return start(nodes, loadBalancing, node -> true, pluginSettings);
   }

   /** Every node runs RuleFilter, node {@code i} (0-based) with the settings {@code pluginSettings} gives it. */
   static ClusterNodes startEach(int nodes, String loadBalancing, IntFunction<Map<String, String>> pluginSettings)
         throws Exception {
      return start(nodes, loadBalancing, node -> true, pluginSettings);
   }

   private static ClusterNodes start(int nodes, String loadBalancing, IntPredicate withPlugin,
                                     Map<String, String> pluginSettings) throws Exception {
      Map<String, String> settings = Map.copyOf(pluginSettings);
      return start(nodes, loadBalancing, withPlugin, node -> settings);
   }

   private static ClusterNodes start(int nodes, String loadBalancing, IntPredicate withPlugin,
                                     IntFunction<Map<String, String>> pluginSettings) throws Exception {
      Path data = Scratch.directory("rulefilter-cluster");
      return new ClusterNodes(LocalCluster.start(FreePorts.distinct(nodes), data, loadBalancing, FORM, withPlugin, pluginSettings),
            data);
   }

   RuleFilterBroker node(int index) {
      return cluster.node(index);
   }

   /** Stops node {@code index} cleanly, keeping its data. */
   void stop(int index) throws Exception {
      cluster.stop(index);
   }

   /** Starts node {@code index} again on its data; returns once the cluster has formed again. */
   void restart(int index) throws Exception {
      cluster.restart(index, FORM);
   }

   /** Starts node {@code index} again on its data while other nodes may be stopped; returns once it is started. */
   void startAgain(int index) throws Exception {
      cluster.startAgain(index);
   }

   int size() {
      return cluster.nodes().size();
   }

   /** A started connection to node {@code index} only (no load balancing over the cluster's topology). */
   Connection connect(int index) throws JMSException {
      return connect(index, true);
   }

   /** As {@link #connect(int)}; {@code blockOnSend} false: a send does not wait for the node to store the message. */
   Connection connect(int index, boolean blockOnSend) throws JMSException {
      ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(url(index));
      factory.setUser(USER);
      factory.setPassword(USER);
      factory.setBlockOnDurableSend(blockOnSend);
      factory.setBlockOnNonDurableSend(blockOnSend);
      Connection connection = factory.createConnection();
      connection.start();
      return connection;
   }

   ManagementClient management(int index) throws Exception {
      return new ManagementClient(url(index), ADMIN, ADMIN);
   }

   private String url(int index) {
      return node(index).url() + "?useTopologyForLoadBalancing=false";
   }

   /** Publishes to node {@code index}, in order. */
   void publish(int index, String topic, List<Traffic.Out> messages) throws JMSException {
      try (Connection connection = connect(index); Session session = connection.createSession()) {
         MessageProducer producer = session.createProducer(session.createTopic(topic));
         for (Traffic.Out out : messages) {
            producer.send(out.toJms(session));
         }
      }
   }

   /**
    * Waits until node {@code i} knows {@code queuesPerNode[i]} copies of other nodes' queues on {@code address}, each
    * with a consumer when {@code withConsumers}: only then do other nodes forward to them.
    */
   void awaitCopies(String address, boolean withConsumers, int... queuesPerNode) throws Exception {
      long deadline = System.nanoTime() + FORM.toNanos();
      for (int i = 0; i < queuesPerNode.length; i++) {
         RuleFilterBroker node = node(i);
         while (copies(node, address, withConsumers) < queuesPerNode[i]) {
            if (System.nanoTime() > deadline) {
               throw new AssertionError(node.url() + " knows " + copies(node, address, withConsumers) + " of the "
                     + queuesPerNode[i] + " remote queues on " + address);
            }
            Thread.sleep(20);
         }
      }
   }

   /**
    * Waits until every node but {@code holder} knows a copy of {@code holder}'s queue {@code queue} on {@code address}
    * ({@code present}), or no longer knows one (not {@code present}).
    */
   void awaitCopyOf(String address, String queue, int holder, boolean present) throws Exception {
      long deadline = System.nanoTime() + FORM.toNanos();
      for (int i = 0; i < size(); i++) {
         while (i != holder && hasCopyOf(node(i), address, queue) != present) {
            if (System.nanoTime() > deadline) {
               throw new AssertionError(node(i).url() + (present ? " knows no" : " still knows a") + " copy of queue "
                     + queue + " on " + address);
            }
            Thread.sleep(20);
         }
      }
   }

   private static boolean hasCopyOf(RuleFilterBroker node, String address, String queue) throws Exception {
      for (Binding binding : node.server().getPostOffice().getBindingsForAddress(SimpleString.of(address)).getBindings()) {
         if (binding instanceof RemoteQueueBinding && binding.getRoutingName().toString().equals(queue)) {
            return true;
         }
      }
      return false;
   }

   private static int copies(RuleFilterBroker node, String address, boolean withConsumers) throws Exception {
      int count = 0;
      for (Binding binding : node.server().getPostOffice().getBindingsForAddress(SimpleString.of(address)).getBindings()) {
         if (binding instanceof RemoteQueueBinding remote
               && (!withConsumers || remote instanceof RemoteQueueBindingImpl impl && impl.consumerCount() > 0)) {
            count++;
         }
      }
      return count;
   }

   @Override
   public void close() throws Exception {
      try {
         cluster.close();
      } finally {
         Scratch.delete(data);
      }
   }
}

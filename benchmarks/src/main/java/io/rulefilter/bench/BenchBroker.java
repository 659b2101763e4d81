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

import io.rulefilter.artemis.PluginSettings;
import io.rulefilter.artemis.RuleFilterPlugin;
import io.rulefilter.testing.internal.EmbeddedTestBroker;
import io.rulefilter.testing.internal.TestBrokerConfig;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.TransportConfiguration;
import org.apache.activemq.artemis.core.config.ClusterConnectionConfiguration;
import org.apache.activemq.artemis.core.remoting.impl.invm.InVMConnectorFactory;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.Queue;
import org.apache.activemq.artemis.core.settings.impl.AddressSettings;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.activemq.artemis.core.server.impl.AddressInfo;

/**
 * One broker under test: RuleFilter (with or without its index) or plain Artemis, in memory (no journal, so the
 * numbers measure routing rather than the disk), with an in-VM and a loopback TCP acceptor.
 */
final class BenchBroker implements AutoCloseable {

   /**
    * What a broker filters with. {@code ARTEMIS_ROUTED} filters nothing: the producer names the one subscription queue
    * that wants each message (selective mix only) in {@code _AMQ_ROUTE_TO}, and Artemis puts it there by the queue's
    * ID. It is the floor of any broker-side filter: what Artemis spends to put each message into the right one of N
    * queues when it need not choose.
    */
   enum Kind {
      RULEFILTER("rulefilter"), RULEFILTER_NO_INDEX("rulefilter-no-index"), ARTEMIS_SQL("artemis-sql"), NO_FILTER("no-filter"),
      ARTEMIS_ROUTED("artemis-routed");

      final String label;

      Kind(String label) {
         this.label = label;
      }
   }

   static final String ADDRESS = "airport.events";
   /** The longest rule the broker takes: enough for a list of 1,000 flights (ListRoutingBenchmark). */
   static final int MAX_RULE_LENGTH = 16_384;

   final Kind kind;
   final int vmId;
   final int port;
   private final EmbeddedTestBroker broker;
   private final RuleFilterPlugin plugin;
   private final List<Queue> queues = new ArrayList<>();

   BenchBroker(Kind kind, int vmId, int port) throws Exception {
      this(kind, vmId, port, false);
   }

   /**
    * {@code clustered}: with a cluster connection to no other node, so that copies of other nodes' queues can be
    * bound by hand and RuleFilter filters them as in a cluster.
    */
   BenchBroker(Kind kind, int vmId, int port, boolean clustered) throws Exception {
      this.kind = kind;
      this.vmId = vmId;
      this.port = port;
      TestBrokerConfig config = TestBrokerConfig.named("bench-" + kind.label).inVmAcceptor("in-vm", vmId)
            .tcpAcceptor("tcp", port)
            .and(c -> c.addAddressSetting("#", new AddressSettings().setMaxSizeBytes(-1L).setAutoCreateAddresses(true)));
      if (clustered) {
         config.and(c -> c.addConnectorConfiguration("self", new TransportConfiguration(InVMConnectorFactory.class.getName(),
                     Map.of("serverId", vmId)))
               .addClusterConfiguration(new ClusterConnectionConfiguration().setName("alone").setConnectorName("self")
                     .setStaticConnectors(List.of())));
      }
      if (kind == Kind.RULEFILTER || kind == Kind.RULEFILTER_NO_INDEX) {
         // Type B on for the address, for TypeBRoutingBenchmark's @typeb rules: other rules never read a body;
         // rules as long as ListRoutingBenchmark's lists: the length limit bounds parsing, not routing
         config.ruleFilter(Map.of(PluginSettings.ROUTING_INDEX, Boolean.toString(kind == Kind.RULEFILTER),
               PluginSettings.TYPEB_ADDRESSES, ADDRESS, PluginSettings.MAX_RULE_LENGTH, Integer.toString(MAX_RULE_LENGTH)));
      }
      broker = EmbeddedTestBroker.start(config);
      plugin = config.hasRuleFilter() ? broker.plugin() : null;
      server().addAddressInfo(new AddressInfo(SimpleString.of(ADDRESS), RoutingType.MULTICAST));
   }

   /** RuleFilter, or null for plain Artemis. */
   RuleFilterPlugin plugin() {
      return plugin;
   }

   ActiveMQServer server() {
      return broker.server();
   }

   /** Creates one subscription queue per filter (null: no filter), the way a topic subscription does. */
   void subscribe(List<String> filters) throws Exception {
      for (int i = 0; i < filters.size(); i++) {
         queues.add(server().createQueue(QueueConfiguration.of("sub-" + i).setAddress(ADDRESS)
               .setRoutingType(RoutingType.MULTICAST).setFilterString(filters.get(i)).setDurable(false)));
      }
   }

   /** The IDs of the subscription queues, in the order they were made. */
   long[] queueIds() {
      return queues.stream().mapToLong(Queue::getID).toArray();
   }

   long[] added() {
      return QueueCounts.added(queues);
   }

   int queueCount() {
      return queues.size();
   }

   long totalAdded() {
      return QueueCounts.totalAdded(queues);
   }

   /**
    * Destroys the subscription queues and waits until the broker has released their messages, so the next run (of
    * any broker in this JVM) does not pay for this one's clean-up.
    */
   void unsubscribeAll() throws Exception {
      for (Queue queue : queues) {
         server().destroyQueue(queue.getName(), null, false, true);
      }
      queues.clear();
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
      while (server().getPagingManager().getGlobalSize() > 0) {
         if (System.nanoTime() > deadline) {
            throw new IllegalStateException(kind.label + ": " + server().getPagingManager().getGlobalSize()
                  + " bytes of messages still held a minute after their queues were destroyed");
         }
         Thread.sleep(5);
      }
   }

   @Override
   public void close() throws Exception {
      broker.close();
   }
}

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
package io.rulefilter.artemis.cluster;

import io.rulefilter.artemis.internal.PluginParts;
import io.rulefilter.artemis.routing.AddressIndexes;
import io.rulefilter.artemis.routing.CopyForwarding;
import io.rulefilter.artemis.testing.InVmBroker;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.TransportConfiguration;
import org.apache.activemq.artemis.core.config.ClusterConnectionConfiguration;
import org.apache.activemq.artemis.core.filter.impl.FilterImpl;
import org.apache.activemq.artemis.core.remoting.impl.invm.InVMConnectorFactory;
import org.apache.activemq.artemis.core.server.Queue;
import org.apache.activemq.artemis.core.server.cluster.RemoteQueueBinding;
import org.apache.activemq.artemis.core.server.cluster.impl.MessageLoadBalancingType;
import org.apache.activemq.artemis.core.server.cluster.impl.RemoteQueueBindingImpl;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Artemis replaces the filter of a copy of another node's queue in place when that node's queue gets a new filter
 * (ClusterConnectionImpl's record, BINDING_UPDATED: {@code setFilter(FilterImpl.createFilter(..))}), with no plugin
 * hook and no bindings version change. A node running RuleFilter says so itself, and its word reaches the copy at
 * once (ForwardedJudgementTest); for any other (a node without RuleFilter, a word lost), RuleFilter gives the copy its
 * own filter of the new string back within {@value ClusterRouting#RECONCILE_MS} ms, and the index follows: what the
 * other node's queue now accepts leaves this node, what it no longer accepts does not.
 */
class CopyFilterReplacedInPlaceTest {

   private static final String ADDRESS = "copy.updated";

   @Test
   void aCopyWhoseFilterArtemisReplacedForwardsByTheNewFilterWithinASecond() throws Exception {
      try (InVmBroker broker = InVmBroker.start(Map.of(), config -> config
            .addConnectorConfiguration("self", new TransportConfiguration(InVMConnectorFactory.class.getName()))
            .addClusterConfiguration(new ClusterConnectionConfiguration().setName("alone").setConnectorName("self")
                  .setStaticConnectors(List.of())))) {
         for (int r = 0; r < 4; r++) {
            broker.subscription(ADDRESS, "q-" + r, "@tag weq T" + r);
         }
         Queue forward = broker.server().createQueue(QueueConfiguration.of("sf.copy").setAddress("sf.copy")
               .setRoutingType(RoutingType.MULTICAST));
         RemoteQueueBinding copy = new RemoteQueueBindingImpl(900L, SimpleString.of(ADDRESS),
               SimpleString.of("remote-q-node-b"), SimpleString.of("remote-q"), 77L, SimpleString.of("bagCount > 3"),
               forward, SimpleString.of("bridge"), 1, MessageLoadBalancingType.ON_DEMAND);
         broker.server().getPostOffice().addBinding(copy); // RuleFilter gives it its own filter, forwarding all
         assertThat(PluginParts.registry(broker.plugin()).queries().routing(ADDRESS).indexed()).as("indexed with the copy").isTrue();
         assertThat(forwarded(broker, 1)).as("forwarding all until its node says what it manages").isTrue();
         PluginParts.cluster(broker.plugin()).copies().nodeAnnounced(CopyRegister.nodeOf(copy), Map.of(), 1, null);
         assertThat(forwarded(broker, 1)).as("by the copy's SQL filter").isFalse();
         assertThat(forwarded(broker, 5)).as("by the copy's SQL filter").isTrue();

         copy.setFilter(FilterImpl.createFilter(SimpleString.of("bagCount < 3"))); // as doBindingUpdated does
         awaitRuleFilterCopy(copy, "bagCount < 3");
         assertThat(forwarded(broker, 1)).as("what the other node's queue takes now leaves this node").isTrue();
         assertThat(forwarded(broker, 5)).as("what it no longer takes does not").isFalse();
         assertThat(PluginParts.registry(broker.plugin()).queries().routing(ADDRESS)).as("routed by its index")
               .isEqualTo(new AddressIndexes.Routing(true, "5 queues"));
      }
   }

   /** Waits until the copy has RuleFilter's filter (a plain SQL one here: the string carries no rule) of {@code sql}. */
   private static void awaitRuleFilterCopy(RemoteQueueBinding copy, String sql) throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ClusterRouting.RECONCILE_MS * 10);
      while (!(copy.getFilter() instanceof CopyForwarding && sql.equals(copy.getFilter().getFilterString().toString()))) {
         assertThat(System.nanoTime()).as("RuleFilter's filter back on the copy").isLessThan(deadline);
         Thread.sleep(10);
      }
   }

   /** Whether a multicast message with {@code bags} is forwarded to the copy's node (nothing is enqueued). */
   private static boolean forwarded(InVmBroker broker, int bags) throws Exception {
      Message message = broker.message(ADDRESS, "X", Map.of("bagCount", bags));
      message.setRoutingType(RoutingType.MULTICAST);
      return broker.routes(message).contains("sf.copy");
   }
}

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

import io.rulefilter.artemis.cluster.BenchmarkCopies;
import io.rulefilter.bench.AirportWorkload.Mix;
import io.rulefilter.bench.BenchBroker.Kind;
import io.rulefilter.testing.internal.FreePorts;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.message.impl.CoreMessage;
import org.apache.activemq.artemis.core.server.Queue;
import org.apache.activemq.artemis.core.server.cluster.RemoteQueueBinding;
import org.apache.activemq.artemis.core.server.cluster.impl.MessageLoadBalancingType;
import org.apache.activemq.artemis.core.server.cluster.impl.RemoteQueueBindingImpl;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The routing decision of {@link RoutingDecisionBenchmark} on a publishing node of a cluster whose subscriptions all
 * live on another node: the address's bindings are this node's copies of those queues (Artemis's remote queue
 * bindings, bound as its cluster connection binds them), and the decision is which copies forward the message.
 * Artemis walks every copy's SQL filter; RuleFilter's index holds the copies by their rules. The set-up checks that
 * every sample message names as many queues for the other node as the rules, evaluated one by one, accept.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CopiesRoutingDecisionBenchmark {

   private static final int SAMPLE = 1024;
   private static final String NODE = "bench-other-node";
   private static final SimpleString BRIDGE = SimpleString.of("bench-bridge");
   /** Where a copy's {@code route} writes the ids of the queues a forwarded message goes to. */
   private static final SimpleString ROUTE_TO = Message.HDR_ROUTE_TO_IDS.concat(BRIDGE);

   @Param({"RULEFILTER", "ARTEMIS_SQL"})
   public String broker;

   @Param({"BROAD", "SELECTIVE"})
   public Mix mix;

   @Param({"1", "100", "1000", "10000"})
   public int subscriptions;

   private BenchBroker server;
   private AddressRouting routing;
   private Message[] messages;
   private int next;

   @Setup(Level.Trial)
   public void setup() throws Exception {
      Kind kind = Kind.valueOf(broker);
      server = new BenchBroker(kind, 1, FreePorts.any(), true);
      DecisionWorkload workload = DecisionWorkload.of(mix, subscriptions, SAMPLE);
      long[] expected = workload.expected();
      Queue forward = server.server().createQueue(QueueConfiguration.of("bench.sf").setAddress("bench.sf")
            .setRoutingType(RoutingType.MULTICAST).setDurable(false));
      RemoteQueueBinding first = null;
      List<String> filters = workload.filters(kind);
      for (int i = 0; i < filters.size(); i++) {
         String filter = filters.get(i);
         RemoteQueueBinding copy = new RemoteQueueBindingImpl(server.server().getStorageManager().generateID(),
               SimpleString.of(BenchBroker.ADDRESS), SimpleString.of("sub-" + i + NODE), SimpleString.of("sub-" + i),
               1_000_000L + i, SimpleString.of(filter), forward, BRIDGE, 1, MessageLoadBalancingType.ON_DEMAND);
         server.server().getPostOffice().addBinding(copy);
         first = first == null ? copy : first;
      }
      if (server.plugin() != null) {
         BenchmarkCopies.nodeAnnounced(server.plugin(), first); // the other node has no managed queues
      }
      routing = new AddressRouting(server);
      messages = new Message[SAMPLE];
      for (int i = 0; i < SAMPLE; i++) {
         CoreMessage message = AddressRouting.newMessage(i + 1, 512);
         message.setRoutingType(RoutingType.MULTICAST);
         workload.sample().get(i).writeTo(message);
         messages[i] = message;
         route();
         byte[] ids = message.getExtraBytesProperty(ROUTE_TO);
         long named = ids == null ? 0 : ids.length / Long.BYTES;
         if (named != expected[i]) {
            throw new IllegalStateException(kind.label + " " + mix + " N=" + subscriptions + ": message " + i
                  + " names " + named + " queues of the other node, its rules accept " + expected[i]);
         }
      }
   }

   /**
    * Routes the next sample message, after removing the queue ids its last routing wrote into it (Artemis appends
    * them, and the same message is routed again and again here).
    */
   @Benchmark
   public int route() throws Exception {
      Message message = messages[next++ & (SAMPLE - 1)];
      message.removeExtraBytesProperty(ROUTE_TO);
      return routing.route(message);
   }

   @TearDown(Level.Trial)
   public void tearDown() throws Exception {
      server.close();
   }
}

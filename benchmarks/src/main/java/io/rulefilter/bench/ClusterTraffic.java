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

import io.rulefilter.artemis.cluster.ClusterRouting;
import io.rulefilter.artemis.internal.PluginParts;
import io.rulefilter.bench.BenchBroker.Kind;
import io.rulefilter.broker.LocalCluster;
import io.rulefilter.broker.RuleFilterBroker;
import org.apache.activemq.artemis.core.postoffice.Binding;
import org.apache.activemq.artemis.core.postoffice.QueueBinding;
import org.apache.activemq.artemis.core.server.Queue;

import java.util.ArrayList;
import java.util.List;

/**
 * What the nodes of a {@link BenchCluster} sent each other: the packets and bytes on the wire, the messages put into
 * the store-and-forward queues, and for RuleFilter what its rules judged of the forwarded deliveries. Kept apart from
 * the cluster's start, subscriptions and close, which it only reads.
 */
final class ClusterTraffic {

   private final Kind kind;
   private final LocalCluster cluster;
   private final List<WireCounter> wire = new ArrayList<>();
   private final List<Queue> storeAndForward = new ArrayList<>();

   /** Counts from now on what crosses the wire into each node; refuses a cluster without a full mesh of bridges. */
   ClusterTraffic(Kind kind, LocalCluster cluster) {
      this.kind = kind;
      this.cluster = cluster;
      for (RuleFilterBroker node : cluster.nodes()) {
         WireCounter counter = new WireCounter();
         node.server().getRemotingService().addIncomingInterceptor(counter);
         wire.add(counter);
         storeAndForward.addAll(storeAndForwardQueues(node));
      }
      int size = cluster.nodes().size();
      if (storeAndForward.size() != size * (size - 1)) {
         throw new IllegalStateException(kind.label + ": " + storeAndForward.size() + " store-and-forward queues in a "
               + size + "-node cluster");
      }
   }

   /** The store-and-forward queues a node keeps for the others (one per other node). */
   private static List<Queue> storeAndForwardQueues(RuleFilterBroker broker) {
      String prefix = broker.server().getConfiguration().getInternalNamingPrefix() + "sf.";
      List<Queue> out = new ArrayList<>();
      for (Binding binding : broker.server().getPostOffice().getAllBindings().toList()) {
         if (binding instanceof QueueBinding queue && binding.getUniqueName().toString().startsWith(prefix)) {
            out.add(queue.getQueue());
         }
      }
      return out;
   }

   /** Messages the nodes have put into their store-and-forward queues, i.e. forwarded (or will) to another node. */
   long forwarded() {
      long sum = 0;
      for (Queue queue : storeAndForward) {
         sum += queue.getMessagesAdded();
      }
      return sum;
   }

   /** Whether every forwarded message has been taken by its target node (every store-and-forward queue is empty). */
   boolean forwardingDone() {
      for (Queue queue : storeAndForward) {
         if (queue.getMessageCount() > 0 || queue.getDeliveringCount() > 0) {
            return false;
         }
      }
      return true;
   }

   WireCounter.Counts wire() {
      return wire.stream().map(WireCounter::counts).reduce(WireCounter.Counts.ZERO, WireCounter.Counts::plus);
   }

   /** Forwarded queue deliveries RuleFilter's rules judged on the owning nodes, and rejected; zeros for plain Artemis. */
   long[] judgedAndRejected() {
      long[] out = new long[2];
      if (kind == Kind.RULEFILTER) {
         for (RuleFilterBroker node : cluster.nodes()) {
            ClusterRouting routing = PluginParts.cluster(node.plugin());
            out[0] += routing.forwardedJudged();
            out[1] += routing.forwardedRejected();
         }
      }
      return out;
   }
}

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

import io.rulefilter.artemis.log.ClusterLogger;
import io.rulefilter.artemis.management.ForwardedDeliveries;
import io.rulefilter.artemis.management.PeerChanges;
import io.rulefilter.artemis.management.RuleFilterClusterControl;
import io.rulefilter.artemis.management.RuleManagement;
import io.rulefilter.artemis.routing.ArtemisMessageView;
import io.rulefilter.artemis.server.ClusterParts;
import io.rulefilter.artemis.server.ServerParts;
import io.rulefilter.artemis.subscription.PeerForwarding;
import io.rulefilter.eval.CompiledRule;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.postoffice.Binding;
import org.apache.activemq.artemis.core.postoffice.PostOffice;
import org.apache.activemq.artemis.core.server.ServerConsumer;
import org.apache.activemq.artemis.core.server.cluster.RemoteQueueBinding;

import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * RuleFilter's part in Artemis's clustering (see the package comment): on a clustered broker it filters this node's
 * copies of other nodes' queues, judges what other nodes forward, and keeps management changes in step with the other
 * nodes. On a broker without a cluster connection it does nothing.
 */
public final class ClusterRouting implements RuleFilterClusterControl.CopyListener, ForwardedDeliveries {

   /** How often copies whose filter Artemis replaced in place get RuleFilter's back ({@link RemoteCopies#reconcile}). */
   static final long RECONCILE_MS = 1_000;

   private final ServerParts server;
   private final Supplier<SimpleString> nodeId;
   private final boolean clustered;
   private final ClusterBridges bridges;
   private final ForwardedMessageGuard guard;
   /** This node's forwards not yet handed to the store-and-forward queues, which a widening's barrier waits for. */
   private final ForwardsInFlight inFlight;
   private final RemoteCopies copies;
   private final RuleManagement management;
   private final PeerSync peers;
   private final Executor executor;
   /** The calls to other nodes a management change waits for, in parallel; threads only while they are made. */
   private final ExecutorService peerCalls = Executors.newCachedThreadPool(call -> {
      Thread thread = new Thread(call, "rulefilter-peer-call");
      thread.setDaemon(true);
      return thread;
   });
   private ScheduledFuture<?> reconciling;

   /**
    * @param creationRule   the compiled rule a queue filter string carries (the selector form), or empty for plain SQL
    * @param addressRule    this node's rule of an address in force, if any; lock-free
    * @param copyRefiltered told of a copy of another node's queue whose filter changed; takes the post office's monitor
    */
   public ClusterRouting(ServerParts server, ClusterParts cluster, RuleManagement management,
                         Function<SimpleString, Optional<CompiledRule>> creationRule,
                         Function<String, Optional<CompiledRule>> addressRule,
                         ThreadLocal<ArtemisMessageView> views, Consumer<RemoteQueueBinding> copyRefiltered) {
      this.server = server;
      this.nodeId = cluster.nodeId();
      this.clustered = cluster.clustered();
      PostOffice postOffice = server.postOffice().postOffice();
      this.bridges = new ClusterBridges(cluster.notifications(), cluster.user(), cluster.sessions());
      this.inFlight = new ForwardsInFlight(server.storage(), cluster.internalPrefix());
      this.guard = new ForwardedMessageGuard(bridges, postOffice, nodeId);
      this.copies = new RemoteCopies(server.postOffice(), new CopyFilters(creationRule, addressRule, management.language(), views,
            postOffice::getBinding), copyRefiltered, inFlight);
      this.management = management;
      this.executor = command -> server.executors().getExecutor().execute(command);
      this.peers = new PeerSync(postOffice, server.scheduled(), cluster, management, copies, executor, peerCalls);
   }

   public void start() {
      if (clustered) {
         server.plugins().add(guard); // from the start: it also removes RuleFilter's mark from every client send
         server.plugins().add(inFlight);
         management.passChangesTo(peers);
         reconciling = server.scheduled().scheduleWithFixedDelay(() -> executor.execute(copies::reconcile),
               RECONCILE_MS, RECONCILE_MS, TimeUnit.MILLISECONDS);
         ClusterLogger.clustered();
      }
   }

   public void stop() {
      if (clustered) {
         reconciling.cancel(false);
         management.passChangesTo(PeerChanges.NONE);
         server.plugins().remove(guard);
         server.plugins().remove(inFlight);
      }
      peerCalls.shutdown();
      peers.close(); // the calls under way fail as their connections close
   }

   /**
    * A binding is about to be added: another node's queue copied here gets its filter, and the state of the same
    * subscription here.
    */
   public void bindingAdded(Binding binding) {
      if (binding instanceof RemoteQueueBinding copy) {
         copies.copyAdded(copy);
         if (clustered) {
            peers.remoteQueueAdded(copy);
         }
      }
   }

   /** A binding was added: another node's queue copied here is followed from now on. */
   public void bindingBound(Binding binding) {
      if (binding instanceof RemoteQueueBinding copy) {
         copies.copyBound(copy);
      }
   }

   /** A binding left: what another node told of a queue of which this node now has no copy is forgotten. */
   public void bindingRemoved(Binding binding) {
      if (binding instanceof RemoteQueueBinding copy) {
         copies.copyRemoved(copy);
      }
   }

   /**
    * This node's rule of {@code address} changed (the post office's monitor held): its copies there follow, before
    * the address's index is rebuilt.
    */
   public void addressRuleChanged(SimpleString address) {
      if (clustered) {
         copies.addressRuleChanged(address);
      }
   }

   /** A consumer was created; another node's bridge connecting shows by its notification consumer. */
   public void consumerCreated(ServerConsumer consumer) {
      if (clustered && bridges.consumerCreated(consumer)) {
         copies.nodesConnecting();
         peers.peerConnected();
      }
   }

   /** Another node's queue is about to accept by {@code also} too; see {@link RemoteCopies#forwardsAlso}. */
   @Override
   public void copyForwardsAlso(String node, String queue, PeerForwarding also, long epoch) throws InterruptedException {
      copies.forwardsAlso(node, queue, also, NodeLife.plausible(epoch));
   }

   /** Another node's queue is about to accept by {@code also} too; see {@link RemoteCopies#forwardsAlsoFrom}. */
   @Override
   public void copyForwardsAlsoFrom(String node, String queue, PeerForwarding also, long epoch) {
      copies.forwardsAlsoFrom(node, queue, also, NodeLife.plausible(epoch));
   }

   /** See {@link RemoteCopies#forwardsConfirmed}. */
   @Override
   public boolean copyForwardsConfirmed(String node, String queue, long epoch) {
      return copies.forwardsConfirmed(node, queue, epoch);
   }

   /** Another node's queue accepts by {@code now}; see {@link RemoteCopies#forwards}. */
   @Override
   public void copyForwards(String node, String queue, PeerForwarding now, long epoch) {
      copies.forwards(node, queue, now, NodeLife.plausible(epoch));
   }

   /** Another node's queue {@code queue} has a new filter: this node's copy of it follows; see {@link RemoteCopies#filterReplaced}. */
   @Override
   public void copyFilterReplaced(String node, String queue, String filterString, long epoch) {
      copies.filterReplaced(node, queue, filterString, NodeLife.plausible(epoch));
   }

   /** The life of this node that answers ({@link NodeLife}), named in its list of managed queues. */
   @Override
   public String incarnation() {
      return peers.incarnation();
   }

   /** This node became active (it started, or a backup took over its primary's node id): a new life. */
   public void activated() {
      peers.activated();
   }

   /**
    * Artemis replaced the filter of this node's queue with cluster name {@code clusterName} (updateQueue) and tells
    * the other nodes, whose copies then filter by a plain SQL filter of it: RuleFilter tells them too, off Artemis's
    * thread, so that their copies forward by the new rule and their indexes follow.
    */
   public void filterReplaced(SimpleString clusterName, SimpleString filterString) {
      SimpleString id = nodeId.get();
      String nodeId = id == null ? null : id.toString();
      String name = clusterName == null ? "" : clusterName.toString();
      if (!clustered || nodeId == null || !name.endsWith(nodeId) || name.length() == nodeId.length()) {
         return;
      }
      String queue = name.substring(0, name.length() - nodeId.length());
      String filter = filterString == null ? "" : filterString.toString();
      long at = peers.nextEpoch(); // now, in the order of the changes: the word may be sent after a later one
      executor.execute(() -> peers.filterReplaced(queue, filter, at));
   }

   /** What this node tells other nodes (for tests of this package). */
   PeerSync peers() {
      return peers;
   }

   /** This node's copies of other nodes' queues (for tests of this package). */
   RemoteCopies copies() {
      return copies;
   }

   /** The operations this node invoked on other nodes so far (catch-ups, rule changes, lists), for tests and benchmarks. */
   public long peerCalls() {
      return peers.calls();
   }

   @Override
   public long forwardedJudged() {
      return guard.judged();
   }

   @Override
   public long forwardedRejected() {
      return guard.rejected();
   }
}

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
import io.rulefilter.artemis.management.PeerChanges;
import io.rulefilter.artemis.management.RuleManagement;
import io.rulefilter.artemis.server.ClusterParts;
import io.rulefilter.artemis.store.StoredAddressRule;
import io.rulefilter.artemis.subscription.PeerForwarding;
import io.rulefilter.artemis.subscription.SubscriptionInfo;
import org.apache.activemq.artemis.api.core.TransportConfiguration;
import org.apache.activemq.artemis.core.postoffice.PostOffice;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;
import org.apache.activemq.artemis.core.server.cluster.RemoteQueueBinding;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Keeps one state per shared subscription and per address rule across the cluster. A change made on this node is sent
 * to the nodes that hold a queue of the same subscription (or, for an address rule, to every node) before the
 * management call returns; each applies it when it is newer than its own. A node that was away catches up when it
 * connects again: both sides send what they have, and the newer wins.
 * <p>
 * Only the state set through management travels: the rule a subscription was created with is its queues' selector,
 * the same on every node.
 */
final class PeerSync implements PeerChanges {

   static final String SYNC_SUBSCRIPTION = "syncSubscription";
   static final String SYNC_ADDRESS_RULE = "syncAddressRule";
   static final String COPY_FORWARDS_ALSO = "copyForwardsAlso";
   static final String COPY_FORWARDS_ALSO_FROM = "copyForwardsAlsoFrom";
   static final String COPY_FORWARDS_CONFIRMED = "copyForwardsConfirmed";
   static final String COPY_FORWARDS = "copyForwards";
   static final String COPY_FILTER_REPLACED = "copyFilterReplaced";
   /** How often a word that did not pass is sent, a second apart. */
   private static final int RETRIES = 5;

   private final PostOffice postOffice;
   private final ScheduledExecutorService scheduled;
   private final RuleManagement management;
   private final PeerClient client;
   private final ClusterMembers members;
   private final ManagedQueuesPull pull;
   private final Executor executor;
   private final WideningConfirmation widening;
   private final AtomicBoolean catchUpScheduled = new AtomicBoolean();
   private final NodeLife life = new NodeLife();
   private final CatchUp catchUp;

   /**
    * @param executor where words to other nodes are sent from
    * @param calls    where the calls a change waits for run, one thread each (not Artemis's pool, whose threads
    *                 deliver, among others, the acknowledgements those calls wait for)
    */
   PeerSync(PostOffice postOffice, ScheduledExecutorService scheduled, ClusterParts cluster, RuleManagement management,
            RemoteCopies copies, Executor executor, Executor calls) {
      this.postOffice = postOffice;
      this.scheduled = scheduled;
      this.management = management;
      this.client = new PeerClient(cluster);
      this.members = new ClusterMembers(cluster.nodeId(), cluster.clusterManager());
      this.pull = new ManagedQueuesPull(scheduled, members, client, copies, executor);
      this.executor = executor;
      this.widening = new WideningConfirmation(client, members, calls);
      this.catchUp = new CatchUp(postOffice, management, client, members, scheduled, executor,
            this::sendSubscription);
   }

   /** The operations this node invoked on other nodes so far. */
   long calls() {
      return client.calls();
   }

   /** Closes the connections to other nodes. */
   void close() {
      client.close();
   }

   @Override
   public void subscriptionChanged(SubscriptionInfo subscription) {
      for (String node : nodesSharing(subscription.address(), subscription.queue())) {
         sendSubscription(node, subscription);
      }
   }

   @Override
   public void addressRuleChanged(StoredAddressRule rule) {
      for (String node : members.others()) {
         sendAddressRule(node, rule);
      }
   }

   /** See {@link WideningConfirmation}. */
   @Override
   public void forwardingWidens(String queue, PeerForwarding from, PeerForwarding to) {
      widening.confirm(queue, to, life.next());
   }

   @Override
   public void forwardingChanged(String queue, PeerForwarding now) {
      long at = life.next();
      for (String node : members.others()) {
         send(node, "what queue '" + queue + "' accepts", COPY_FORWARDS, members.self(), queue, now.managed(), now.rule(),
               at);
      }
   }

   /** Artemis replaced the filter of this node's queue {@code queue}: every other node's copy of it follows. */
   void filterReplaced(String queue, String filterString, long at) {
      for (String node : members.others()) {
         sendFilterReplaced(node, queue, filterString, at, 1);
      }
   }

   /** Dates a word sent later, in the order of the changes it tells of. */
   long nextEpoch() {
      return life.next();
   }

   /** This node became active (started, or a backup took over): a new life; see {@link NodeLife}. */
   void activated() {
      life.activated();
   }

   NodeLife life() {
      return life;
   }

   /** Asks every other node for its managed queues now, on the calling thread, once (for tests of this package). */
   void pullOnce() {
      pull.pull(ManagedQueuesPull.ATTEMPTS);
   }

   /** This life's incarnation, which other nodes learn with its list of managed queues. */
   String incarnation() {
      return life.incarnation();
   }

   /**
    * A node that is reachable but did not take the word is asked again a few times: until it has it, its copy goes on
    * forwarding by the queue's management state there, which the new filter dropped. Repeating it is harmless: a
    * node takes each epoch once.
    */
   private void sendFilterReplaced(String node, String queue, String filterString, long at, int attempt) {
      boolean failed = !send(node, "the new filter of queue '" + queue + "'", COPY_FILTER_REPLACED, members.self(), queue,
            filterString, at);
      if (failed && attempt < RETRIES) {
         scheduled.schedule(() -> executor.execute(() -> sendFilterReplaced(node, queue, filterString, at,
               attempt + 1)), ClusterMembers.TOPOLOGY_DELAY_MS, TimeUnit.MILLISECONDS);
      }
   }

   @Override
   public long epoch() {
      return life.current();
   }

   /**
    * Another node's queue was copied here (it joined, or created the queue): when this node holds a queue of the same
    * subscription with a state set through management, it sends that state there, off Artemis's thread
    * ({@link CatchUp#queueCopied}).
    */
   void remoteQueueAdded(RemoteQueueBinding binding) {
      String node = CopyRegister.nodeOf(binding);
      if (node == null || !(postOffice.getBinding(binding.getRoutingName()) instanceof LocalQueueBinding)) {
         return;
      }
      catchUp.queueCopied(node, binding.getAddress().toString(), binding.getRoutingName().toString());
   }

   /**
    * Another node's bridge connected to this node (it started, or came back): once the cluster knows where it is, it
    * gets every subscription state and address rule set here, and keeps what is newer than its own. A node that
    * was away while a rule changed catches up so; it does the same towards this node.
    */
   void peerConnected() {
      if (catchUpScheduled.compareAndSet(false, true)) {
         scheduled.schedule(() -> executor.execute(() -> {
            catchUpScheduled.set(false);
            catchUpAll();
            pull.pull(1);
         }), ClusterMembers.TOPOLOGY_DELAY_MS, TimeUnit.MILLISECONDS);
      }
   }

   private void catchUpAll() {
      catchUp.send(management.list().stream().filter(subscription -> subscription.changedAt() > 0).toList());
      for (StoredAddressRule rule : management.storedAddressRules().values()) {
         if (rule.changedAt() > 0) { // dated 0: a refused first rule undone, as no record
            addressRuleChanged(rule);
         }
      }
   }

   private void sendSubscription(String node, SubscriptionInfo s) {
      String rule = s.managementRule();
      send(node, "subscription '" + s.queue() + "'", SYNC_SUBSCRIPTION, s.address(), s.queue(), rule, s.enabled(),
            s.changedAt(), s.changedBy());
   }

   private void sendAddressRule(String node, StoredAddressRule rule) {
      sendAddressRule(node, rule.address(), 1);
   }

   /**
    * Sends the address rule as stored now; a node that is reachable but did not take it is asked again a few times:
    * its address rule also narrows what it forwards to every other node's queues.
    */
   private void sendAddressRule(String node, String address, int attempt) {
      StoredAddressRule rule = management.storedAddressRules().get(address);
      if (rule == null) {
         return;
      }
      boolean failed = !send(node, "the address rule of '" + address + "'", SYNC_ADDRESS_RULE, address, rule.rule(),
            rule.changedAt(), rule.changedBy());
      if (failed && attempt < RETRIES) {
         scheduled.schedule(() -> executor.execute(() -> sendAddressRule(node, address, attempt + 1)),
               ClusterMembers.TOPOLOGY_DELAY_MS, TimeUnit.MILLISECONDS);
      }
   }

   /**
    * @return false when the node was reachable and the call failed for a reason that may pass (a node not reachable
    *         catches up later; a refusal stands, and is logged as one)
    */
   private boolean send(String node, String what, String operation, Object... arguments) {
      TransportConfiguration connector = members.connectorOf(node);
      if (connector == null) {
         ClusterLogger.nodeNotReachable(node, what);
         return true;
      }
      try {
         client.invoke(connector, operation, arguments);
         return true;
      } catch (PeerClient.Refused e) {
         if (!e.unknownResource()) {
            ClusterLogger.stateRefused(node, what, e.getMessage());
            return true;
         }
         PeerClient.Absent why = client.whyAbsent(connector);
         if (why == PeerClient.Absent.OLDER_RULEFILTER) {
            ClusterLogger.stateNotTakenByOlderVersion(node, what);
         } // a node without RuleFilter has no rules to keep in step
         return why != PeerClient.Absent.UNKNOWN;
      } catch (Exception e) {
         ClusterLogger.stateNotSent(what, node, e.getMessage());
         return false;
      }
   }

   /** The nodes that hold a queue named {@code queue} on {@code address}, as this node's copies of their queues show. */
   private Set<String> nodesSharing(String address, String queue) {
      try {
         return SharingNodes.of(postOffice, address, queue);
      } catch (Exception e) {
         ClusterLogger.queueSharersNotLookedUp(queue, e);
         return new LinkedHashSet<>();
      }
   }
}

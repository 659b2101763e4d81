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
import io.rulefilter.artemis.routing.CopyForwarding;
import io.rulefilter.artemis.server.PostOfficeLock;
import io.rulefilter.artemis.subscription.PeerForwarding;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.filter.Filter;
import org.apache.activemq.artemis.core.server.cluster.RemoteQueueBinding;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The filters of this node's copies of other nodes' queues. A copy forwards what its queue's node said the queue
 * accepts by: its creation rule, its management rule, or everything while its switch is off ({@link ManagedCopies});
 * and everything before that node has told anything since it (re)connected. Each is a superset of what that node
 * accepts; it judges again.
 * <p>
 * A change that may widen what a queue accepts is announced first ({@link #forwardsAlsoFrom}): the copy forwards what
 * the old state or the new one accepts, and this node tells, when asked, whether its earlier forwards to that node are
 * confirmed there ({@link ForwardingBarrier}). Once in force, the copy forwards by the new state alone
 * ({@link #forwards}).
 */
final class RemoteCopies {

   private static final Logger LOG = LoggerFactory.getLogger(RemoteCopies.class);

   private final PostOfficeLock postOffice;
   private final CopyFilters filters;
   private final CopyPublication publication;
   private final ForwardsInFlight inFlight;
   private final ManagedCopies managed = new ManagedCopies();
   /** Per node and queue ({@code node/queue}), the epoch of the last filter replacement heard of. */
   private final Map<String, Long> filterEpochs = new HashMap<>();
   private final CopyRegister register = new CopyRegister();
   private final PendingBarriers barriers = new PendingBarriers();
   /** Per node, the incarnation of its life whose list was taken last. */
   private final Map<String, String> lives = new HashMap<>();
   /** Nodes that answered with a RuleFilter older than this one, each logged once. */
   private final Set<String> olderNodes = new HashSet<>();
   /** Nodes that answered without RuleFilter. */
   private final Set<String> plainNodes = new HashSet<>();

   /**
    * @param refiltered told of each copy bound here whose filter changed, so that the address's index follows; called
    *                   outside this object's monitor, since it takes the post office's (which Artemis holds when it
    *                   binds a copy, and so calls {@link #copyAdded} holding it)
    * @param inFlight   the forwards decided whose references are not yet added, which a barrier waits for
    */
   RemoteCopies(PostOfficeLock postOffice, CopyFilters filters, Consumer<RemoteQueueBinding> refiltered,
                ForwardsInFlight inFlight) {
      this.postOffice = postOffice;
      this.filters = filters;
      this.inFlight = inFlight;
      this.publication = new CopyPublication(postOffice, refiltered);
   }

   /**
    * A copy of another node's queue is about to be bound (the post office's monitor held): it gets its filter, which
    * Artemis's binding of it publishes (and the index takes it once it is bound). A copy whose name is bound already
    * is refused by Artemis right after this call (the same queue heard through another bridge): it is not followed.
    */
   synchronized void copyAdded(RemoteQueueBinding copy) {
      assert postOffice.isHeld() : "the post office's monitor is not held";
      refilter(copy);
      register.binding(copy, postOffice.postOffice().getBinding(copy.getUniqueName()) != null);
   }

   /** Artemis bound the copy (the post office's monitor held): from now on it is followed until it is removed. */
   synchronized void copyBound(RemoteQueueBinding copy) {
      assert postOffice.isHeld() : "the post office's monitor is not held";
      register.bound(copy);
   }

   /**
    * A copy of another node's queue left: unless another copy of the same queue of that node remains, what that node
    * told of it is forgotten, so that a queue re-created there under the same name starts from its creation rule; and
    * when none of that node's copies remains, all it told.
    */
   synchronized void copyRemoved(RemoteQueueBinding copy) {
      CopyRegister.Left left = register.removed(copy);
      String node = CopyRegister.nodeKey(copy);
      if (left != CopyRegister.Left.QUEUE_STILL_COPIED) {
         managed.forget(node, copy.getRoutingName().toString());
      }
      if (left == CopyRegister.Left.NODE_GONE) {
         managed.forgetNode(node); // it left: until it tells again, its copies forward everything
      }
   }

   /** A node (re)connected: copies forward everything until each node has told again which queues are managed. */
   void nodesConnecting() {
      List<RemoteQueueBinding> found;
      synchronized (this) {
         managed.forgetAll(); // epochs stay: a node's epochs grow across its restarts
         plainNodes.clear();
         olderNodes.clear();
         found = register.of(null);
         found.forEach(this::refilter);
      }
      publication.published(found);
   }

   /**
    * {@code node} told which of its queues are managed and what they accept by, as of its {@code epoch}-th change; the
    * other queues' copies forward by their creation rule.
    *
    * @param incarnation the life of {@code node} that told it ({@link NodeLife}), or null if it did not say: a new
    *                    life's list is taken, and the epochs of the life before are forgotten
    * @return false when the list is older than a change heard of since, and was ignored
    */
   boolean nodeAnnounced(String node, Map<String, PeerForwarding> managedQueues, long epoch, String incarnation) {
      List<RemoteQueueBinding> found;
      synchronized (this) {
         if (!managed.announced(node, managedQueues, epoch, incarnation)) {
            return false;
         }
         if (incarnation != null && !incarnation.equals(lives.put(node, incarnation))) {
            filterEpochs.keySet().removeIf(key -> key.startsWith(node + '/'));
         }
         plainNodes.remove(node);
         found = register.of(node);
         found.forEach(this::refilter);
      }
      publication.published(found);
      return true;
   }

   /**
    * {@code node}'s queue is about to accept by {@code also} too, its {@code epoch}-th change: its copy forwards what
    * either accepts; returns at once, and {@link #forwardsConfirmed} says when this node's earlier forwards to that
    * node are confirmed there ({@link ForwardingBarrier}).
    */
   void forwardsAlsoFrom(String node, String queue, PeerForwarding also, long epoch) {
      barriers.started(node, queue, epoch, forwardAlso(node, queue, also, epoch));
   }

   /** Whether the forwards made before {@code node}'s {@code epoch}-th change of {@code queue} are confirmed. */
   boolean forwardsConfirmed(String node, String queue, long epoch) {
      return barriers.confirmed(node, queue, epoch);
   }

   /** As {@link #forwardsAlsoFrom}, and waits for the barrier on the calling thread (a node of an older version asks). */
   void forwardsAlso(String node, String queue, PeerForwarding also, long epoch) throws InterruptedException {
      forwardAlso(node, queue, also, epoch).await();
   }

   /** The copies of {@code node}'s queue forward what either state accepts; returns the barrier of their earlier forwards. */
   private ForwardingBarrier forwardAlso(String node, String queue, PeerForwarding also, long epoch) {
      List<RemoteQueueBinding> copies = follow(node, queue, () -> managed.also(node, queue, also, epoch));
      return new ForwardingBarrier(copies.stream().map(RemoteQueueBinding::getQueue).toList(), inFlight, node);
   }

   /** {@code node}'s queue accepts by {@code now} alone, its {@code epoch}-th change: its copy follows. */
   void forwards(String node, String queue, PeerForwarding now, long epoch) {
      follow(node, queue, () -> managed.only(node, queue, now, epoch));
   }

   /** Records what {@code node} told of its queue, refilters the copies of it and publishes them, at once. */
   private List<RemoteQueueBinding> follow(String node, String queue, Runnable told) {
      List<RemoteQueueBinding> ofQueue;
      synchronized (this) {
         told.run();
         ofQueue = register.of(node, queue);
         ofQueue.forEach(this::refilter);
      }
      publication.published(ofQueue); // from here on this node forwards by the new filter
      return ofQueue;
   }

   private void refilter(RemoteQueueBinding copy) {
      refilter(copy, filterStringOf(copy.getFilter()));
   }

   private void refilter(RemoteQueueBinding copy, SimpleString filterString) {
      if (filterString != null && filterString.isEmpty()) {
         filterString = null;
      }
      String node = CopyRegister.nodeOf(copy);
      byte[] mark = RedistributionMark.entry(node == null ? "" : node, copy.getRemoteQueueID());
      boolean plain = node != null && plainNodes.contains(node);
      copy.setFilter(filters.of(copy.getAddress(), copy.getRoutingName(), mark, filterString, plain,
            managed.of(node, copy.getRoutingName().toString())));
   }

   /**
    * {@code node}'s queue {@code queue} was given the filter {@code filterString} there (Artemis's updateQueue, its
    * {@code epoch}-th change): this node's copy of it forwards by RuleFilter's filter of the new string at once.
    * Artemis says the same in its own words, replacing the copy's filter in place with a plain one, whenever its word
    * arrives; {@link #reconcile} puts RuleFilter's back.
    *
    * @return false when a later replacement was heard of already, and this one was ignored
    */
   boolean filterReplaced(String node, String queue, String filterString, long epoch) {
      SimpleString replaced = filterString == null || filterString.isEmpty() ? null : SimpleString.of(filterString);
      List<RemoteQueueBinding> ofQueue;
      synchronized (this) {
         String key = node + '/' + queue;
         if (epoch <= filterEpochs.getOrDefault(key, Long.MIN_VALUE)) {
            return false;
         }
         filterEpochs.put(key, epoch);
         managed.only(node, queue, PeerForwarding.CREATION_RULE, epoch); // a new filter drops the management state there
         ofQueue = register.of(node, queue);
         ofQueue.forEach(copy -> refilter(copy, replaced));
      }
      publication.published(ofQueue);
      return true;
   }

   /**
    * Gives RuleFilter's filter back to every copy whose filter Artemis replaced in place: when another node's queue
    * gets a new filter, its cluster connection sets a plain filter of the new string on this node's copy, with no hook
    * to see it (and the index would go on forwarding by the old one). Run every second; what it finds is logged.
    */
   void reconcile() {
      List<RemoteQueueBinding> found;
      synchronized (this) {
         found = register.of(null).stream().filter(copy -> !(copy.getFilter() instanceof CopyForwarding)).toList();
         found.forEach(this::refilter);
      }
      if (!found.isEmpty()) {
         LOG.debug("refiltered copies whose filter Artemis replaced: {}", found);
         publication.published(found);
      }
   }

   /**
    * This node's rule of {@code address} changed: its copies there follow. Called holding the post office's monitor,
    * which comes before this object's.
    */
   void addressRuleChanged(SimpleString address) {
      assert postOffice.isHeld() : "the post office's monitor is not held";
      List<RemoteQueueBinding> found;
      synchronized (this) {
         found = register.of(null).stream().filter(copy -> address.equals(copy.getAddress())).toList();
         found.forEach(this::refilter);
      }
      publication.publishedTo(found, false); // the address's index is rebuilt next, once
   }

   /** {@code node} has no RuleFilter (it answered without the {@code rulefilter} resource): its copies filter by SQL. */
   void nodeWithoutRuleFilter(String node) {
      List<RemoteQueueBinding> found;
      synchronized (this) {
         if (!plainNodes.add(node)) {
            return;
         }
         ClusterLogger.nodeWithoutRuleFilter(node);
         found = register.of(node);
         found.forEach(this::refilter);
      }
      publication.published(found);
   }

   /**
    * {@code node} runs a RuleFilter older than this one (it lacks the operations between nodes): it does not tell
    * what its queues accept, so its copies go on forwarding everything, which it judges on arrival; changes that widen
    * what this node's queues accept are refused while it is there ({@link PeerSync}).
    */
   void nodeWithOlderRuleFilter(String node) {
      List<RemoteQueueBinding> found;
      synchronized (this) {
         if (olderNodes.add(node)) {
            ClusterLogger.nodeRunsOlderVersion(node);
         }
         if (!plainNodes.remove(node)) {
            return;
         }
         found = register.of(node); // it was taken for a node without RuleFilter: its copies filtered by SQL
         found.forEach(this::refilter);
      }
      publication.published(found);
   }

   /** The queue's filter string, whoever set the copy's filter last (this class, or Artemis announcing a new one). */
   private static SimpleString filterStringOf(Filter current) {
      return current == null ? null : current.getFilterString();
   }
}

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

import io.rulefilter.artemis.routing.CopyForwarding;
import io.rulefilter.artemis.subscription.PeerForwarding;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.filter.Filter;
import org.apache.activemq.artemis.core.postoffice.Bindings;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.Queue;
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
 * A change that may widen what a queue accepts is announced first ({@link #forwardsAlso}): the copy forwards what the
 * old state or the new one accepts, and this node answers only once every message it forwarded to that node before
 * is confirmed there (the copy's store-and-forward queue has acknowledged everything added before), so that the node
 * can put the change in force knowing nothing judged by the old filter alone is still on its way. Once in force, the
 * copy forwards by the new state alone ({@link #forwards}).
 */
final class RemoteCopies {

   private static final Logger LOG = LoggerFactory.getLogger(RemoteCopies.class);
   private static final long BARRIER_MS = 5_000;
   private static final long ROUTED_NOT_YET_ADDED_MS = 50;

   private final ActiveMQServer server;
   private final CopyFilters filters;
   private final Consumer<RemoteQueueBinding> refiltered;
   private final ManagedCopies managed = new ManagedCopies();
   /** Per node and queue ({@code node/queue}), the epoch of the last filter replacement heard of. */
   private final Map<String, Long> filterEpochs = new HashMap<>();
   /** Per node, the unique names of its copies bound here, by queue (routing name). */
   private final Map<String, Map<String, Set<SimpleString>>> bound = new HashMap<>();
   /** Nodes that answered without RuleFilter. */
   private final Set<String> plainNodes = new HashSet<>();

   /**
    * @param refiltered told of each copy bound here whose filter changed, so that the address's index follows; called
    *                   outside this object's monitor, since it takes the post office's (which Artemis holds when it
    *                   binds a copy, and so calls {@link #copyAdded} holding it)
    */
   RemoteCopies(ActiveMQServer server, CopyFilters filters, Consumer<RemoteQueueBinding> refiltered) {
      this.server = server;
      this.filters = filters;
      this.refiltered = refiltered;
   }

   /**
    * A copy of another node's queue is about to be added: it gets its filter, which Artemis's binding of it publishes
    * (and the index takes it once it is bound).
    */
   synchronized void copyAdded(RemoteQueueBinding copy) {
      String node = nodeOf(copy);
      if (node != null) {
         bound.computeIfAbsent(node, n -> new HashMap<>())
               .computeIfAbsent(copy.getRoutingName().toString(), q -> new HashSet<>()).add(copy.getUniqueName());
      }
      refilter(copy);
   }

   /**
    * A copy of another node's queue left: unless another copy of the same queue of that node remains, what that node
    * told of it is forgotten, so that a queue re-created there under the same name starts from its creation rule; and
    * when none of that node's copies remains, all it told.
    */
   synchronized void copyRemoved(RemoteQueueBinding copy) {
      String node = nodeOf(copy);
      Map<String, Set<SimpleString>> queues = node == null ? null : bound.get(node);
      String queue = copy.getRoutingName().toString();
      Set<SimpleString> names = queues == null ? null : queues.get(queue);
      if (names == null || !names.remove(copy.getUniqueName()) || !names.isEmpty()) {
         return;
      }
      queues.remove(queue);
      managed.forget(node, queue);
      if (queues.isEmpty()) {
         bound.remove(node);
         managed.forgetNode(node); // it left: until it tells again, its copies forward everything
      }
   }

   /** A node (re)connected: copies forward everything until each node has told again which queues are managed. */
   void nodesConnecting() {
      List<RemoteQueueBinding> copies;
      synchronized (this) {
         managed.forgetAll(); // epochs stay: a node's epochs grow across its restarts
         plainNodes.clear();
         copies = copiesOf(null);
         copies.forEach(this::refilter);
      }
      published(copies);
   }

   /**
    * {@code node} told which of its queues are managed and what they accept by, as of its {@code epoch}-th change; the
    * other queues' copies forward by their creation rule.
    *
    * @return false when the list is older than a change heard of since, and was ignored
    */
   boolean nodeAnnounced(String node, Map<String, PeerForwarding> managedQueues, long epoch) {
      List<RemoteQueueBinding> copies;
      synchronized (this) {
         if (!managed.announced(node, managedQueues, epoch)) {
            return false;
         }
         plainNodes.remove(node);
         copies = copiesOf(node);
         copies.forEach(this::refilter);
      }
      published(copies);
      return true;
   }

   /**
    * {@code node}'s queue is about to accept by {@code also} too, its {@code epoch}-th change: its copy forwards what
    * either accepts, and this returns once this node's earlier forwards to that node are confirmed (or after
    * {@value #BARRIER_MS} ms).
    */
   void forwardsAlso(String node, String queue, PeerForwarding also, long epoch) throws InterruptedException {
      List<RemoteQueueBinding> copies = follow(node, queue, () -> managed.also(node, queue, also, epoch));
      for (RemoteQueueBinding copy : copies) {
         awaitForwarded(copy.getQueue(), node);
      }
   }

   /** {@code node}'s queue accepts by {@code now} alone, its {@code epoch}-th change: its copy follows. */
   void forwards(String node, String queue, PeerForwarding now, long epoch) {
      follow(node, queue, () -> managed.only(node, queue, now, epoch));
   }

   /** Records what {@code node} told of its queue, refilters the copies of it and publishes them, at once. */
   private List<RemoteQueueBinding> follow(String node, String queue, Runnable told) {
      List<RemoteQueueBinding> copies;
      synchronized (this) {
         told.run();
         copies = copiesOf(node).stream().filter(copy -> copy.getRoutingName().toString().equals(queue)).toList();
         copies.forEach(this::refilter);
      }
      published(copies); // from here on this node forwards by the new filter
      return copies;
   }

   private void refilter(RemoteQueueBinding copy) {
      refilter(copy, filterStringOf(copy.getFilter()));
   }

   private void refilter(RemoteQueueBinding copy, SimpleString filterString) {
      if (filterString != null && filterString.isEmpty()) {
         filterString = null;
      }
      String node = nodeOf(copy);
      byte[] mark = RedistributionMark.entry(node == null ? "" : node, copy.getRemoteQueueID());
      boolean plain = node != null && plainNodes.contains(node);
      copy.setFilter(filters.of(copy.getAddress(), mark, filterString, plain,
            managed.of(node, copy.getRoutingName().toString())));
   }

   /**
    * Copies bound here were refiltered: every route that starts after this call sees their new filters, and their
    * addresses' indexes follow. Artemis keeps a copy's filter in a plain field; its routing starts by reading the
    * address's bindings version, a volatile, so raising that version (as Artemis's own queue update does) publishes
    * the filters; once per address, since Artemis's {@code updated} walks every binding of the address.
    */
   private void published(List<RemoteQueueBinding> copies) {
      publishedTo(copies, true);
   }

   /** As {@link #published}; the indexes are told only when {@code index}. */
   private void publishedTo(List<RemoteQueueBinding> copies, boolean index) {
      Set<SimpleString> addresses = new HashSet<>();
      for (RemoteQueueBinding copy : copies) {
         if (addresses.add(copy.getAddress())) {
            try {
               Bindings bindings = server.getPostOffice().lookupBindingsForAddress(copy.getAddress());
               if (bindings != null) {
                  bindings.updated(copy);
               }
            } catch (Exception e) {
               LOG.debug("bindings of {} gone while refiltering a copy", copy.getAddress(), e);
            }
         }
      }
      if (index) {
         copies.forEach(refiltered);
      }
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
      List<RemoteQueueBinding> copies;
      synchronized (this) {
         String key = node + '/' + queue;
         if (epoch <= filterEpochs.getOrDefault(key, Long.MIN_VALUE)) {
            return false;
         }
         filterEpochs.put(key, epoch);
         managed.only(node, queue, PeerForwarding.CREATION_RULE, epoch); // a new filter drops the management state there
         copies = copiesOf(node).stream().filter(copy -> copy.getRoutingName().toString().equals(queue)).toList();
         copies.forEach(copy -> refilter(copy, replaced));
      }
      published(copies);
      return true;
   }

   /**
    * Gives RuleFilter's filter back to every copy whose filter Artemis replaced in place: when another node's queue
    * gets a new filter, its cluster connection sets a plain filter of the new string on this node's copy, with no hook
    * to see it (and the index would go on forwarding by the old one). Run every second; what it finds is logged.
    */
   void reconcile() {
      List<RemoteQueueBinding> copies;
      synchronized (this) {
         copies = copiesOf(null).stream().filter(copy -> !(copy.getFilter() instanceof CopyForwarding)).toList();
         copies.forEach(this::refilter);
      }
      if (!copies.isEmpty()) {
         LOG.debug("refiltered copies whose filter Artemis replaced: {}", copies);
         published(copies);
      }
   }

   /**
    * This node's rule of {@code address} changed: its copies there follow. Called holding the post office's monitor,
    * which comes before this object's.
    */
   void addressRuleChanged(SimpleString address) {
      List<RemoteQueueBinding> copies;
      synchronized (this) {
         copies = copiesOf(null).stream().filter(copy -> address.equals(copy.getAddress())).toList();
         copies.forEach(this::refilter);
      }
      publishedTo(copies, false); // the address's index is rebuilt next, once
   }

   /** {@code node} has no RuleFilter (it answered without the {@code rulefilter} resource): its copies filter by SQL. */
   void nodeWithoutRuleFilter(String node) {
      List<RemoteQueueBinding> copies;
      synchronized (this) {
         if (!plainNodes.add(node)) {
            return;
         }
         LOG.warn("RFL2604 RuleFilter: cluster node {} runs without RuleFilter; its queues get what their SQL filters "
               + "take, with no rules judged there", node);
         copies = copiesOf(node);
         copies.forEach(this::refilter);
      }
      published(copies);
   }

   /** The queue's filter string, whoever set the copy's filter last (this class, or Artemis announcing a new one). */
   private static SimpleString filterStringOf(Filter current) {
      return current == null ? null : current.getFilterString();
   }

   /**
    * Waits until the store-and-forward queue towards {@code node} has acknowledged what was added to it so far. A
    * durable message is added once the journal has it, after it was routed: a short pause first lets messages routed
    * under the old filter arrive in the queue before it is counted.
    */
   private static void awaitForwarded(Queue forward, String node) throws InterruptedException {
      Thread.sleep(ROUTED_NOT_YET_ADDED_MS);
      long added = forward.getMessagesAdded();
      long deadline = System.currentTimeMillis() + BARRIER_MS;
      while (forward.getMessagesAcknowledged() + forward.getMessagesExpired() + forward.getMessagesKilled() < added) {
         if (System.currentTimeMillis() > deadline) {
            LOG.warn("RFL2603 RuleFilter: messages forwarded to cluster node {} were not confirmed within {} ms; a rule "
                  + "changed there may judge some of them by the new rule", node, BARRIER_MS);
            return;
         }
         Thread.sleep(1);
      }
   }

   /** The node a copy belongs to: its cluster name is the queue name followed by the node id. */
   static String nodeOf(RemoteQueueBinding copy) {
      String clusterName = copy.getClusterName().toString();
      String queue = copy.getRoutingName().toString();
      return clusterName.startsWith(queue) ? clusterName.substring(queue.length()) : null;
   }

   /** Copies of {@code node}'s queues (every node's when null). */
   private List<RemoteQueueBinding> copiesOf(String node) {
      return server.getPostOffice().getAllBindings().filter(RemoteQueueBinding.class::isInstance)
            .map(RemoteQueueBinding.class::cast).filter(copy -> node == null || node.equals(nodeOf(copy))).toList();
   }
}

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

import io.rulefilter.artemis.subscription.PeerForwarding;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What other nodes told this node to forward to their managed queues: per node that told since it (re)connected, each
 * managed queue with one state, or two while a change is being put in force there (its copy forwards what either
 * accepts). A queue not listed is forwarded by its creation rule. Each word carries its node's epoch: a word about a
 * queue older than the last one heard about it, or than the node's last list, is ignored. Not thread-safe:
 * {@link RemoteCopies} guards it.
 */
final class ManagedCopies {

   private static final List<PeerForwarding> BY_CREATION_RULE = List.of(PeerForwarding.CREATION_RULE);
   /** A node's lives are few (restarts, failovers); a late answer comes from one of the last. */
   private static final int REMEMBERED_LIVES = 16;

   private final Map<String, Map<String, List<PeerForwarding>>> byNode = new HashMap<>();
   /** Per node, the latest epoch heard of in any word; kept across reconnections (a node's epochs grow). */
   private final Map<String, Long> latest = new HashMap<>();
   /** Per node, the epoch of its last list taken. */
   private final Map<String, Long> listed = new HashMap<>();
   /** Per node and queue ({@code node/queue}), the epoch of the last word about that queue taken. */
   private final Map<String, Long> told = new HashMap<>();
   /** Per node, the incarnation of its life whose list was taken last ({@link NodeLife}). */
   private final Map<String, String> lives = new HashMap<>();
   /** Per node, the incarnations of its lives that ended, the latest {@link #REMEMBERED_LIVES}: their lists are late. */
   private final Map<String, Set<String>> ended = new HashMap<>();

   /** Every node (re)connects: until each tells again, its copies forward everything. */
   void forgetAll() {
      byNode.clear();
   }

   /**
    * {@code node}'s managed queues as of its {@code epoch}-th change, in its life {@code incarnation} (null: a node
    * that does not say). A new life's list is taken whatever the epochs of the life before: a backup that took over a
    * node id may date its words lower than its primary did; a list of a life that ended is late, and ignored.
    *
    * @return false when a later change of the same life was heard of already, and the list was ignored
    */
   boolean announced(String node, Map<String, PeerForwarding> queues, long epoch, String incarnation) {
      if (incarnation != null && !incarnation.equals(lives.get(node))) {
         Set<String> endedLives = ended.computeIfAbsent(node, n -> new LinkedHashSet<>());
         if (endedLives.contains(incarnation)) {
            return false; // an answer of a life that ended before the one heard of since (a slow reply)
         }
         String before = lives.put(node, incarnation);
         if (before != null) {
            endedLives.add(before);
            if (endedLives.size() > REMEMBERED_LIVES) {
               endedLives.remove(endedLives.iterator().next());
            }
         }
         latest.remove(node);
         listed.remove(node);
         told.keySet().removeIf(key -> key.startsWith(node + '/'));
      }
      if (epoch < latest.getOrDefault(node, Long.MIN_VALUE)) {
         return false;
      }
      latest.put(node, epoch);
      listed.put(node, epoch);
      Map<String, List<PeerForwarding>> states = new HashMap<>();
      queues.forEach((queue, forwarding) -> {
         if (forwarding.managed()) {
            states.put(queue, List.of(forwarding));
         }
      });
      byNode.put(node, states);
      return true;
   }

   /** {@code node}'s queue is about to accept by {@code also} too: its copy forwards what it did and what that accepts. */
   void also(String node, String queue, PeerForwarding also, long epoch) {
      Map<String, List<PeerForwarding>> states = statesToChange(node, queue, epoch);
      if (states == null) {
         return;
      }
      List<PeerForwarding> current = states.getOrDefault(queue, BY_CREATION_RULE);
      if (!current.contains(also)) {
         List<PeerForwarding> both = new ArrayList<>(current);
         both.add(also);
         states.put(queue, List.copyOf(both));
      }
   }

   /** {@code node}'s queue accepts by {@code now} alone. */
   void only(String node, String queue, PeerForwarding now, long epoch) {
      Map<String, List<PeerForwarding>> states = statesToChange(node, queue, epoch);
      if (states == null) {
         return;
      }
      if (now.managed()) {
         states.put(queue, List.of(now));
      } else {
         states.remove(queue);
      }
   }

   /**
    * Dates a word about {@code node}'s queue; returns the node's states to change, or null when the word is late (a
    * call that timed out there, carried out here after a later one) or the node has not told yet (its copies
    * forward everything).
    */
   private Map<String, List<PeerForwarding>> statesToChange(String node, String queue, long epoch) {
      String key = node + '/' + queue;
      if (epoch < Math.max(told.getOrDefault(key, Long.MIN_VALUE), listed.getOrDefault(node, Long.MIN_VALUE))) {
         return null;
      }
      told.put(key, epoch);
      latest.merge(node, epoch, Math::max);
      return byNode.get(node);
   }

   /** {@code node}'s queue is gone here (deleted there, or re-created with another filter): what it told is forgotten. */
   void forget(String node, String queue) {
      Map<String, List<PeerForwarding>> states = byNode.get(node);
      if (states != null) {
         states.remove(queue);
      }
   }

   /** No copy of {@code node}'s queues is left here (it left the cluster): it must tell again. */
   void forgetNode(String node) {
      byNode.remove(node);
   }

   /** What the copy of {@code node}'s {@code queue} forwards (any accepting is enough); null: everything. */
   List<PeerForwarding> of(String node, String queue) {
      Map<String, List<PeerForwarding>> states = node == null ? null : byNode.get(node);
      return states == null ? null : states.getOrDefault(queue, BY_CREATION_RULE);
   }
}

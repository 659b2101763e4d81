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

import org.apache.activemq.artemis.core.server.cluster.RemoteQueueBinding;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Which copies of other nodes' queues this node has: those Artemis bound, by node and queue, until it removes them,
 * and the one it is binding right now (between its binding hooks, which run within one post office call), so that a
 * word heard meanwhile still reaches its filter. Guarded by {@link RemoteCopies}' monitor.
 */
final class CopyRegister {

   /** What a removal leaves of what a node told. */
   enum Left {
      /** Another copy of the same queue of that node remains. */
      QUEUE_STILL_COPIED,
      /** The node's last copy of that queue went. */
      QUEUE_GONE,
      /** The node's last copy went. */
      NODE_GONE
   }

   /** Per node, its copies bound here by queue (routing name). */
   private final Map<String, Map<String, List<RemoteQueueBinding>>> bound = new HashMap<>();
   /** Null when Artemis binds none, or is about to refuse the one it binds (its name is bound already). */
   private RemoteQueueBinding beingBound;

   /** Artemis is about to bind {@code copy}; {@code refused} when its name is bound already. */
   void binding(RemoteQueueBinding copy, boolean refused) {
      beingBound = refused ? null : copy;
   }

   /** Artemis bound {@code copy}. */
   void bound(RemoteQueueBinding copy) {
      if (beingBound == copy) {
         beingBound = null;
      }
      bound.computeIfAbsent(nodeKey(copy), n -> new HashMap<>())
            .computeIfAbsent(copy.getRoutingName().toString(), q -> new ArrayList<>()).add(copy);
   }

   /** Artemis removed {@code copy}. */
   Left removed(RemoteQueueBinding copy) {
      if (beingBound != null && beingBound.getUniqueName().equals(copy.getUniqueName())) {
         beingBound = null;
      }
      Map<String, List<RemoteQueueBinding>> queues = bound.get(nodeKey(copy));
      String queue = copy.getRoutingName().toString();
      List<RemoteQueueBinding> ofQueue = queues == null ? null : queues.get(queue);
      if (ofQueue == null || !ofQueue.removeIf(c -> c.getUniqueName().equals(copy.getUniqueName()))
            || !ofQueue.isEmpty()) {
         return Left.QUEUE_STILL_COPIED;
      }
      queues.remove(queue);
      if (!queues.isEmpty()) {
         return Left.QUEUE_GONE;
      }
      bound.remove(nodeKey(copy));
      return Left.NODE_GONE;
   }

   /** The copies of {@code node}'s queue {@code queue}. */
   List<RemoteQueueBinding> of(String node, String queue) {
      List<RemoteQueueBinding> ofQueue = bound.getOrDefault(node, Map.of()).getOrDefault(queue, List.of());
      return Stream.concat(ofQueue.stream(), beingBoundOf(node))
            .filter(copy -> copy.getRoutingName().toString().equals(queue)).toList();
   }

   /** The copies of {@code node}'s queues (every node's when null). */
   List<RemoteQueueBinding> of(String node) {
      Stream<Map<String, List<RemoteQueueBinding>>> nodes = node == null ? bound.values().stream()
            : Stream.ofNullable(bound.get(node));
      return Stream.concat(nodes.flatMap(queues -> queues.values().stream()).flatMap(List::stream), beingBoundOf(node))
            .toList();
   }

   private Stream<RemoteQueueBinding> beingBoundOf(String node) {
      return beingBound == null || node != null && !node.equals(nodeKey(beingBound)) ? Stream.empty()
            : Stream.of(beingBound);
   }

   /** The node a copy belongs to: its cluster name is the queue name followed by the node id. */
   static String nodeOf(RemoteQueueBinding copy) {
      String clusterName = copy.getClusterName().toString();
      String queue = copy.getRoutingName().toString();
      return clusterName.startsWith(queue) ? clusterName.substring(queue.length()) : null;
   }

   /** Where a copy is kept: by its node, or under "" should its cluster name not say (never seen). */
   static String nodeKey(RemoteQueueBinding copy) {
      String node = nodeOf(copy);
      return node == null ? "" : node;
   }
}

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
import io.rulefilter.broker.RuleFilterBroker;

/** Deterministic hooks for end-to-end tests of a node's lives in the cluster ({@link NodeLife}). */
public final class NodeLives {

   private NodeLives() {
   }

   /** The epoch of {@code node}'s latest word so far. */
   public static long epoch(RuleFilterBroker node) {
      return PluginParts.cluster(node.plugin()).peers().life().current();
   }

   /**
    * {@code node} starts a new life dating its words from {@code firstEpoch}, as an HA backup that started before its
    * primary does when it takes over the primary's node id.
    */
   public static void startLife(RuleFilterBroker node, long firstEpoch) {
      PluginParts.cluster(node.plugin()).peers().life().startLife(firstEpoch);
   }

   /**
    * {@code node}'s copies forward everything, as after a (re)connection, then it asks every other node which of its
    * queues are managed, once, and returns when all have answered.
    */
   public static void reconnectedAndAsked(RuleFilterBroker node) {
      ClusterRouting cluster = PluginParts.cluster(node.plugin());
      cluster.copies().nodesConnecting();
      cluster.peers().pullOnce();
   }

   /** {@code node} hears of a (re)connection: its copies forward everything until each other node has told again. */
   public static void reconnected(RuleFilterBroker node) {
      ClusterRouting cluster = PluginParts.cluster(node.plugin());
      cluster.copies().nodesConnecting();
      cluster.peers().peerConnected();
   }
}

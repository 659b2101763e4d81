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
package io.rulefilter.artemis.routing;

import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.core.filter.Filter;
import org.apache.activemq.artemis.core.postoffice.Binding;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;
import org.apache.activemq.artemis.core.server.RoutingContext;
import org.apache.activemq.artemis.core.server.cluster.impl.MessageLoadBalancingType;

/**
 * Bindings of an address that share one routing name: the queues of one shared subscription on several nodes (this
 * node's and its copies of the others'). Artemis gives each message to one of them, taking them in turn from where
 * the last message stopped, and so does this group, by the same choice: the first that takes the message, is
 * connected and (unless load balancing is {@code STRICT}) has a consumer for it; failing that, the first that takes it
 * ({@code ON_DEMAND}: a queue of this node first). A copy that forwards only a superset of what its queue accepts does
 * not take a message it {@link CopyForwarding#givesWay gives way} with, as its filter does when Artemis routes. A group
 * is evaluated for every message, as Artemis does.
 * <p>
 * Immutable but for the turn, which each version of the group hands on; like Artemis's own, it is not synchronised:
 * concurrent routings may start from the same place.
 */
final class RoutingNameGroup {

   private final Binding[] bindings;
   /** The entry of each binding, evaluated in full, or null for a queue RuleFilter does not manage (its filter decides). */
   private final IndexEntry[] entries;
   private final Turn turn;

   private static final class Turn {
      int next;
   }

   private RoutingNameGroup(Binding[] bindings, IndexEntry[] entries, Turn turn) {
      this.bindings = bindings;
      this.entries = entries;
      this.turn = turn;
   }

   /** A group of one binding so far; routed only once others join it. */
   static RoutingNameGroup of(Binding first, IndexEntry entry) {
      return new RoutingNameGroup(new Binding[] {first}, new IndexEntry[] {inFull(entry)}, new Turn());
   }

   RoutingNameGroup with(Binding binding, IndexEntry entry) {
      return new RoutingNameGroup(CopiedArrays.inserted(bindings, bindings.length, binding),
            CopiedArrays.inserted(entries, entries.length, inFull(entry)), turn);
   }

   /** The group without {@code binding}; its size stays at least one. */
   RoutingNameGroup without(Binding binding) {
      int at = indexOf(binding);
      return at < 0 ? this : new RoutingNameGroup(CopiedArrays.removed(bindings, at), CopiedArrays.removed(entries, at),
            turn);
   }

   /** Members are evaluated for every message, not found by an anchor that could decide for them. */
   private static IndexEntry inFull(IndexEntry entry) {
      return entry == null ? null : entry.evaluatedInFull();
   }

   int size() {
      return bindings.length;
   }

   Binding binding(int i) {
      return bindings[i];
   }

   private int indexOf(Binding binding) {
      for (int i = 0; i < bindings.length; i++) {
         if (bindings[i] == binding) {
            return i;
         }
      }
      return -1;
   }

   void route(Message message, RoutingContext context, ArtemisMessageView view) throws Exception {
      int count = bindings.length;
      int at = turn.next;
      if (at >= count) {
         at = 0;
      }
      MessageLoadBalancingType balancing = view.loadBalancing();
      int fallback = -1;
      Binding chosen = null;
      for (int i = 0; i < count; i++) {
         Binding binding = bindings[at];
         if (takes(at, message, view)) {
            if (binding.isConnected()
                  && (balancing == MessageLoadBalancingType.STRICT || binding.isHighAcceptPriority(message))) {
               chosen = binding;
               at = next(at, count);
               break;
            }
            if (fallback == -1 || balancing == MessageLoadBalancingType.ON_DEMAND && binding instanceof LocalQueueBinding) {
               fallback = at;
            }
         }
         at = next(at, count);
      }
      if (chosen == null && fallback != -1) {
         chosen = bindings[fallback];
         at = next(fallback, count);
      }
      if (chosen != null) {
         turn.next = at;
         chosen.route(message, context);
      }
   }

   private boolean takes(int at, Message message, ArtemisMessageView view) {
      IndexEntry entry = entries[at];
      Filter filter = bindings[at].getFilter();
      if (entry != null) {
         return entry.accepts(message, view) && !(filter instanceof CopyForwarding copy && copy.givesWay(message, view));
      }
      return filter == null || filter.match(message);
   }

   private static int next(int at, int count) {
      return at + 1 == count ? 0 : at + 1;
   }
}

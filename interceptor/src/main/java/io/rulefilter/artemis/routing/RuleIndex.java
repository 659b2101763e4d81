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
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;
import org.apache.activemq.artemis.core.server.RoutingContext;

/**
 * All rules of one address evaluated together, once per message: a rule with an {@link Anchor} is evaluated only
 * when the message's value meets it, found by a hash lookup or a prefix-trie walk per anchored key; other rules and
 * queues RuleFilter does not manage (their own filter decides, read at routing time) are checked one by one. A rule
 * with only a numeric {@link RangeAnchor} is evaluated when the message's number meets its bound, found by binary
 * search. Bindings that share a routing name (one shared subscription's queues on several nodes) are routed as a
 * {@link RoutingNameGroup}, one of them per message.
 * Immutable: {@link IndexContents} makes a new one for every change, sharing what the change did not touch.
 */
final class RuleIndex {

   static final RuleIndex EMPTY = new RuleIndex(new LocalQueueBinding[0], new IndexEntry[0], new ValueIndex[0],
         new RangeIndex[0], 0);

   private final LocalQueueBinding[] unmanaged;
   private final IndexEntry[] unanchored;
   private final ValueIndex[] anchored;
   private final RangeIndex[] ranged;
   private final RoutingNameGroup[] groups;
   private final int queues;
   private final boolean copies;

   RuleIndex(LocalQueueBinding[] unmanaged, IndexEntry[] unanchored, ValueIndex[] anchored, RangeIndex[] ranged,
             int queues) {
      this(unmanaged, unanchored, anchored, ranged, new RoutingNameGroup[0], queues, false);
   }

   /**
    * @param groups bindings sharing a routing name, one group each
    * @param copies whether any binding is another node's queue, so that the message load balancing matters
    */
   RuleIndex(LocalQueueBinding[] unmanaged, IndexEntry[] unanchored, ValueIndex[] anchored, RangeIndex[] ranged,
             RoutingNameGroup[] groups, int queues, boolean copies) {
      this.unmanaged = unmanaged;
      this.unanchored = unanchored;
      this.anchored = anchored;
      this.ranged = ranged;
      this.groups = groups;
      this.queues = queues;
      this.copies = copies;
   }

   /** The number of queues this index routes, managed or not, this node's and other nodes'. */
   int queues() {
      return queues;
   }

   /** The number of subscriptions evaluated for every message: those with neither a text nor a numeric anchor. */
   int unanchored() {
      return unanchored.length;
   }

   /** True when some of the queues are other nodes' (this node's copies of them). */
   boolean hasCopies() {
      return copies;
   }

   void route(Message message, RoutingContext context, ArtemisMessageView view) throws Exception {
      for (LocalQueueBinding binding : unmanaged) {
         Filter filter = binding.getFilter();
         if (filter == null || filter.match(message)) {
            binding.route(message, context);
         }
      }
      IndexEntry.routeEachAccepted(unanchored, message, context, view);
      for (ValueIndex index : anchored) {
         index.route(message, context, view);
      }
      for (RangeIndex index : ranged) {
         index.route(message, context, view);
      }
      for (RoutingNameGroup group : groups) {
         group.route(message, context, view);
      }
   }
}

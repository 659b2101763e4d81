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

import io.rulefilter.eval.CompiledRule;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.core.filter.Filter;
import org.apache.activemq.artemis.core.postoffice.Binding;
import org.apache.activemq.artemis.core.server.RoutingContext;

import java.util.Set;

/**
 * One binding the index routes by its rules: a queue of this node RuleFilter manages ({@code filter} set), or this
 * node's copy of another node's queue ({@code copy}: {@code policy} says what the copy forwards).
 *
 * @param anchorDecides the anchor that found the entry is the whole of its rule: no evaluation needed
 */
record IndexEntry(Binding binding, SubscriptionPolicy policy, SubscriptionFilter filter, boolean anchorDecides,
                  boolean copy) {

   /** A queue of this node. */
   IndexEntry(Binding binding, SubscriptionPolicy policy, SubscriptionFilter filter, boolean anchorDecides) {
      this(binding, policy, filter, anchorDecides, false);
   }

   /** This node's copy of another node's queue, forwarding what {@code forwarding} accepts. */
   static IndexEntry ofCopy(Binding copy, SubscriptionPolicy forwarding, boolean anchorDecides) {
      return new IndexEntry(copy, forwarding, null, anchorDecides, true);
   }

   /** This entry evaluated in full, as where it is not found through its anchor (in a {@link RoutingNameGroup}). */
   IndexEntry evaluatedInFull() {
      return anchorDecides ? new IndexEntry(binding, policy, filter, false, copy) : this;
   }

   /** Routes the message into this entry's queue (or towards its node) when it is accepted. */
   void routeIfAccepted(Message message, RoutingContext context, ArtemisMessageView view) throws Exception {
      if (accepts(message, view)) {
         binding.route(message, context);
      }
   }

   /**
    * Whether the entry takes the message; a queue's match counts. A copy takes only what the message load balancing
    * lets leave this node, and a rule that throws forwards the message: the queue's node judges it, and reports it.
    */
   boolean accepts(Message message, ArtemisMessageView view) {
      if (copy) {
         return view.forwardsToOtherNodes() && (anchorDecides || forwards(message, view));
      }
      if (anchorDecides || policy.accepts(message, view)) {
         filter.countIndexedMatch();
         return true;
      }
      return false;
   }

   private boolean forwards(Message message, ArtemisMessageView view) {
      if (!policy.enabled()) {
         return true;
      }
      try {
         CompiledRule narrowing = policy.addressRule();
         if (narrowing != null && !narrowing.matches(view)) {
            return false;
         }
         CompiledRule rule = policy.own();
         Filter sql = policy.sqlFallback();
         return rule != null ? rule.matches(view) : sql == null || sql.match(message);
      } catch (RuntimeException e) {
         return true;
      }
   }

   static void routeEachAccepted(IndexEntry[] entries, Message message, RoutingContext context,
                                 ArtemisMessageView view) throws Exception {
      for (IndexEntry entry : entries) {
         entry.routeIfAccepted(message, context, view);
      }
   }

   /** As the one above, for the entries not yet in {@code routed} (null: every entry), which it adds them to. */
   static void routeEachAccepted(IndexEntry[] entries, Message message, RoutingContext context,
                                 ArtemisMessageView view, Set<IndexEntry> routed) throws Exception {
      for (IndexEntry entry : entries) {
         if (routed == null || routed.add(entry)) {
            entry.routeIfAccepted(message, context, view);
         }
      }
   }
}

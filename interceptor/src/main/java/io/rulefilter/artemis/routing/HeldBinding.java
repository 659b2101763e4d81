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

import io.rulefilter.message.MessageModel;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.postoffice.Binding;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;
import org.apache.activemq.artemis.core.server.cluster.RemoteQueueBinding;

import java.util.List;

/**
 * A binding as an index holds it: its entry (null: a queue of this node RuleFilter does not manage), its text anchor
 * or else the bounds of its numeric one (or neither: no bounds), the routing name it had when taken in (Artemis
 * derives it from the routing type, which an update may change), and, for a copy of another node's queue, whether
 * that queue has a rule.
 */
record HeldBinding(Binding binding, IndexEntry entry, Anchor anchor, List<RangeIndex.Bound> bounds,
                   SimpleString routingName, boolean ofRule) {

   /** Bindings an index can hold: queues of this node and copies of other nodes' queues. */
   static boolean canHold(Binding binding) {
      return binding instanceof LocalQueueBinding || binding instanceof RemoteQueueBinding;
   }

   /** A queue of this node RuleFilter does not manage: its own filter decides, read at routing time. */
   static HeldBinding unmanaged(Binding binding) {
      return new HeldBinding(binding, null, null, List.of(), binding.getRoutingName(), false);
   }

   /**
    * A queue of this node whose {@code filter} RuleFilter manages, or ({@code filter} null) a copy of another node's
    * queue forwarding what {@code policy} accepts; anchored by a necessary condition of the policy where it has one.
    */
   static HeldBinding of(Binding binding, SubscriptionPolicy policy, SubscriptionFilter filter, boolean ofRule,
                         MessageModel model) {
      Anchor anchor = policy.necessary(rule -> Anchor.of(rule, model)).orElse(null);
      RangeAnchor range = anchor == null ? policy.necessary(rule -> RangeAnchor.of(rule, model)).orElse(null) : null;
      boolean anchorDecides = policy.isOwnRuleAlone() && (anchor != null ? Anchor.isWhole(policy.own().rule(), model)
            : range != null && RangeAnchor.isWhole(policy.own().rule(), model));
      IndexEntry entry = filter != null ? new IndexEntry(binding, policy, filter, anchorDecides)
            : IndexEntry.ofCopy(binding, policy, anchorDecides);
      return new HeldBinding(binding, entry, anchor, range == null ? List.of() : RangeIndex.Bound.allOf(entry, range),
            binding.getRoutingName(), ofRule);
   }

   boolean isAnchored() {
      return anchor != null || !bounds.isEmpty();
   }

   boolean isCopy() {
      return entry != null && entry.copy();
   }
}

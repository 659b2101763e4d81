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
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.filter.Filter;
import org.apache.activemq.artemis.core.postoffice.Binding;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;
import org.apache.activemq.artemis.core.server.cluster.RemoteQueueBinding;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one address's index holds, changed one binding at a time: a queue (this node's, or another node's seen
 * through its copy here) joining, leaving or changing its rules costs the buckets of its own anchor, not a rebuild of
 * the address, so making N subscriptions costs O(N), not O(N²). Each change yields a new immutable {@link RuleIndex}
 * that shares everything the change did not touch. Bindings that share a routing name form a
 * {@link RoutingNameGroup} instead of being placed alone.
 * <p>
 * Mutable; guarded by the post office's monitor like {@link AddressIndexes}.
 */
final class IndexContents {

   private final SimpleString address;
   private final MessageModel model;
   private final IndexBuckets buckets = new IndexBuckets();
   private final HeldBindings held;
   /** The binding that holds a routing name alone; names several hold are in {@link #groups}. */
   private final Map<SimpleString, Binding> alone = new HashMap<>();
   private final Map<SimpleString, RoutingNameGroup> groups = new LinkedHashMap<>();
   /** {@link #groups} as the index routes them; derived when a change to them is published. */
   private RoutingNameGroup[] groupsNow = new RoutingNameGroup[0];
   private boolean groupsChanged;
   private RuleIndex index = RuleIndex.EMPTY;
   /** The bindings taken in, let go of or placed afresh since the router last published these contents. */
   private final List<Binding> changedSincePublished = new ArrayList<>();

   /** Empty contents for {@code address}. */
   IndexContents(SimpleString address, MessageModel model) {
      this.address = address;
      this.model = model;
      this.held = new HeldBindings(address);
   }

   /**
    * The contents of {@code bindings} (queues of this node, multicast, and copies of other nodes' queues), built in
    * one pass: a rebuild costs O(N), not N steps.
    */
   static IndexContents of(SimpleString address, MessageModel model, List<? extends Binding> bindings) {
      IndexContents contents = new IndexContents(address, model);
      Map<SimpleString, List<Binding>> byName = new LinkedHashMap<>();
      for (Binding binding : bindings) {
         byName.computeIfAbsent(binding.getRoutingName(), name -> new ArrayList<>(1)).add(binding);
      }
      IndexBuckets.Builder alone = contents.buckets.builder();
      for (Map.Entry<SimpleString, List<Binding>> named : byName.entrySet()) {
         RoutingNameGroup group = null;
         for (Binding binding : named.getValue()) {
            HeldBinding admitted = contents.admit(binding);
            if (admitted == null) {
               throw new IllegalArgumentException("binding '" + binding.getUniqueName() + "' cannot be indexed");
            }
            if (named.getValue().size() == 1) {
               contents.alone.put(named.getKey(), binding);
               alone.add(admitted);
            } else {
               group = group == null ? RoutingNameGroup.of(binding, admitted.entry()) : group.with(binding, admitted.entry());
            }
         }
         if (group != null) {
            contents.groups.put(named.getKey(), group);
         }
      }
      alone.build();
      contents.groupsChanged = true;
      contents.publish();
      return contents;
   }

   /** The index of what these contents hold now. */
   RuleIndex index() {
      return index;
   }

   /** RuleFilter subscriptions held: queues of this node it manages, and copies of other nodes' queues with a rule. */
   int managed() {
      return held.managed();
   }

   /** Queues bound to the address itself (this node's or another's), not copies of wildcard subscriptions. */
   int ownQueues() {
      return held.ownQueues();
   }

   /**
    * Takes in {@code binding}; returns false (changing nothing) when the index cannot route it: it is already held,
    * or a queue of this node that is not multicast, or neither a queue nor a copy of one.
    */
   boolean add(Binding binding) {
      HeldBinding taken = admit(binding);
      if (taken == null) {
         return false;
      }
      join(binding, taken);
      changedSincePublished.add(binding);
      publish();
      return true;
   }

   /** Lets go of {@code binding}; false when it was not held. */
   boolean remove(Binding binding) {
      HeldBinding gone = held.remove(binding);
      if (gone == null) {
         return false;
      }
      part(binding, gone);
      changedSincePublished.add(binding);
      publish();
      return true;
   }

   /**
    * The binding's rules changed (RuleFilter began managing its queue, or a copy's filter was replaced): it is placed
    * afresh; false when it is not held.
    */
   boolean replace(Binding binding) {
      return remove(binding) && add(binding);
   }

   /** The subscription whose queue {@code binding} is, if these contents hold it as one; else null. */
   SubscriptionFilter filterOf(Binding binding) {
      HeldBinding taken = held.get(binding);
      return taken == null || taken.entry() == null ? null : taken.entry().filter();
   }

   /** The subscriptions held, by the binding of their queue (a new map). */
   Map<Binding, SubscriptionFilter> filters() {
      Map<Binding, SubscriptionFilter> filters = new IdentityHashMap<>();
      for (HeldBinding taken : held.all()) {
         if (taken.entry() != null && taken.entry().filter() != null) {
            filters.put(taken.binding(), taken.entry().filter());
         }
      }
      return filters;
   }

   /** The bindings changed since {@link #markPublished}, which {@link IndexCounting} reconciles one by one. */
   List<Binding> changedSincePublished() {
      return changedSincePublished;
   }

   /** The router routes by these contents as they are now. */
   void markPublished() {
      changedSincePublished.clear();
   }

   /** The bookkeeping of taking a binding in (not yet where it routes from); null, changing nothing, when it cannot be. */
   private HeldBinding admit(Binding binding) {
      if (held.contains(binding)) {
         return null;
      }
      HeldBinding taken;
      if (binding instanceof LocalQueueBinding local) {
         if (local.getQueue().getRoutingType() != RoutingType.MULTICAST) {
            return null;
         }
         if (local.getQueue().getFilter() instanceof SubscriptionFilter filter) {
            taken = HeldBinding.of(binding, filter.policy(), filter, true, model); // may throw: before any change
         } else {
            taken = HeldBinding.unmanaged(binding);
         }
      } else if (binding instanceof RemoteQueueBinding copy) {
         Filter filter = copy.getFilter();
         CopyForwarding forwarding = filter instanceof CopyForwarding ours ? ours : null;
         SubscriptionPolicy forwards = forwarding != null ? forwarding.forwarding()
               : new SubscriptionPolicy(null, filter, null, filter != null);
         taken = HeldBinding.of(binding, forwards, null, CopyForwarding.isOfRule(filter), model);
      } else {
         return null;
      }
      held.put(taken);
      return taken;
   }

   /** Places a binding taken in: alone under its routing name, or in the group of those that share it. */
   private void join(Binding binding, HeldBinding taken) {
      SimpleString name = taken.routingName();
      RoutingNameGroup group = groups.get(name);
      Binding single = alone.remove(name);
      if (group != null) {
         groups.put(name, group.with(binding, taken.entry()));
      } else if (single != null) {
         HeldBinding first = held.get(single);
         buckets.remove(first);
         groups.put(name, RoutingNameGroup.of(single, first.entry()).with(binding, taken.entry()));
      } else {
         alone.put(name, binding);
         buckets.add(taken);
         return;
      }
      groupsChanged = true;
   }

   /** Takes a binding let go of out of where it routed from; the last of a group is placed alone again. */
   private void part(Binding binding, HeldBinding gone) {
      SimpleString name = gone.routingName();
      RoutingNameGroup group = groups.get(name);
      if (group == null) {
         alone.remove(name);
         buckets.remove(gone);
         return;
      }
      RoutingNameGroup rest = group.without(binding);
      if (rest.size() == 1) {
         groups.remove(name);
         Binding last = rest.binding(0);
         alone.put(name, last);
         buckets.add(held.get(last));
      } else {
         groups.put(name, rest);
      }
      groupsChanged = true;
   }

   private void publish() {
      if (groupsChanged) {
         groupsNow = groups.values().toArray(RoutingNameGroup[]::new);
         groupsChanged = false;
      }
      index = buckets.index(groupsNow, held.size(), held.copies() > 0);
   }
}

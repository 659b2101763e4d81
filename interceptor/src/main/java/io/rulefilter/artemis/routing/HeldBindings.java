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

import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.postoffice.Binding;

import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The bindings one address's index holds, each as {@link HeldBinding}, with the counts the address's routing decision
 * reads. The counts change only where a binding is put or removed, so they always describe what is held.
 * <p>
 * Mutable; guarded by the post office's monitor like {@link AddressIndexes}.
 */
final class HeldBindings {

   private final SimpleString address;
   private final Map<Binding, HeldBinding> held = new IdentityHashMap<>();
   private int managed;
   private int ownQueues;
   private int copies;

   HeldBindings(SimpleString address) {
      this.address = address;
   }

   HeldBinding get(Binding binding) {
      return held.get(binding);
   }

   boolean contains(Binding binding) {
      return held.containsKey(binding);
   }

   Collection<HeldBinding> all() {
      return held.values();
   }

   int size() {
      return held.size();
   }

   void put(HeldBinding taken) {
      HeldBinding before = held.put(taken.binding(), taken);
      if (before != null) {
         count(before, -1);
      }
      count(taken, 1);
   }

   /** Removes what holds {@code binding}; null when nothing did. */
   HeldBinding remove(Binding binding) {
      HeldBinding gone = held.remove(binding);
      if (gone != null) {
         count(gone, -1);
      }
      return gone;
   }

   /** RuleFilter subscriptions held: queues of this node it manages, and copies of other nodes' queues with a rule. */
   int managed() {
      return managed;
   }

   /** Queues bound to the address itself (this node's or another's), not copies of wildcard subscriptions. */
   int ownQueues() {
      return ownQueues;
   }

   /** Copies of other nodes' queues. */
   int copies() {
      return copies;
   }

   private void count(HeldBinding binding, int sign) {
      managed += binding.ofRule() ? sign : 0;
      copies += binding.isCopy() ? sign : 0;
      ownQueues += binding.binding().getAddress().equals(address) ? sign : 0;
   }
}

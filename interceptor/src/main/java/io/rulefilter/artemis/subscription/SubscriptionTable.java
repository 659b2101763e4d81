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
package io.rulefilter.artemis.subscription;

import io.rulefilter.artemis.log.ManagementRefusals;
import org.apache.activemq.artemis.api.core.SimpleString;

import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The subscriptions RuleFilter knows, by queue and by address (so that a change to one address costs its own
 * subscriptions, not the broker's), and each one's filter string for lock-free reads. Guarded by the registry's lock,
 * except {@link #filterOf} and {@link #inUse}.
 */
final class SubscriptionTable {

   private final Map<String, Subscription> byQueue = new HashMap<>();
   private final Map<String, Map<String, Subscription>> byAddress = new HashMap<>();
   /** Each subscription queue's own filter string (empty for none), readable without any lock. */
   private final Map<SimpleString, SimpleString> filters = new ConcurrentHashMap<>();
   /** How many subscription queues have each (non-empty) filter string, readable without any lock. */
   private final Map<SimpleString, Integer> users = new ConcurrentHashMap<>();

   Subscription get(String queue) {
      return byQueue.get(queue);
   }

   void put(Subscription s) {
      SimpleString filter = retainFilterOf(s); // first: a filter re-registered by the same queue never looks unused
      Subscription before = byQueue.get(s.queue);
      if (before != null) {
         unlink(before); // its lock-free filter string stays until the new one replaces it: never a moment without
      }
      byQueue.put(s.queue, s);
      byAddress.computeIfAbsent(s.address, a -> new LinkedHashMap<>()).put(s.queue, s);
      publishFilter(s, filter);
   }

   void remove(Subscription s) {
      if (unlink(s)) {
         release(filters.remove(s.binding.getQueue().getName()));
      }
   }

   /** Takes {@code s} out of the maps by queue and by address; false when it was not there. */
   private boolean unlink(Subscription s) {
      if (!byQueue.remove(s.queue, s)) {
         return false;
      }
      Map<String, Subscription> ofAddress = byAddress.get(s.address);
      if (ofAddress != null && ofAddress.remove(s.queue, s) && ofAddress.isEmpty()) {
         byAddress.remove(s.address);
      }
      return true;
   }

   /** The subscriptions of one address. */
   List<Subscription> of(String address) {
      Map<String, Subscription> ofAddress = byAddress.get(address);
      return ofAddress == null ? List.of() : List.copyOf(ofAddress.values());
   }

   Collection<Subscription> all() {
      return byQueue.values();
   }

   /** The subscription's original filter changed: the lock-free copy follows. */
   void filterChanged(Subscription s) {
      publishFilter(s, retainFilterOf(s)); // retained before the old one is let go: an unchanged one never looks unused
   }

   /** Counts one more user of the subscription's original filter string, which it returns. */
   private SimpleString retainFilterOf(Subscription s) {
      SimpleString filter = s.original() == null ? SimpleString.of("") : s.original().getFilterString();
      if (!filter.isEmpty()) {
         users.merge(filter, 1, Integer::sum);
      }
      return filter;
   }

   /** Makes {@code retained} the queue's lock-free filter string and lets go of the one it replaces. */
   private void publishFilter(Subscription s, SimpleString retained) {
      release(filters.put(s.binding.getQueue().getName(), retained));
   }

   private void release(SimpleString filter) {
      if (filter != null && !filter.isEmpty()) {
         users.computeIfPresent(filter, (f, n) -> n == 1 ? null : n - 1);
      }
   }

   /** True when a subscription queue has exactly the filter string {@code filter}; needs no lock. */
   boolean inUse(SimpleString filter) {
      return users.containsKey(filter);
   }

   /** The filter string a subscription queue was created with (empty for none), or null; needs no lock. */
   SimpleString filterOf(SimpleString queue) {
      return filters.get(queue);
   }

   /** The subscription of {@code queue}, which must be bound to {@code address} when one is given. */
   Subscription require(String address, String queue) {
      if (queue == null || queue.isBlank()) {
         throw ManagementRefusals.queueRequired();
      }
      Subscription s = byQueue.get(queue);
      if (s == null) {
         throw address == null ? ManagementRefusals.noSuchQueue(queue) : ManagementRefusals.noSuchQueueOnAddress(queue, address);
      }
      if (address != null && !address.isBlank() && !s.address.equals(address)) {
         throw ManagementRefusals.queueOnOtherAddress(queue, s.address, address);
      }
      return s;
   }
}

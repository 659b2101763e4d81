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

import io.rulefilter.artemis.log.SubscriptionLogger;
import io.rulefilter.artemis.routing.SubscriptionFilter;
import io.rulefilter.artemis.store.StoredSubscription;
import io.rulefilter.rule.Rule;
import io.rulefilter.selector.RuleSelector;
import org.apache.activemq.artemis.core.filter.Filter;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;

import java.util.Optional;
import java.util.Objects;

/**
 * The mutable record of one subscription queue; guarded by the registry's lock and published to routing only through
 * the immutable policy its {@link SubscriptionFilter} holds. Only this class writes its state; other classes change it
 * through its methods.
 */
final class Subscription {

   final String queue;
   final long queueId;
   final String address;
   final LocalQueueBinding binding;
   /** The queue's own filter (from its creation, or the latest updateQueue), or null. */
   private Filter original;
   /** The rule in the original filter's selector form, or null. */
   private Rule creationRule;
   private Rule override;
   private boolean enabled = true;
   private long changedAt;
   private String changedBy;
   /** The filter RuleFilter put on the queue, or null while the queue has its own. */
   private SubscriptionFilter filter;

   Subscription(LocalQueueBinding binding) {
      this.binding = binding;
      this.queue = binding.getQueue().getName().toString();
      this.queueId = binding.getQueue().getID();
      this.address = binding.getAddress().toString();
   }

   Filter original() {
      return original;
   }

   Rule creationRule() {
      return creationRule;
   }

   /** The rule set through management, or null. */
   Rule override() {
      return override;
   }

   boolean enabled() {
      return enabled;
   }

   long changedAt() {
      return changedAt;
   }

   String changedBy() {
      return changedBy;
   }

   SubscriptionFilter filter() {
      return filter;
   }

   /** The queue's own filter is {@code original} now, carrying {@code creationRule} (or null: no rule). */
   void original(Filter original, Rule creationRule) {
      this.original = original;
      this.creationRule = creationRule;
   }

   /** The management state of a change put in force, made at {@code at} by {@code by}. */
   void putInForce(Rule nextOverride, boolean nextEnabled, long at, String by) {
      override = nextOverride;
      enabled = nextEnabled;
      changedAt = at;
      changedBy = by;
   }

   /** RuleFilter put {@code installed} on the queue. */
   void filterInstalled(SubscriptionFilter installed) {
      filter = installed;
   }

   /** The queue no longer has RuleFilter's filter (Artemis replaced it); the subscription's state stays. */
   void filterLost() {
      filter = null;
   }

   Rule ownRule() {
      return override != null ? override : creationRule;
   }

   String originalFilterString() {
      return original == null ? null : original.getFilterString().toString();
   }

   RuleSource source() {
      return override != null ? RuleSource.MANAGEMENT : creationRule != null ? RuleSource.SELECTOR
            : original != null ? RuleSource.SQL : RuleSource.NONE;
   }

   boolean needsFilter(boolean hasAddressRule) {
      return creationRule != null || override != null || !enabled || hasAddressRule;
   }

   /** Artemis replaced the queue's filter (updateQueue, a broker.xml change): management rule and switch give way. */
   void filterReplaced() {
      if (override != null || !enabled) {
         // kept in the store: Artemis 2.56 does not persist this filter, and after a restart the old filter
         // and the state stored over it come back together
         SubscriptionLogger.filterReplaced(queue);
      }
      override = null;
      enabled = true;
      filter = null;
   }

   /** Takes the management state of a stored record that belongs to this very queue and its current filter. */
   boolean restore(StoredSubscription saved, Rule savedRule) {
      if (saved.queueId() != 0 && saved.queueId() != queueId) {
         return false;
      }
      if (!sameFilter(saved.filter(), originalFilterString())) {
         return false; // the queue's filter was replaced since: that newer change wins
      }
      override = savedRule;
      enabled = saved.enabled();
      changedAt = saved.changedAt();
      changedBy = saved.changedBy();
      return true;
   }

   /**
    * Whether two filter strings mean the same: equal, or carrying the same rule (a new version may translate a rule
    * into other SQL, and a broker.xml rule is translated afresh at every start).
    */
   private static boolean sameFilter(String stored, String current) {
      if (Objects.equals(stored, current)) {
         return true;
      }
      Optional<String> storedRule = stored == null ? Optional.empty() : RuleSelector.ruleText(stored);
      return storedRule.isPresent() && current != null && storedRule.equals(RuleSelector.ruleText(current));
   }

   /** This subscription's record with the given management state. */
   StoredSubscription toStored(Rule nextOverride, boolean nextEnabled, long at, String by) {
      return new StoredSubscription(queue, queueId, address, originalFilterString(),
            nextOverride == null ? null : nextOverride.canonical(), nextEnabled, at, by);
   }
}

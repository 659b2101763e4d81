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

import io.rulefilter.RuleLanguage;
import io.rulefilter.artemis.routing.AddressIndexes;
import io.rulefilter.artemis.routing.ArtemisMessageView;
import io.rulefilter.artemis.routing.RejectedBy;
import io.rulefilter.artemis.routing.SubscriptionFilter;
import io.rulefilter.artemis.routing.SubscriptionPolicy;
import io.rulefilter.rule.Rule;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;

/**
 * Puts a subscription's rules in force on its queue, its own and its address's: installs RuleFilter's filter the
 * first time the queue needs one, afterwards swaps the filter's immutable policy, so a message is always decided by
 * one whole policy. Called under the registry's lock.
 */
final class PolicyInstaller {

   private final RuleLanguage language;
   private final ThreadLocal<ArtemisMessageView> views;
   private final AddressIndexes indexes;
   private final SubscriptionMeters meters;
   private final AddressRules addressRules;

   PolicyInstaller(RuleLanguage language, ThreadLocal<ArtemisMessageView> views, AddressIndexes indexes,
                   SubscriptionMeters meters, AddressRules addressRules) {
      this.language = language;
      this.views = views;
      this.indexes = indexes;
      this.meters = meters;
      this.addressRules = addressRules;
   }

   /** The subscription's own rules and its address's rule (if any) in force; re-indexes its address if asked. */
   void apply(Subscription s, boolean reindex) {
      if (install(s, addressRules.get(s.address))) {
         indexes.bindingUpdated(s.binding); // sessions cache routes through queues without a filter
      }
      if (reindex) {
         indexes.policyChanged(s.binding);
      }
   }

   /**
    * As {@link #apply} for a queue about to be bound: no session has routed through it yet (binding it gives its
    * address's bindings a new version), and its index entry comes with its binding.
    */
   void attach(Subscription s) {
      install(s, addressRules.get(s.address));
   }

   /** Puts the rules in force; true when the queue got its filter just now. */
   private boolean install(Subscription s, AddressRule address) {
      if (s.filter() == null && s.needsFilter(address != null)) {
         s.filterInstalled(new SubscriptionFilter(s.original(), policy(s, address), views));
         s.binding.getQueue().setFilter(s.filter());
         PagedBrowsing.showWhatWasRouted(s.binding.getQueue());
         meters.register(s.address, s.queue, s.filter());
         return true;
      }
      if (s.filter() != null) {
         s.filter().policy(policy(s, address));
      }
      return false;
   }

   /** The subscription's queue is gone. */
   void forget(Subscription s) {
      meters.remove(s.queue);
   }

   /** Removes the queued messages {@code policy} rejects; returns how many. Needs no lock. */
   long purgeRejected(SubscriptionPolicy policy, LocalQueueBinding binding) throws Exception {
      return binding.getQueue().deleteMatchingReferences(new RejectedBy(policy, views.get().another()));
   }

   private SubscriptionPolicy policy(Subscription s, AddressRule address) {
      Rule own = s.ownRule();
      return new SubscriptionPolicy(own == null ? null : language.compile(own), own == null ? s.original() : null,
            address == null ? null : address.compiled(), s.enabled());
   }
}

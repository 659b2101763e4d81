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

import io.rulefilter.artemis.routing.AddressIndexes;
import io.rulefilter.artemis.routing.SubscriptionFilter;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * How management reports subscriptions: each one's rules as they combine, its switch and counters, its last change,
 * and how its address is routed now. Called under the registry's lock.
 */
final class SubscriptionReports {

   private final AddressRules addressRules;
   private final AddressIndexes indexes;

   SubscriptionReports(AddressRules addressRules, AddressIndexes indexes) {
      this.addressRules = addressRules;
      this.indexes = indexes;
   }

   /** The subscriptions that a rule or switch of RuleFilter's filters, by address then queue. */
   List<SubscriptionInfo> filtered(Collection<Subscription> subscriptions) {
      return subscriptions.stream().filter(s -> s.filter() != null)
            .sorted(Comparator.comparing((Subscription s) -> s.address).thenComparing(s -> s.queue))
            .map(this::of).toList();
   }

   SubscriptionInfo of(Subscription s) {
      AddressRule address = addressRules.get(s.address);
      AddressIndexes.Routing routing = indexes.routing(s.binding.getAddress().toString());
      SubscriptionFilter filter = s.filter();
      return new SubscriptionInfo(s.address, s.queue, s.ownRule() == null ? null : s.ownRule().canonical(), s.source(),
            s.creationRule() == null ? null : s.creationRule().canonical(), s.enabled(),
            address == null ? null : address.stored().rule(), routing.indexed(), routing.detail(),
            filter == null ? 0 : filter.matched(), filter == null ? 0 : filter.rejected(), s.changedAt(), s.changedBy(), 0);
   }
}

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
import io.rulefilter.artemis.server.PostOfficeLock;

import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * What management reads of the subscriptions and their addresses, each answer taken under the post office's monitor
 * (see {@link SubscriptionRegistry}) so that it is one consistent moment.
 */
public final class SubscriptionQueries {

   private final PostOfficeLock postOffice;
   private final BooleanSupplier active;
   private final SubscriptionTable subscriptions;
   private final SubscriptionReports reports;
   private final AddressIndexes indexes;

   SubscriptionQueries(PostOfficeLock postOffice, BooleanSupplier active, SubscriptionTable subscriptions,
                       SubscriptionReports reports, AddressIndexes indexes) {
      this.postOffice = postOffice;
      this.active = active;
      this.subscriptions = subscriptions;
      this.reports = reports;
      this.indexes = indexes;
   }

   private Object lock() {
      return postOffice.monitor();
   }

   public SubscriptionInfo info(String address, String queue) {
      synchronized (lock()) {
         SubscriptionRegistry.requireActive(active);
         return reports.of(subscriptions.require(address, queue));
      }
   }

   /** Every subscription that has a rule, a switch turned off, or an address rule. */
   public List<SubscriptionInfo> list() {
      synchronized (lock()) {
         SubscriptionRegistry.requireActive(active);
         return reports.filtered(subscriptions.all());
      }
   }

   /** How the address is routed now: through its index, or queue by queue and why. */
   public AddressIndexes.Routing routing(String address) {
      synchronized (lock()) {
         return indexes.routing(address);
      }
   }

   /** How each address with a RuleFilter subscription is routed now, by address. */
   public Map<String, AddressIndexes.Routing> routings() {
      synchronized (lock()) {
         return indexes.routings();
      }
   }
}

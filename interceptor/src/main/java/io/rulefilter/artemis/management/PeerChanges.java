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
package io.rulefilter.artemis.management;

import io.rulefilter.artemis.store.StoredAddressRule;
import io.rulefilter.artemis.subscription.SubscriptionInfo;

/**
 * Where a management change goes after it is in force on this broker: to the other nodes of its cluster, which hold
 * queues of the same shared subscription or subscriptions of the same address. Called with no lock held.
 */
public interface PeerChanges {

   /** A broker without a cluster: nothing to tell. */
   PeerChanges NONE = new PeerChanges() {
      @Override
      public void subscriptionChanged(SubscriptionInfo subscription) {
      }

      @Override
      public void addressRuleChanged(StoredAddressRule rule) {
      }
   };

   void subscriptionChanged(SubscriptionInfo subscription);

   void addressRuleChanged(StoredAddressRule rule);
}

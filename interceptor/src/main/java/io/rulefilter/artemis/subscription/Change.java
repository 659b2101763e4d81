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

import io.rulefilter.artemis.store.StoredSubscription;
import io.rulefilter.rule.Rule;

/**
 * A prepared change to one subscription: what it changes to, and the record that says so. Made by
 * {@link SubscriptionRegistry#prepare}, stored, then put in force by {@link SubscriptionRegistry#commit}.
 */
public final class Change {

   final Subscription subscription;
   final Rule override;
   final boolean enabled;
   private final StoredSubscription record;
   private final boolean managedBefore;

   Change(Subscription subscription, Rule override, boolean enabled, StoredSubscription record) {
      this.subscription = subscription;
      this.override = override;
      this.enabled = enabled;
      this.record = record;
      this.managedBefore = subscription.override != null || !subscription.enabled;
   }

   public StoredSubscription record() {
      return record;
   }

   /**
    * Whether the subscription gets a management rule or its switch turned off, having had neither: the one change
    * that may widen what it accepts beyond the rule it was created with.
    */
   public boolean becomesManaged() {
      return !managedBefore && isManagedAfter();
   }

   /** Whether the subscription goes back to the rule it was created with, switch on. */
   public boolean stopsBeingManaged() {
      return managedBefore && !isManagedAfter();
   }

   private boolean isManagedAfter() {
      return override != null || !enabled;
   }
}

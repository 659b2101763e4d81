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

   Change(Subscription subscription, Rule override, boolean enabled, StoredSubscription record) {
      this.subscription = subscription;
      this.override = override;
      this.enabled = enabled;
      this.record = record;
   }

   public StoredSubscription record() {
      return record;
   }
}

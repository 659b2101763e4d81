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
import io.rulefilter.artemis.store.StoredSubscription;
import io.rulefilter.rule.Rule;

import java.util.Objects;

/**
 * A prepared change to one subscription: what it changes to, and the record that says so. Made by
 * {@link SubscriptionRegistry#prepare}, stored, then put in force by {@link SubscriptionRegistry#commit}.
 */
public final class Change {

   final Subscription subscription;
   final Rule override;
   final boolean enabled;
   private final StoredSubscription record;
   private final StoredSubscription previous;
   private final PeerForwarding forwardingBefore;

   Change(Subscription subscription, Rule override, boolean enabled, StoredSubscription record) {
      this.subscription = subscription;
      this.override = override;
      this.enabled = enabled;
      this.record = record;
      this.previous = subscription.toStored(subscription.override(), subscription.enabled(), subscription.changedAt(),
            subscription.changedBy());
      this.forwardingBefore = PeerForwarding.of(subscription.override(), subscription.enabled());
   }

   /** {@code edit} to {@code s}, made at {@code at} by {@code caller}. */
   static Change of(Subscription s, Edit edit, String caller, long at) {
      Rule nextOverride = edit.setsRule() ? edit.rule() : s.override();
      boolean nextEnabled = edit.enabled() == null ? s.enabled() : edit.enabled();
      return new Change(s, nextOverride, nextEnabled, s.toStored(nextOverride, nextEnabled, at, caller));
   }

   /**
    * Sets the subscription's state to this change's, once stored; fails, changing nothing, when its queue went away or
    * its filter was replaced meanwhile. Its policy is the caller's to apply.
    */
   Subscription putInForce(SubscriptionTable subscriptions) {
      Subscription s = subscription;
      if (subscriptions.get(s.queue) != s) {
         throw new QueueGoneException(s.queue);
      }
      if (!Objects.equals(record.filter(), s.originalFilterString())) {
         throw ManagementRefusals.filterReplacedMeanwhile(s.queue);
      }
      s.putInForce(override, enabled, record.changedAt(), record.changedBy());
      return s;
   }

   public StoredSubscription record() {
      return record;
   }

   /** The record of the state this change replaces: what the store must hold again if the change is refused. */
   public StoredSubscription previous() {
      return previous;
   }

   /** What other nodes forwarded to the subscription's queue before this change. */
   public PeerForwarding forwardingBefore() {
      return forwardingBefore;
   }

   /** What other nodes forward to the subscription's queue once this change is in force. */
   public PeerForwarding forwardingAfter() {
      return PeerForwarding.of(override, enabled);
   }

   /** Whether this change alters what other nodes forward to the subscription's queue. */
   public boolean changesForwarding() {
      return !forwardingBefore.equals(forwardingAfter());
   }
}

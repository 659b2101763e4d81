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
import io.rulefilter.artemis.subscription.PeerForwarding;
import io.rulefilter.artemis.subscription.SubscriptionInfo;

/**
 * Where a management change goes: to the other nodes of its cluster, which hold queues of the same shared
 * subscription or subscriptions of the same address, and copies of this node's queues.
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

      @Override
      public void forwardingWidens(String queue, PeerForwarding from, PeerForwarding to) {
      }

      @Override
      public void forwardingChanged(String queue, PeerForwarding now) {
      }

      @Override
      public long epoch() {
         return 0;
      }
   };

   /** A subscription's state changed here (in force already; no lock held). */
   void subscriptionChanged(SubscriptionInfo subscription);

   /** An address rule changed here (in force already; no lock held). */
   void addressRuleChanged(StoredAddressRule rule);

   /**
    * What {@code queue} accepts is about to change from what {@code from} forwards to what {@code to} forwards, which
    * may accept more: returns once other nodes forward it what either accepts, and what they forwarded to it before
    * has arrived. Called with RuleFilter's change lock held, before the change is in force.
    *
    * @throws IllegalStateException when a node that runs RuleFilter did not confirm: the change must not go ahead
    */
   void forwardingWidens(String queue, PeerForwarding from, PeerForwarding to);

   /** {@code queue} accepts by {@code now} (in force): other nodes forward it that alone. Lock held. */
   void forwardingChanged(String queue, PeerForwarding now);

   /** Counts the changes above; read with the change lock held, it dates a list of managed queues. */
   long epoch();
}

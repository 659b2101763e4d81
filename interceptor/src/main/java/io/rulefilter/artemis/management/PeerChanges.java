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
      public void becomingManaged(String queue) {
      }

      @Override
      public void stoppedBeingManaged(String queue) {
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
    * {@code queue} is about to get a management rule or switch, which may widen what it accepts: returns once other
    * nodes forward it everything. Called with RuleFilter's change lock held, before the change is in force.
    */
   void becomingManaged(String queue);

   /** {@code queue} went back to its creation rule: other nodes may forward it by that rule again. Lock held. */
   void stoppedBeingManaged(String queue);

   /** Counts the changes above; read with the change lock held, it dates a list of managed queues. */
   long epoch();
}

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

import io.rulefilter.rule.Rule;

/**
 * What the other nodes of a cluster forward to one of this node's queues: what the rule it was created with accepts,
 * what its management rule accepts, or everything (its switch is off). The address rule is not part of it: it only
 * narrows, and the queue's node judges it on arrival.
 *
 * @param managed false: by the creation rule, which every node reads from the queue's filter
 * @param rule    when managed, the management rule's canonical text; null: everything
 */
public record PeerForwarding(boolean managed, String rule) {

   public static final PeerForwarding CREATION_RULE = new PeerForwarding(false, null);
   public static final PeerForwarding EVERYTHING = new PeerForwarding(true, null);

   public PeerForwarding {
      if (!managed && rule != null) {
         throw new IllegalArgumentException("a queue forwarded by its creation rule has no management rule");
      }
   }

   /** What a subscription in this state is forwarded: {@code override} null means none. */
   static PeerForwarding of(Rule override, boolean enabled) {
      if (!enabled) {
         return EVERYTHING;
      }
      return override == null ? CREATION_RULE : new PeerForwarding(true, override.canonical());
   }

   /** What a subscription as reported is forwarded. */
   public static PeerForwarding of(SubscriptionInfo subscription) {
      if (!subscription.enabled()) {
         return EVERYTHING;
      }
      return subscription.source() == RuleSource.MANAGEMENT ? new PeerForwarding(true, subscription.rule()) : CREATION_RULE;
   }

   public boolean isEverything() {
      return managed && rule == null;
   }
}

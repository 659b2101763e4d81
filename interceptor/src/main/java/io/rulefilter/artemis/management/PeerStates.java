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

import io.rulefilter.RuleLanguage;
import io.rulefilter.artemis.log.ManagementLogger;
import io.rulefilter.artemis.store.StoredAddressRule;
import io.rulefilter.artemis.subscription.Edit;
import io.rulefilter.artemis.subscription.SubscriptionInfo;
import io.rulefilter.artemis.subscription.SubscriptionRegistry;
import io.rulefilter.rule.Rule;

import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * Other nodes' states of shared subscriptions and of address rules, taken here when newer than this node's own
 * ({@link ChangeOrder#newer}) and passed on to no one; under the change lock, like every change of
 * {@link RuleManagement}.
 */
final class PeerStates {

   private final SubscriptionRegistry registry;
   private final RuleLanguage language;
   private final ChangeWriter writer;
   private final ReentrantLock changes;
   /** The node that calls: its name, or null when it does not say. */
   private final Supplier<String> sender;

   PeerStates(SubscriptionRegistry registry, RuleLanguage language, ChangeWriter writer, Supplier<String> sender) {
      this.registry = registry;
      this.language = language;
      this.writer = writer;
      this.changes = writer.lock();
      this.sender = sender;
   }

   /**
    * Another node's state of a shared subscription whose queue this node holds too: put in force here when it is newer
    * than this node's.
    *
    * @param rule the management rule there, or null for none
    * @return true when applied, false when this node's state is as new or newer
    */
   boolean syncSubscription(String address, String queue, String rule, boolean enabled, long changedAt,
                                   String changedBy) {
      ChangeOrder.requirePlausible(changedAt);
      Rule parsed = rule == null ? null : RuleManagement.parse(language, rule);
      changes.lock();
      try {
         SubscriptionInfo local = registry.queries().info(address, queue);
         String localRule = local.managementRule();
         if (!ChangeOrder.newer(changedAt, changedBy, ChangeOrder.subscriptionState(parsed == null ? null
               : parsed.canonical(), enabled), local.changedAt(), local.changedBy(),
               ChangeOrder.subscriptionState(localRule, local.enabled()))) {
            return false;
         }
         Edit edit = new Edit(true, parsed, enabled);
         writer.putInForce(registry.prepare(address, queue, edit, changedBy, changedAt), local,
               ChangeListener.Origin.OTHER_NODE, sender.get());
      } finally {
         changes.unlock();
      }
      ManagementLogger.sharedStateTaken(queue, address, rule, enabled, changedBy);
      return true;
   }

   /**
    * Another node's address rule (null: removed there), put in force here when newer. A removal
    * of a rule this node has no record of changes nothing and returns false.
    */
   boolean syncAddressRule(String address, String rule, long changedAt, String changedBy) {
      ChangeOrder.requirePlausible(changedAt);
      Rule parsed = rule == null ? null : RuleManagement.parse(language, rule);
      changes.lock();
      try {
         StoredAddressRule local = registry.store().addressRules().get(address);
         if (local == null && parsed == null) {
            return false; // nothing here to remove: every node re-sends its removals whenever a peer connects
         }
         String state = parsed == null ? null : parsed.canonical();
         if (local != null && !ChangeOrder.newer(changedAt, changedBy, state, local.changedAt(), local.changedBy(),
               local.rule())) {
            return false;
         }
         writer.changeAddressRule(address, parsed, changedAt, changedBy, ChangeListener.Origin.OTHER_NODE, sender.get());
      } finally {
         changes.unlock();
      }
      ManagementLogger.addressRuleTaken(address, rule, changedBy);
      return true;
   }
}

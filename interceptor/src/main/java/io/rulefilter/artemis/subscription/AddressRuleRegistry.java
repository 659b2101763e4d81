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
import io.rulefilter.artemis.store.StoredAddressRule;
import io.rulefilter.eval.CompiledRule;
import io.rulefilter.rule.Rule;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.server.impl.AddressInfo;

import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * The addresses' side of the {@link SubscriptionRegistry}: each address's rule (ANDed with every subscription's rule
 * there), prepared, stored and committed like a subscription's change, and following its address through Artemis's
 * life cycle (a new id when its routing types change, removal). Guarded by the post office's monitor, as the registry.
 */
public final class AddressRuleRegistry {

   private final PostOfficeLock postOffice;
   private final BooleanSupplier active;
   private final AddressRules addressRules;
   private final StoredState stored;
   private final AddressIndexes indexes;
   /** The address's subscriptions follow the rule now in force for it. */
   private final Consumer<String> subscriptionsFollow;
   private volatile Consumer<SimpleString> addressRuleListener = address -> { };

   AddressRuleRegistry(PostOfficeLock postOffice, BooleanSupplier active, AddressRules addressRules, StoredState stored,
                       AddressIndexes indexes, Consumer<String> subscriptionsFollow) {
      this.postOffice = postOffice;
      this.active = active;
      this.addressRules = addressRules;
      this.stored = stored;
      this.indexes = indexes;
      this.subscriptionsFollow = subscriptionsFollow;
   }

   private Object lock() {
      return postOffice.monitor();
   }

   /** The address is about to go: its index steps aside first, so that Artemis finds only the address's own bindings. */
   public void addressRemoving(SimpleString address) {
      synchronized (lock()) {
         indexes.forget(address.toString());
      }
   }

   /** The address is gone: its rule (or removal) goes with it, from memory and from the store. */
   public void addressRemoved(SimpleString address) {
      synchronized (lock()) {
         addressRules.remove(address.toString());
         stored.addressGone(address.toString(), addressRules.byAddress());
         indexes.forget(address.toString());
      }
   }

   /** Artemis is about to change the address's routing types, which gives it a new id (see {@link #addressUpdated}). */
   public void addressUpdating(SimpleString address) {
      synchronized (lock()) {
         stored.open(addressRules.byAddress()); // at start, the stored rules load while the address has their id
         addressRules.updating(address.toString());
      }
   }

   /** The address has a new id: its rule's record, or its removal's, follows it, so that it survives a restart. */
   public void addressUpdated(AddressInfo info) {
      synchronized (lock()) {
         StoredAddressRule moved = addressRules.followNewId(info,
               () -> stored.open(addressRules.byAddress()).addressRules().get(info.getName().toString()));
         if (moved != null) {
            stored.rewrite(moved);
         }
      }
   }

   /** The record of an address rule change; {@code rule} null removes the rule. Validates the address. */
   public StoredAddressRule prepareAddressRule(String address, Rule rule, String caller, long at) {
      synchronized (lock()) {
         SubscriptionRegistry.requireActive(active);
         return addressRules.prepare(address, rule, caller, at);
      }
   }

   /**
    * Puts a stored address rule in force (stored again under the address's new id if its routing types changed
    * meanwhile); fails when the address went or was replaced since, leaving the record of what is in force.
    */
   public void commitAddressRule(StoredAddressRule record, Rule rule) {
      synchronized (lock()) {
         try {
            StoredAddressRule inForce = addressRules.commit(record, rule);
            if (inForce != record) {
               stored.rewrite(inForce);
            }
         } catch (IllegalStateException gone) {
            AddressRule live = addressRules.get(record.address());
            if (live == null) {
               stored.addressGone(record.address(), addressRules.byAddress());
            } else {
               stored.rewrite(live.stored());
            }
            throw gone;
         }
         addressRuleChanged(record.address());
      }
   }

   public List<StoredAddressRule> addressRules() {
      synchronized (lock()) {
         SubscriptionRegistry.requireActive(active);
         return addressRules.stored();
      }
   }

   public Optional<StoredAddressRule> addressRule(String address) {
      synchronized (lock()) {
         SubscriptionRegistry.requireActive(active);
         return addressRules.stored(address);
      }
   }

   /** The address's subscriptions and its index follow the rule now in force for it (or its having none). */
   void addressRuleChanged(String address) {
      subscriptionsFollow.accept(address);
      addressRuleListener.accept(SimpleString.of(address)); // copies of other nodes' queues first: one rebuild
      indexes.bindingsChanged(SimpleString.of(address));
   }

   /** This broker's rule of {@code address} in force, if any. Lock-free: copies of other nodes' queues read it. */
   public Optional<CompiledRule> addressRuleInForce(String address) {
      AddressRule rule = addressRules.get(address);
      return rule == null ? Optional.empty() : Optional.of(rule.compiled());
   }

   /** From now on {@code listener} is told of each address whose rule changed, with the post office's monitor held. */
   public void onAddressRuleChanged(Consumer<SimpleString> listener) {
      addressRuleListener = listener;
   }
}

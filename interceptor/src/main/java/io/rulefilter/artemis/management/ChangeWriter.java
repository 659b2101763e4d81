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
import io.rulefilter.artemis.subscription.Change;
import io.rulefilter.artemis.subscription.PeerForwarding;
import io.rulefilter.artemis.subscription.QueueGoneException;
import io.rulefilter.artemis.subscription.SubscriptionInfo;
import io.rulefilter.artemis.subscription.SubscriptionRegistry;
import io.rulefilter.rule.Rule;

import java.util.concurrent.locks.ReentrantLock;

/**
 * How a change, made here or on another node, is written: stored synchronously and confirmed by the journal, other
 * nodes told what to forward before and after, then put in force; undone everywhere when any step refuses it. Every
 * change holds {@link #lock()}, the one lock that serialises them.
 */
final class ChangeWriter {

   private final SubscriptionRegistry registry;
   private final JournalWrites journal;
   private final ReentrantLock changes = new ReentrantLock();
   private volatile PeerChanges peers = PeerChanges.NONE;
   private final ChangeListeners listeners = new ChangeListeners();

   ChangeWriter(SubscriptionRegistry registry, JournalWrites journal) {
      this.registry = registry;
      this.journal = journal;
   }

   ReentrantLock lock() {
      return changes;
   }

   void passChangesTo(PeerChanges next) {
      this.peers = next;
   }

   PeerChanges peers() {
      return peers;
   }

   /** Who hears of each change once it is in force, here or taken from another node. */
   ChangeListeners listeners() {
      return listeners;
   }

   /**
    * Before a change that alters what other nodes forward to its queue is stored, they forward what the old state or
    * the new one accepts (so that no message meets the old filter after it); a change that is refused, by a node or by
    * the journal, gives them the state in force back.
    */
   private void storeTellingPeers(Change change) {
      String queue = change.record().queue();
      try {
         if (change.changesForwarding() && !change.forwardingBefore().isEverything()) {
            peers.forwardingWidens(queue, change.forwardingBefore(), change.forwardingAfter());
         }
         journal.store(() -> registry.store().put(change.record()), () -> registry.store().put(change.previous()));
      } catch (RuntimeException refused) {
         if (change.changesForwarding()) {
            peers.forwardingChanged(queue, forwardingInForce(change));
         }
         throw refused;
      }
   }

   /**
    * Stores and commits; then other nodes forward the queue by its new state alone, or by the state in force when the
    * change could not be put in force. Once in force, the {@link #listeners()} hear of it; when its queue went
    * meanwhile, so does its record.
    *
    * @param before the subscription as it was when the change was prepared (under the change lock)
    * @param origin where the change was made
    * @param from   the node it was taken from, when it says (see {@link ChangeListener#subscriptionChanged})
    */
   SubscriptionInfo putInForce(Change change, SubscriptionInfo before, ChangeListener.Origin origin, String from) {
      try {
         return storeAndCommit(change, before, origin, from);
      } catch (QueueGoneException gone) {
         registry.store().forgetSubscription(change.record().queue()); // its record must not wait for a queue to come
         throw gone;
      }
   }

   private SubscriptionInfo storeAndCommit(Change change, SubscriptionInfo before, ChangeListener.Origin origin, String from) {
      storeTellingPeers(change);
      SubscriptionInfo info;
      try {
         info = registry.commit(change);
      } catch (RuntimeException notInForce) {
         if (change.changesForwarding()) {
            peers.forwardingChanged(change.record().queue(), forwardingInForce(change));
         }
         throw notInForce;
      }
      if (change.changesForwarding()) {
         peers.forwardingChanged(change.record().queue(), change.forwardingAfter());
      }
      listeners.subscriptionChanged(before, info, origin, from);
      return info;
   }

   /**
    * What other nodes forward the change's queue while the change is not in force: its state as it stands (its filter
    * may have been replaced meanwhile, which drops a management rule), or its creation rule when it is gone.
    */
   private PeerForwarding forwardingInForce(Change change) {
      try {
         return PeerForwarding.of(registry.queries().info(change.record().address(), change.record().queue()));
      } catch (RuntimeException gone) {
         return PeerForwarding.CREATION_RULE;
      }
   }

   /** A time that puts a change made here after the address rule's last change, on every node. */
   long nextChangeTime(String address) {
      StoredAddressRule last = registry.store().addressRules().get(address);
      return last == null ? System.currentTimeMillis() : ChangeOrder.after(last.changedAt());
   }

   /**
    * Stores the address rule of {@code address} ({@code rule} null: removed), made at {@code at} by {@code by}, made
    * where {@code origin} says (taken from node {@code from}, if known); once in force, the {@link #listeners()} hear of
    * it if a rule was or is in force.
    */
   StoredAddressRule changeAddressRule(String address, Rule rule, long at, String by, ChangeListener.Origin origin,
                                       String from) {
      changes.lock();
      try {
         StoredAddressRule record = registry.addresses().prepareAddressRule(address, rule, by, at);
         StoredAddressRule previous = registry.store().addressRules().get(address);
         String before = registry.addresses().addressRule(address).map(StoredAddressRule::rule).orElse(null);
         // undone synchronously, a first rule by a removal dated 0, which any other state wins over: as no record
         journal.store(() -> registry.store().put(record), () -> registry.store().put(previous != null ? previous
               : new StoredAddressRule(address, record.addressId(), null, 0, record.changedBy())));
         registry.addresses().commitAddressRule(record, rule);
         if (before != null || record.rule() != null) { // a removal of none, as another node re-sends it, is no change
            listeners.addressRuleChanged(before, record, origin, from);
         }
         return record;
      } finally {
         changes.unlock();
      }
   }
}

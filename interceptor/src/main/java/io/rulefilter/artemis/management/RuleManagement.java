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
import io.rulefilter.artemis.log.ManagementRefusals;
import io.rulefilter.artemis.routing.AddressIndexes;
import io.rulefilter.artemis.store.StoredAddressRule;
import io.rulefilter.artemis.subscription.Change;
import io.rulefilter.artemis.subscription.Edit;
import io.rulefilter.artemis.subscription.FilterReplaced;
import io.rulefilter.artemis.subscription.PeerForwarding;
import io.rulefilter.artemis.subscription.SubscriptionInfo;
import io.rulefilter.artemis.subscription.SubscriptionRegistry;
import io.rulefilter.parse.RuleSyntaxException;
import io.rulefilter.rule.Rule;
import org.apache.activemq.artemis.core.persistence.StorageManager;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * What operators may change, whoever asks (the management address, JMX): each change is validated, stored
 * synchronously with no Artemis lock held and confirmed by the journal, then put in force, and logged with the user
 * who made it. Changes are serialised by one lock of their own. A change that cannot be stored or confirmed, or whose
 * queue or address goes away meanwhile, changes nothing.
 */
public final class RuleManagement {

   private final SubscriptionRegistry registry;
   private final RuleLanguage language;
   private final Supplier<String> caller;
   /** The node that calls, for a change taken from another node: its name, or null when it does not say. */
   private final Supplier<String> sender;

   private final ChangeWriter writer;
   private final ReentrantLock changes;
   private final PeerStates peerStates;

   /**
    * @param sender           the node calling {@link #syncSubscription} or {@link #syncAddressRule}, or null
    * @param confirmTimeoutMs how long a change waits for the journal, replication included, to confirm it
    */
   public RuleManagement(SubscriptionRegistry registry, RuleLanguage language, Supplier<String> caller,
                         Supplier<String> sender, Supplier<StorageManager> storage, int confirmTimeoutMs) {
      this.registry = registry;
      this.language = language;
      this.caller = caller;
      this.sender = sender;
      this.writer = new ChangeWriter(registry, new JournalWrites(storage, confirmTimeoutMs));
      this.changes = writer.lock();
      this.peerStates = new PeerStates(registry, language, writer, sender);
   }

   /** From now on, {@code listener} hears of every change once it is in force on this broker (see {@link ChangeListener}). */
   public void addChangeListener(ChangeListener listener) {
      writer.listeners().add(listener);
   }

   public void removeChangeListener(ChangeListener listener) {
      writer.listeners().remove(listener);
   }

   /** From now on, every change made here is passed on to {@code peers} once it is in force. */
   public void passChangesTo(PeerChanges peers) {
      writer.passChangesTo(peers);
   }

   public RuleLanguage language() {
      return language;
   }

   /** Parses a rule given by a user, with the configured limits; the error text is the CLI's, caret included. */
   public Rule parse(String ruleText) {
      return parse(language, ruleText);
   }

   /** As {@link #parse(String)}, for {@code address}: {@code @typeb} is refused there unless Type B is on. */
   private Rule parseFor(String address, String ruleText) {
      return parse(registry.typeBAddresses().at(language, address), ruleText);
   }

   static Rule parse(RuleLanguage language, String ruleText) {
      if (ruleText == null) {
         throw ManagementRefusals.ruleRequired();
      }
      try {
         return language.parse(ruleText);
      } catch (RuleSyntaxException e) {
         throw new IllegalArgumentException(e.render(), e);
      }
   }

   public SubscriptionInfo setRule(String address, String queue, String ruleText, boolean purge) throws Exception {
      Rule rule = parseFor(address, ruleText);
      SubscriptionInfo info = change(address, queue, Edit.rule(rule));
      long purged = purge ? registry.purgeRejected(address, queue) : 0;
      ManagementLogger.ruleSet(queue, info.address(), rule.canonical(), info.changedBy(), purge, purged);
      writer.peers().subscriptionChanged(info);
      return info.withPurged(purged);
   }

   public SubscriptionInfo removeRule(String address, String queue) throws Exception {
      SubscriptionInfo info = change(address, queue, Edit.noRule());
      ManagementLogger.ruleRemoved(queue, info.address(), info.changedBy(), info.rule());
      writer.peers().subscriptionChanged(info);
      return info;
   }

   public SubscriptionInfo setEnabled(String address, String queue, boolean enabled) throws Exception {
      SubscriptionInfo info = change(address, queue, Edit.enabled(enabled));
      ManagementLogger.filteringSwitched(queue, info.address(), enabled, info.changedBy());
      writer.peers().subscriptionChanged(info);
      return info;
   }

   public SubscriptionInfo get(String address, String queue) {
      return registry.queries().info(address, queue);
   }

   public List<SubscriptionInfo> list() {
      return registry.queries().list();
   }

   /** How each address with a RuleFilter subscription is routed now: through its index, or queue by queue and why. */
   public Map<String, AddressIndexes.Routing> addressRouting() {
      return registry.queries().routings();
   }

   public StoredAddressRule setAddressRule(String address, String ruleText) throws Exception {
      Rule rule = parseFor(address, ruleText);
      StoredAddressRule record = changeAddressRule(address, rule);
      ManagementLogger.addressRuleSet(address, record.rule(), record.changedBy());
      writer.peers().addressRuleChanged(record);
      return record;
   }

   public Optional<StoredAddressRule> addressRule(String address) {
      return registry.addresses().addressRule(address);
   }

   /**
    * The queues of this broker with a management rule or switch, what other nodes forward them, and the
    * {@link PeerChanges#epoch} they are as of.
    */
   public ManagedQueues managedQueues() {
      changes.lock();
      try {
         Map<String, PeerForwarding> queues = new LinkedHashMap<>();
         for (SubscriptionInfo s : registry.queries().list()) {
            PeerForwarding forwarding = PeerForwarding.of(s);
            if (forwarding.managed()) {
               queues.put(s.queue(), forwarding);
            }
         }
         return new ManagedQueues(writer.peers().epoch(), queues);
      } finally {
         changes.unlock();
      }
   }

   /** Address rules as stored, removed ones included (a removal is stored with its time, for other nodes). */
   public Map<String, StoredAddressRule> storedAddressRules() {
      return registry.store().addressRules();
   }

   public List<StoredAddressRule> addressRules() {
      return registry.addresses().addressRules();
   }

   /** True when there was an address rule to remove. */
   public boolean removeAddressRule(String address) throws Exception {
      StoredAddressRule record;
      changes.lock();
      try {
         if (registry.addresses().addressRule(address).isEmpty()) {
            return false;
         }
         record = writer.changeAddressRule(address, null, writer.nextChangeTime(address), caller.get(),
               ChangeListener.Origin.THIS_NODE, null);
         ManagementLogger.addressRuleRemoved(address, record.changedBy());
      } finally {
         changes.unlock();
      }
      writer.peers().addressRuleChanged(record);
      return true;
   }

   /** Another node's state of a shared subscription, put in force here when newer (see {@link PeerStates#syncSubscription}). */
   public boolean syncSubscription(String address, String queue, String rule, boolean enabled, long changedAt,
                                   String changedBy) {
      return peerStates.syncSubscription(address, queue, rule, enabled, changedAt, changedBy);
   }

   /** Another node's address rule, put in force here when newer (see {@link PeerStates#syncAddressRule}). */
   public boolean syncAddressRule(String address, String rule, long changedAt, String changedBy) {
      return peerStates.syncAddressRule(address, rule, changedAt, changedBy);
   }

   /**
    * Artemis replaced the filters of queues and their rules followed ({@code SubscriptionBindings#filtersReplaced}):
    * the listeners hear of each as a change made by {@code by} now. Called with Artemis's post office lock held, so
    * without the change lock, which is never taken under it.
    */
   public void filtersReplacedThroughArtemis(List<FilterReplaced> replaced, String by) {
      long now = System.currentTimeMillis();
      for (FilterReplaced change : replaced) {
         writer.listeners().subscriptionChanged(change.before(), change.after().madeBy(by, now),
               ChangeListener.Origin.ARTEMIS, null);
      }
   }

   /** Prepares, stores, commits, under the change lock. */
   private SubscriptionInfo change(String address, String queue, Edit edit) {
      changes.lock();
      try {
         SubscriptionInfo before = registry.queries().info(address, queue);
         Change change = registry.prepare(address, queue, edit, caller.get(), ChangeOrder.after(before.changedAt()));
         return writer.putInForce(change, before, ChangeListener.Origin.THIS_NODE, null);
      } finally {
         changes.unlock();
      }
   }

   /** Stores and commits a prepared change; the record of one whose queue went meanwhile goes too. */

   private StoredAddressRule changeAddressRule(String address, Rule rule) {
      return writer.changeAddressRule(address, rule, writer.nextChangeTime(address), caller.get(),
            ChangeListener.Origin.THIS_NODE, null);
   }
}

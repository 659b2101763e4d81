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

import io.rulefilter.RuleLanguage;
import io.rulefilter.artemis.TypeBAddresses;
import io.rulefilter.artemis.log.ManagementRefusals;
import io.rulefilter.artemis.routing.AddressIndexes;
import io.rulefilter.artemis.routing.ArtemisMessageView;
import io.rulefilter.artemis.routing.SubscriptionFilter;
import io.rulefilter.artemis.routing.SubscriptionPolicy;
import io.rulefilter.artemis.server.PostOfficeLock;
import io.rulefilter.artemis.server.ServerParts;
import io.rulefilter.artemis.store.RuleStore;
import io.rulefilter.internal.parse.RuleParser;
import io.rulefilter.parse.RuleLimits;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;

import java.util.function.BooleanSupplier;

/**
 * Every subscription queue RuleFilter knows and the rules that apply to it: the rule it was created with (in its
 * filter), a management rule, the switch, and its address's rule. Routing never touches this class: it reads the
 * immutable {@link SubscriptionPolicy} of each queue's {@link SubscriptionFilter}, or the address's index. Queues
 * coming and going are followed by {@link SubscriptionBindings}, addresses and their rules by
 * {@link AddressRuleRegistry}.
 * <p>
 * State is guarded by the post office's monitor, which Artemis holds when it calls the binding hooks; queries and
 * the in-memory half of a management change take it too. Nothing here waits for the disk: a management change
 * {@link #prepare prepares} its record here, has it stored synchronously with no Artemis lock held, and
 * {@link #commit commits} here, which also finds out whether the queue went away in between.
 */
public final class SubscriptionRegistry {

   private final PostOfficeLock postOffice;
   private final BooleanSupplier active;
   private final AddressIndexes indexes;
   private final PolicyInstaller policies;
   private final StoredState stored;
   private final SubscriptionTable subscriptions = new SubscriptionTable();
   private final AddressRules addressRules;
   private final SubscriptionReports reports;
   private final SubscriptionMeters meters;
   private final AddressRuleRegistry addresses;
   private final SubscriptionQueries queries;
   private final SubscriptionBindings bindings;
   /** Where rules may use {@code @typeb}: elsewhere every place a rule comes in refuses it. */
   private final TypeBAddresses typeB;

   public SubscriptionRegistry(ServerParts server, RuleLanguage language, RuleLimits limits,
                               ThreadLocal<ArtemisMessageView> views, AddressIndexes indexes, TypeBAddresses typeB) {
      this.postOffice = server.postOffice();
      this.active = server.active();
      RuleAddresses ruleAddresses = new RuleAddresses(postOffice.postOffice(), server.reservedPrefixes());
      this.typeB = typeB;
      this.indexes = indexes;
      this.meters = new SubscriptionMeters(server.meters());
      this.addressRules = new AddressRules(ruleAddresses, language);
      this.policies = new PolicyInstaller(language, views, indexes, meters, addressRules);
      this.stored = new StoredState(server.storage(), ruleAddresses, language, typeB);
      this.reports = new SubscriptionReports(addressRules, indexes);
      this.queries = new SubscriptionQueries(postOffice, active, subscriptions, reports, indexes);
      this.addresses = new AddressRuleRegistry(postOffice, active, addressRules, stored, indexes, this::rulesOfAddressChanged);
      this.bindings = new SubscriptionBindings(postOffice, subscriptions, addressRules, stored, policies, indexes, typeB,
            new RuleParser(limits), reports);
   }

   /** The addresses where Type B is on. */
   public TypeBAddresses typeBAddresses() {
      return typeB;
   }

   /** The addresses' rules and life cycle. */
   public AddressRuleRegistry addresses() {
      return addresses;
   }

   /** Artemis's binding hooks: the subscriptions follow their queues' bindings. */
   public SubscriptionBindings bindings() {
      return bindings;
   }

   private Object lock() {
      return postOffice.monitor();
   }

   /**
    * The journal-backed store, once the broker is active: it opens with what the journal holds, and before Artemis
    * has loaded the journal (a backup, a broker starting) that is nothing, which it would then keep.
    */
   public RuleStore store() {
      synchronized (lock()) {
         requireActive(active);
         return stored.open(addressRules.byAddress());
      }
   }

   // ---- the broker's life ----

   /** Once the broker is active every surviving queue and address is bound: stored state of vanished ones goes. */
   public void pruneStore() {
      synchronized (lock()) {
         stored.prune(addressRules.byAddress()).forEach(addresses::addressRuleChanged);
      }
   }

   /** The broker stopped (Artemis may start it again with the same plugin): this registry's meters leave. */
   public void stopped() {
      meters.removeAll();
      synchronized (lock()) {
         indexes.stopped();
      }
   }

   // ---- management: prepare, store, commit ----

   /** Validates a change to {@code queue} made at {@code at} (here or on another node) and computes its record. */
   public Change prepare(String address, String queue, Edit edit, String caller, long at) {
      synchronized (lock()) {
         requireActive(active);
         return Change.of(subscriptions.require(address, queue), edit, caller, at);
      }
   }

   /** Puts a stored change in force; fails, changing nothing, when the queue went away since {@link #prepare}. */
   public SubscriptionInfo commit(Change change) {
      synchronized (lock()) {
         Subscription s = change.putInForce(subscriptions);
         policies.apply(s, true);
         return reports.of(s);
      }
   }

   /** Removes the queued messages the subscription's rules now reject; returns how many. */
   public long purgeRejected(String address, String queue) throws Exception {
      SubscriptionPolicy policy;
      LocalQueueBinding binding;
      synchronized (lock()) {
         requireActive(active);
         Subscription s = subscriptions.require(address, queue);
         if (s.filter() == null) {
            return 0;
         }
         policy = s.filter().policy();
         binding = s.binding;
      }
      return policies.purgeRejected(policy, binding);
   }

   /** What management reads: subscriptions, their rules and counters, how addresses are routed. */
   public SubscriptionQueries queries() {
      return queries;
   }

   // ---- internals ----

   /** The address's subscriptions follow the rule now in force for it (the post office's monitor held). */
   private void rulesOfAddressChanged(String address) {
      for (Subscription s : subscriptions.of(address)) {
         policies.apply(s, false);
      }
   }

   /**
    * The filter string a subscription queue was created with (empty for none), or null for a queue that is not a
    * subscription RuleFilter knows. Lock-free: the core protocol's interceptor asks on the network thread.
    */
   public SimpleString queueFilter(SimpleString queue) {
      return subscriptions.filterOf(queue);
   }

   /** True when a subscription queue has exactly the filter string {@code filter}. Lock-free, as {@link #queueFilter}. */
   public boolean filterInUse(SimpleString filter) {
      return subscriptions.inUse(filter);
   }

   /**
    * Until a broker is active (a backup of an HA pair until it takes over) its subscriptions are not loaded: what
    * it would answer ("no rules", "no such queue") is not what its journal holds.
    */
   static void requireActive(BooleanSupplier active) {
      if (!active.getAsBoolean()) {
         throw ManagementRefusals.brokerNotActive();
      }
   }
}

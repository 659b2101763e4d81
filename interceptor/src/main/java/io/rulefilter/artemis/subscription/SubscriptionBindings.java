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

import io.rulefilter.artemis.TypeBAddresses;
import io.rulefilter.artemis.log.SubscriptionLogger;
import io.rulefilter.artemis.routing.AddressIndexes;
import io.rulefilter.artemis.routing.SubscriptionFilter;
import io.rulefilter.artemis.server.PostOfficeLock;
import io.rulefilter.internal.parse.RuleParser;
import io.rulefilter.rule.Rule;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.filter.Filter;
import org.apache.activemq.artemis.core.postoffice.Binding;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;
import org.apache.activemq.artemis.core.server.cluster.RemoteQueueBinding;

import java.util.ArrayList;
import java.util.List;

/**
 * The queues' side of the {@link SubscriptionRegistry}: each subscription following its queue's binding through
 * Artemis's life cycle (bound at creation and at journal reload, its filter replaced, unbound), and the address
 * indexes following every binding. Artemis calls these hooks with the post office's monitor held; each takes it too.
 */
public final class SubscriptionBindings {

   private final PostOfficeLock postOffice;
   private final SubscriptionTable subscriptions;
   private final AddressRules addressRules;
   private final StoredState stored;
   private final PolicyInstaller policies;
   private final AddressIndexes indexes;
   private final CheckedFilter checked = new CheckedFilter();
   private final SubscriptionReports reports;
   /** Where rules may use {@code @typeb}: a replacing filter's rule is parsed for its address. */
   private final TypeBAddresses typeB;
   /** Parses the rules that come in through Artemis (an updated filter), with the limits every new rule meets. */
   private final RuleParser incoming;

   SubscriptionBindings(PostOfficeLock postOffice, SubscriptionTable subscriptions, AddressRules addressRules,
                        StoredState stored, PolicyInstaller policies, AddressIndexes indexes, TypeBAddresses typeB,
                        RuleParser incoming, SubscriptionReports reports) {
      this.postOffice = postOffice;
      this.reports = reports;
      this.subscriptions = subscriptions;
      this.addressRules = addressRules;
      this.stored = stored;
      this.policies = policies;
      this.indexes = indexes;
      this.typeB = typeB;
      this.incoming = incoming;
   }

   private Object lock() {
      return postOffice.monitor();
   }

   /** A queue binding is about to be added (at creation and at journal reload): its rules attach before it routes. */
   public void beforeBind(LocalQueueBinding binding) {
      synchronized (lock()) {
         stored.open(addressRules.byAddress());
         if (binding.getQueue().isInternalQueue()) {
            return;
         }
         if (postOffice.postOffice().getBinding(binding.getUniqueName()) != null) {
            return; // the name is bound (only a direct addBinding gets here): Artemis refuses this one
         }
         Subscription s = new Subscription(binding);
         Filter current = binding.getQueue().getFilter();
         Filter original = current instanceof SubscriptionFilter ours ? ours.originalFilter() : current;
         s.original(original, checked.ruleOf(s.queue, original, StoredState.STORED));
         stored.restore(s);
         stored.noteTypeBOff("queue '" + s.queue + "'", s.address, s.ownRule());
         subscriptions.put(s);
         policies.attach(s); // the index follows once the binding is in (bindingAdded)
      }
   }

   /** Artemis is about to create a queue whose filter {@code filter} was checked and carries {@code rule} (or null). */
   public void rememberCheckedFilter(SimpleString filter, Rule rule) {
      synchronized (lock()) {
         checked.remember(filter, rule);
      }
   }

   /** A binding was added: the index of its address follows. */
   public void bindingAdded(Binding binding) {
      synchronized (lock()) {
         indexes.bindingAdded(binding.getAddress(), binding);
      }
   }

   /** This node's copy of another node's queue forwards by a new filter: the index of its address follows. */
   public void copyRefiltered(RemoteQueueBinding copy) {
      synchronized (lock()) {
         indexes.copyRefiltered(copy);
      }
   }

   /** A binding was removed: the index of its address follows. */
   public void bindingRemoved(Binding binding) {
      synchronized (lock()) {
         indexes.bindingRemoved(binding.getAddress(), binding);
      }
   }

   /** A queue binding left: the queue is forgotten, with its stored state when its data is deleted. */
   public void unbound(LocalQueueBinding binding, boolean deleteData) {
      synchronized (lock()) {
         String name = binding.getQueue().getName().toString();
         Subscription s = subscriptions.get(name);
         if (s != null && s.binding == binding) {
            subscriptions.remove(s);
            policies.forget(s);
            stored.unbound(s, deleteData);
         }
      }
   }

   /**
    * Artemis replaced the filter of queues of {@code address} (updateQueue, a broker.xml change): the rules follow. A
    * new rule meets the limits and settings like any other: one not taken changes nothing, the queue keeps the
    * filter and rules in force before (its SQL part could take far more than the rule: a {@code @typeb} condition
    * translates to TRUE).
    *
    * @return the subscriptions whose rule or switch changed so, each as it was and as it is now (refused ones, and
    *         plain SQL filters replaced by others, are not among them)
    */
   public List<FilterReplaced> filtersReplaced(SimpleString address) {
      synchronized (lock()) {
         List<SubscriptionInfo> before = new ArrayList<>();
         List<Subscription> replaced = new ArrayList<>();
         for (Subscription s : subscriptions.of(address.toString())) {
            Filter current = s.binding.getQueue().getFilter();
            if (current == s.filter() || s.filter() == null && current == s.original()) {
               continue;
            }
            Rule rule;
            try {
               rule = checked.replacingRuleOf(current, readingTypeBWhereOn(incoming, address));
            } catch (IllegalArgumentException refused) {
               SubscriptionLogger.newFilterNotTaken(s.queue, refused.getMessage());
               s.filterLost(); // Artemis replaced it: put back, with the state it had
               policies.apply(s, false);
               if (s.filter() == null) {
                  s.binding.getQueue().setFilter(s.original());
               }
               continue;
            }
            before.add(reports.of(s));
            replaced.add(s);
            s.filterReplaced();
            s.original(current, rule);
            subscriptions.filterChanged(s);
            policies.apply(s, false);
         }
         indexes.bindingsChanged(address);
         List<FilterReplaced> changes = new ArrayList<>();
         for (int i = 0; i < replaced.size(); i++) {
            FilterReplaced change = new FilterReplaced(before.get(i), reports.of(replaced.get(i)));
            if (change.changesRules()) {
               changes.add(change);
            }
         }
         return changes;
      }
   }

   /** {@code parser} as it reads a rule for {@code address}: refusing {@code @typeb} where Type B is off. */
   private RuleParser readingTypeBWhereOn(RuleParser parser, SimpleString address) {
      return typeB.on(address) ? parser : parser.withoutTypeB(TypeBAddresses.refusal(String.valueOf(address)));
   }
}

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
import io.rulefilter.artemis.log.SubscriptionLogger;
import io.rulefilter.artemis.store.RuleStore;
import io.rulefilter.artemis.store.StoredAddressRule;
import io.rulefilter.artemis.store.StoredSubscription;
import io.rulefilter.internal.parse.RuleParser;
import io.rulefilter.parse.RuleLimits;
import io.rulefilter.parse.RuleSyntaxException;
import io.rulefilter.rule.Rule;
import io.rulefilter.selector.RuleSelector;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.filter.Filter;
import org.apache.activemq.artemis.core.persistence.StorageManager;
import org.apache.activemq.artemis.core.server.impl.AddressInfo;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The stored half of the registry: the records loaded from the journal, waiting for their queues to bind, and what
 * happens to records as queues come and go. A record is matched to a queue by name, id and filter, and an address
 * rule to its address by name and id, so it never attaches to a later queue or address of the same name; records
 * that match nothing are pruned once the broker is active. A removal (a reverted subscription, a removed address
 * rule) stays stored, with its time, as long as its queue or address: it must win over the older state another node
 * may still hold. It goes with its queue or address, so there is at most one record per queue and per address.
 * Guarded by the registry's lock.
 */
final class StoredState {

   /**
    * Stored rules were valid when stored; they load even if the limits have been lowered since, within the deepest
    * nesting any limits allow, so that no stored text can overflow the stack.
    */
   static final RuleParser STORED = new RuleParser(new RuleLimits(Integer.MAX_VALUE, Integer.MAX_VALUE, RuleLimits.MAX_DEPTH,
         Integer.MAX_VALUE));

   private final StorageManager storage;
   private final RuleAddresses addresses;
   private final RuleLanguage language;
   private final TypeBAddresses typeB;
   private RuleStore store;
   private Map<String, StoredSubscription> waiting;

   StoredState(StorageManager storage, RuleAddresses addresses, RuleLanguage language, TypeBAddresses typeB) {
      this.storage = storage;
      this.addresses = addresses;
      this.language = language;
      this.typeB = typeB;
   }

   /**
    * Opens the store at the first binding, when the journal is loaded (Artemis loads its addresses before its
    * queues), and puts into {@code into} the address rules of the very addresses they were made for.
    */
   RuleStore open(Map<String, AddressRule> into) {
      if (store == null) {
         RuleStore opened = new RuleStore(storage);
         waiting = new HashMap<>(opened.subscriptions());
         opened.addressRules().forEach((address, record) -> {
            if (record.rule() == null || !madeForLiveAddress(record)) {
               return; // a removal, or a record of an earlier address of that name (pruned once active)
            }
            Rule rule = parse("the address rule of '" + address + "'", record.rule());
            if (rule != null) {
               noteTypeBOff("address '" + address + "'", address, rule);
               into.put(address, new AddressRule(record, language.compile(rule)));
            } else {
               opened.forgetAddressRule(address); // it can never apply (storedRuleDoesNotParse said why)
            }
         });
         store = opened;
      }
      return store;
   }

   /**
    * A rule taken while Type B was on for its address keeps its meaning when the setting no longer covers it (the
    * body is read for it): neither a subscriber losing its messages nor a negated condition taking every message,
    * but said, since no new rule there may test {@code @typeb}.
    */
   void noteTypeBOff(String owner, String address, Rule rule) {
      if (rule != null && rule.testsTypeB() && !typeB.on(SimpleString.of(address))) {
         SubscriptionLogger.typeBRuleWhereTypeBOff(owner, TypeBAddresses.SETTING, address);
      }
   }

   /** Gives a queue that binds the management state stored for it, a reverted one included, if it is its own. */
   void restore(Subscription s) {
      StoredSubscription saved = waiting.remove(s.queue);
      if (saved == null) {
         return;
      }
      Rule rule = saved.rule() == null ? null : parse("the management rule of queue '" + s.queue + "'", saved.rule());
      if (saved.rule() != null && rule == null || !s.restore(saved, rule)) {
         SubscriptionLogger.staleStateDropped(s.queue);
         store.forgetSubscription(s.queue);
      }
   }

   /** A queue left: its record goes with its data; a queue unbound without deleting keeps its state for its return. */
   void unbound(Subscription s, boolean deleteData) {
      if (deleteData) {
         store.forgetSubscription(s.queue);
      } else if (s.changedAt() > 0 || s.override() != null || !s.enabled()) {
         waiting.put(s.queue, s.toStored(s.override(), s.enabled(), s.changedAt(), s.changedBy()));
      }
   }

   /**
    * The address went, or was replaced before a change stored for it was put in force: its record (a removal's too)
    * goes, so that it never applies to a later address of that name.
    */
   void addressGone(String address, Map<String, AddressRule> addressRules) {
      open(addressRules).forgetAddressRule(address);
   }

   /**
    * Stores again the record of what is in force for an address (under its new id, after its routing types changed).
    * Written with the post office's monitor held, as Artemis writes the address's own new record: the record must
    * match the address, or it is lost at the next start.
    */
   void rewrite(StoredAddressRule moved) {
      try {
         store.put(moved);
      } catch (Exception e) {
         SubscriptionLogger.addressRuleNotStoredAgain(moved.address(), e);
      }
   }

   /** The subscription's management state no longer applies (its filter was replaced through Artemis). */
   void forget(Subscription s) {
      store.forgetSubscription(s.queue);
   }

   /**
    * Drops records of queues that did not come back and of address rules whose address is gone or was replaced;
    * returns the addresses whose rule in force went, whose subscriptions must no longer filter by it.
    */
   Set<String> prune(Map<String, AddressRule> addressRules) {
      open(addressRules);
      Set<String> dropped = new HashSet<>();
      for (String queue : List.copyOf(waiting.keySet())) {
         waiting.remove(queue);
         store.forgetSubscription(queue);
         SubscriptionLogger.queueStateDropped(queue);
      }
      store.addressRules().forEach((address, record) -> {
         if (!madeForLiveAddress(record)) {
            if (addressRules.remove(address) != null) {
               dropped.add(address);
            }
            store.forgetAddressRule(address);
            SubscriptionLogger.addressRuleDropped(address);
         }
      });
      return dropped;
   }

   /** Whether the record's address is there and is the one it was made for (records of old versions name no id). */
   private boolean madeForLiveAddress(StoredAddressRule record) {
      AddressInfo info = addresses.find(record.address());
      return info != null && !info.isTemporary()
            && (record.addressId() == 0 || info.getId() == 0 || info.getId() == record.addressId());
   }

   /** The rule a stored queue's filter carries, as {@link #ruleOf(String, Filter, RuleParser)} with the stored limits. */
   static Rule ruleOf(String queue, Filter filter) {
      return ruleOf(queue, filter, STORED);
   }

   /**
    * The rule a queue's filter carries in the selector form (or with the client's raw text), or null for none.
    *
    * @throws IllegalArgumentException the filter carries a rule {@code parser} does not take (invalid, beyond its
    *                                  limits, or using what is off there, such as {@code @typeb})
    */
   static Rule carriedRule(Filter filter, RuleParser parser) {
      if (filter == null) {
         return null;
      }
      Optional<String> text = RuleSelector.ruleText(filter.getFilterString().toString());
      return text.map(parser::parseStored).orElse(null); // a rule stored before version 2 keeps its meaning
   }

   /** The rule a queue's filter carries, as {@link #carriedRule}; one not taken is logged, and the queue filters by SQL. */
   static Rule ruleOf(String queue, Filter filter, RuleParser parser) {
      try {
         return carriedRule(filter, parser);
      } catch (IllegalArgumentException e) {
         SubscriptionLogger.filterRuleInvalid(queue, e.getMessage());
         return null;
      }
   }

   private static Rule parse(String owner, String text) {
      try {
         return STORED.parseStored(text);
      } catch (RuleSyntaxException e) {
         SubscriptionLogger.storedRuleDoesNotParse(owner, e.getMessage());
         return null;
      }
   }
}

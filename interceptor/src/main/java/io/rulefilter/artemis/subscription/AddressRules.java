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
import io.rulefilter.artemis.log.ManagementRefusals;
import io.rulefilter.artemis.store.StoredAddressRule;
import io.rulefilter.rule.Rule;
import org.apache.activemq.artemis.core.server.impl.AddressInfo;

import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The rule of each address that has one, compiled once for all of the address's subscriptions, and the checks that
 * tie a change to the very address it was made for. Artemis gives an address a new id whenever its routing types
 * change (updateAddress, broker.xml, a queue of another routing type), so the ids an address had before count as
 * its own until it goes. Guarded by the registry's lock.
 */
final class AddressRules {

   private final RuleAddresses addresses;
   private final RuleLanguage language;
   /** Concurrent: {@link #get} is also read without the lock. */
   private final Map<String, AddressRule> byAddress = new ConcurrentHashMap<>();
   private final Map<String, Set<Long>> formerIds = new HashMap<>();
   /** The address being updated and its id before: Artemis calls both update hooks in one hold of its monitor. */
   private String updating;
   private long idBeforeUpdate;

   AddressRules(RuleAddresses addresses, RuleLanguage language) {
      this.addresses = addresses;
      this.language = language;
   }

   /** The address's rule, or null; lock-free. */
   AddressRule get(String address) {
      return byAddress.get(address);
   }

   /** The rules by address, for the stored half to load into and prune. */
   Map<String, AddressRule> byAddress() {
      return byAddress;
   }

   /** The address is gone: its rule and the ids it had go. True when it had a rule. */
   boolean remove(String address) {
      formerIds.remove(address);
      return byAddress.remove(address) != null;
   }

   /** Artemis is about to change the address's routing types, which may give it a new id. */
   void updating(String address) {
      AddressInfo info = addresses.find(address);
      updating = info == null ? null : address;
      idBeforeUpdate = info == null ? 0 : info.getId();
   }

   /**
    * After an update: when the address got a new id, the one it had stays its own, and its rule in force, or else
    * its {@code stored} record (a removal's), is returned under the new id for the caller to store; else null.
    * broker.xml updates every address it names at each start and reload: the store is read only for a new id.
    */
   StoredAddressRule followNewId(AddressInfo info, Supplier<StoredAddressRule> stored) {
      String address = info.getName().toString();
      if (!address.equals(updating) || info.getId() == idBeforeUpdate) {
         return null;
      }
      updating = null;
      formerIds.computeIfAbsent(address, a -> new HashSet<>()).add(idBeforeUpdate);
      AddressRule inForce = byAddress.get(address);
      StoredAddressRule current = inForce != null ? inForce.stored() : stored.get();
      if (current == null || current.addressId() == info.getId() || !isOwn(info, current.addressId())) {
         return null;
      }
      StoredAddressRule moved = current.withAddressId(info.getId());
      if (inForce != null) {
         byAddress.put(address, new AddressRule(moved, inForce.compiled()));
      }
      return moved;
   }

   /** The record of a change made at {@code at}; {@code rule} null removes the rule. Validates the address. */
   StoredAddressRule prepare(String address, Rule rule, String caller, long at) {
      AddressInfo info = addresses.require(address);
      return new StoredAddressRule(address, info.getId(), rule == null ? null : rule.canonical(), at, caller);
   }

   /**
    * Puts a stored change in force and returns its record under the address's id now, which differs from
    * {@code record}'s when the routing types changed meanwhile (the caller stores it again); fails when the address
    * went away or was replaced since {@link #prepare}.
    */
   StoredAddressRule commit(StoredAddressRule record, Rule rule) {
      AddressInfo info = addresses.find(record.address());
      if (info == null || !isOwn(info, record.addressId())) {
         throw ManagementRefusals.addressGone(record.address());
      }
      StoredAddressRule current = record.addressId() == info.getId() ? record : record.withAddressId(info.getId());
      if (rule == null) {
         byAddress.remove(record.address());
      } else {
         byAddress.put(record.address(), new AddressRule(current, language.compile(rule)));
      }
      return current;
   }

   /** Whether {@code id} is the address's id now or one it had before its routing types changed. */
   private boolean isOwn(AddressInfo info, long id) {
      return id == info.getId() || formerIds.getOrDefault(info.getName().toString(), Set.of()).contains(id);
   }

   /** Every address rule in force, by address. */
   List<StoredAddressRule> stored() {
      return byAddress.values().stream().map(AddressRule::stored).sorted(Comparator.comparing(StoredAddressRule::address))
            .toList();
   }

   /** The rule of {@code address}, which must be one that takes rules. */
   Optional<StoredAddressRule> stored(String address) {
      addresses.require(address);
      return Optional.ofNullable(byAddress.get(address)).map(AddressRule::stored);
   }
}

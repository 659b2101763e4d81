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

import io.rulefilter.artemis.store.StoredAddressRule;
import io.rulefilter.eval.RuleCompiler;
import io.rulefilter.rule.Rule;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.impl.AddressInfo;

import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The rule of each address that has one, compiled once for all of the address's subscriptions, and the checks that
 * tie a change to the very address it was made for. Guarded by the registry's lock.
 */
final class AddressRules {

   private final ActiveMQServer server;
   private final RuleCompiler compiler;
   private final Map<String, AddressRule> byAddress = new HashMap<>();

   AddressRules(ActiveMQServer server, RuleCompiler compiler) {
      this.server = server;
      this.compiler = compiler;
   }

   /** The address's rule, or null. */
   AddressRule get(String address) {
      return byAddress.get(address);
   }

   /** The rules by address, for the stored half to load into and prune. */
   Map<String, AddressRule> byAddress() {
      return byAddress;
   }

   /** True when the address had a rule. */
   boolean remove(String address) {
      return byAddress.remove(address) != null;
   }

   /** The record of a change made at {@code at}; {@code rule} null removes the rule. Validates the address. */
   StoredAddressRule prepare(String address, Rule rule, String caller, long at) {
      AddressInfo info = RuleAddresses.require(server, address);
      return new StoredAddressRule(address, info.getId(), rule == null ? null : rule.canonical(), at, caller);
   }

   /** Puts a stored change in force; fails when the address went away or was replaced since {@link #prepare}. */
   void commit(StoredAddressRule record, Rule rule) {
      AddressInfo info = server.getAddressInfo(SimpleString.of(record.address()));
      if (info == null || info.getId() != record.addressId()) {
         throw new IllegalStateException("address '" + record.address() + "' was deleted while the change was being"
               + " stored; nothing changed");
      }
      if (rule == null) {
         byAddress.remove(record.address());
      } else {
         byAddress.put(record.address(), new AddressRule(record, compiler.compile(rule)));
      }
   }

   /** Every address rule in force, by address. */
   List<StoredAddressRule> stored() {
      return byAddress.values().stream().map(AddressRule::stored).sorted(Comparator.comparing(StoredAddressRule::address))
            .toList();
   }

   /** The rule of {@code address}, which must be one that takes rules. */
   Optional<StoredAddressRule> stored(String address) {
      RuleAddresses.require(server, address);
      return Optional.ofNullable(byAddress.get(address)).map(AddressRule::stored);
   }
}

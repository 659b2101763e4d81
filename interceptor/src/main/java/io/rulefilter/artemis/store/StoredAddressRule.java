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
package io.rulefilter.artemis.store;

/**
 * An address-level rule, ANDed with the rule of every subscription of the address.
 *
 * @param addressId the address's id in the journal: the rule applies to that very address, never to a later one of
 *                  the same name
 */
public record StoredAddressRule(String address, long addressId, String rule, long changedAt, String changedBy) {

   /** The same change, for the address under the id Artemis gave it when its routing types changed. */
   public StoredAddressRule withAddressId(long id) {
      return new StoredAddressRule(address, id, rule, changedAt, changedBy);
   }
}

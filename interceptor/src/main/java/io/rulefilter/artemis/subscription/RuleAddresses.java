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

import io.rulefilter.artemis.log.ManagementRefusals;
import io.rulefilter.artemis.server.ServerParts.ReservedAddresses;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.postoffice.PostOffice;
import org.apache.activemq.artemis.core.server.impl.AddressInfo;

/** The addresses that may carry rules. */
final class RuleAddresses {

   private final PostOffice postOffice;
   private final ReservedAddresses reserved;

   RuleAddresses(PostOffice postOffice, ReservedAddresses reserved) {
      this.postOffice = postOffice;
      this.reserved = reserved;
   }

   /** The address as Artemis holds it now, or null. */
   AddressInfo find(String address) {
      return postOffice.getAddressInfo(SimpleString.of(address));
   }

   /**
    * The address, which must exist and be one that takes rules: not Artemis's own, and not temporary (it has no
    * journal record, so its id is 0, which in a stored record means "any address of that name").
    */
   AddressInfo require(String address) {
      if (address == null || address.isBlank()) {
         throw ManagementRefusals.addressRequired();
      }
      AddressInfo info = find(address);
      if (info == null) {
         throw ManagementRefusals.noSuchAddress(address);
      }
      if (info.isInternal() || reserved.reserves(address)) {
         throw ManagementRefusals.addressOfArtemis(address);
      }
      if (info.isTemporary()) {
         throw ManagementRefusals.addressTemporary(address);
      }
      return info;
   }
}

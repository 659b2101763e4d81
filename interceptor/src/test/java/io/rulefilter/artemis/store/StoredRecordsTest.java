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

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Records read back as written, with nulls, unknown fields and fields a newer version may add or an older one lacked. */
class StoredRecordsTest {

   @Test
   void subscriptionsRoundTrip() {
      StoredSubscription full = new StoredSubscription("gate7.bags", 42, "airport.events", "\"x\" LIKE 'a' /*rulefilter: x weq a*/",
            "@tag weq 'it\\'s'", false, 1_800_000_000_000L, "ops-alice (JMX)");
      assertThat(StoredRecords.subscription(StoredRecords.json(full))).isEqualTo(full);
      StoredSubscription sparse = new StoredSubscription("q", 7, null, null, null, true, 0, null);
      assertThat(StoredRecords.subscription(StoredRecords.json(sparse))).isEqualTo(sparse);
      assertThat(sparse.isDefault()).isTrue();
      assertThat(full.isDefault()).isFalse();
   }

   @Test
   void addressRulesRoundTripTombstonesIncluded() {
      StoredAddressRule rule = new StoredAddressRule("airport.events", 9, "station weq PEK", 5, "admin");
      assertThat(StoredRecords.addressRule(StoredRecords.json(rule))).isEqualTo(rule);
      StoredAddressRule tombstone = new StoredAddressRule("airport.events", 9, null, 6, "admin");
      assertThat(StoredRecords.addressRule(StoredRecords.json(tombstone))).isEqualTo(tombstone);
   }

   @Test
   void otherVersionsRecordsStillLoad() {
      StoredSubscription older = StoredRecords.subscription("{\"queue\":\"q\",\"address\":\"a\",\"rule\":\"x ex\",\"enabled\":true,"
            + "\"clientSelector\":\"x ex\",\"changedAt\":3,\"changedBy\":\"admin\"}");
      assertThat(older).isEqualTo(new StoredSubscription("q", 0, "a", null, "x ex", true, 3, "admin"));
      assertThat(StoredRecords.subscription("{\"queue\":\"q\",\"queueId\":1,\"enabled\":false,\"future\":[1,2]}").enabled()).isFalse();
      assertThatThrownBy(() -> StoredRecords.subscription("not json")).isInstanceOf(RuntimeException.class);
   }
}

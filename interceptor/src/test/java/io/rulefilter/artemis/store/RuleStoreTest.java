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

import io.rulefilter.artemis.testing.InVmBroker;
import org.apache.activemq.artemis.core.persistence.StorageManager;
import org.apache.activemq.artemis.core.persistence.config.PersistedKeyValuePair;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Records in the broker's bindings journal, on a real in-VM broker: kept apart by kind, forgotten, read past damage. */
class RuleStoreTest {

   private static final String EVENTS = "airport.events";

   @Test
   void recordsReadBackByKindKeyedByQueueOrAddressAndSurviveARestart() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         broker.subscription(EVENTS, "bags", "@tag beg BS");
         long queueId = broker.queue("bags").getID();
         String filter = broker.queue("bags").getFilter().getFilterString().toString();
         long addressId = broker.server().getAddressInfo(broker.queue("bags").getAddress()).getId();
         StoredSubscription subscription = new StoredSubscription("bags", queueId, EVENTS, filter, "@tag weq BSM", false, 7, "ops");
         StoredAddressRule addressRule = new StoredAddressRule(EVENTS, addressId, "airline weq CA", 8, "ops");
         RuleStore store = new RuleStore(broker.server().getStorageManager());
         store.put(subscription);
         store.put(addressRule);
         // a queue named like the address: the kinds must not mix
         store.put(new StoredSubscription(EVENTS, 999, EVENTS, null, null, false, 9, "ops"));

         assertThat(store.subscriptions()).containsOnlyKeys("bags", EVENTS).containsEntry("bags", subscription);
         assertThat(store.addressRules()).containsExactly(Map.entry(EVENTS, addressRule));

         store.forgetSubscription(EVENTS);
         assertThat(store.subscriptions()).containsOnlyKeys("bags");
         broker.restart();
         RuleStore reopened = new RuleStore(broker.server().getStorageManager());
         assertThat(reopened.subscriptions()).containsExactly(Map.entry("bags", subscription));
         assertThat(reopened.addressRules()).containsExactly(Map.entry(EVENTS, addressRule));
      }
   }

   @Test
   void anUnreadableRecordIsSkippedAndTheOthersLoad() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         StorageManager storage = broker.server().getStorageManager();
         RuleStore store = new RuleStore(storage);
         StoredSubscription good = new StoredSubscription("good", 1, EVENTS, null, "x ex", true, 1, "ops");
         store.put(good);
         storage.storeKeyValuePair(new PersistedKeyValuePair(RuleStore.MAP_ID, "subscription:bad", "{not json"));
         storage.storeKeyValuePair(new PersistedKeyValuePair(RuleStore.MAP_ID, "address:bad", "[]"));
         storage.storeKeyValuePair(new PersistedKeyValuePair(RuleStore.MAP_ID, "something-else:x", "{}"));
         storage.storeKeyValuePair(new PersistedKeyValuePair("another-map", "subscription:theirs",
               "{\"queue\":\"theirs\",\"enabled\":false}"));

         assertThat(store.subscriptions()).containsExactly(Map.entry("good", good));
         assertThat(store.addressRules()).isEmpty();
      }
   }

   @Test
   void forgettingWhatWasNeverStoredIsHarmless() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         RuleStore store = new RuleStore(broker.server().getStorageManager());
         store.forgetSubscription("never");
         store.forgetAddressRule("never");
         store.put(new StoredAddressRule("a", 1, null, 2, "ops")); // a tombstone is a record too
         assertThat(store.addressRules()).containsOnlyKeys("a");
         store.forgetAddressRule("a");
         assertThat(store.addressRules()).isEmpty();
      }
   }

   @Test
   void withoutPersistenceNothingIsStoredAndNothingFails() throws Exception {
      try (InVmBroker broker = InVmBroker.start(Map.of(), config -> config.setPersistenceEnabled(false))) {
         RuleStore store = new RuleStore(broker.server().getStorageManager());
         store.put(new StoredSubscription("q", 1, EVENTS, null, "x ex", true, 1, "ops"));
         store.put(new StoredAddressRule(EVENTS, 1, "x ex", 1, "ops"));
         assertThat(store.subscriptions()).isEmpty();
         assertThat(store.addressRules()).isEmpty();
         store.forgetSubscription("q");
      }
   }
}

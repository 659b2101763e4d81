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

import io.rulefilter.artemis.log.StoreLogger;
import org.apache.activemq.artemis.core.persistence.StorageManager;
import org.apache.activemq.artemis.core.persistence.config.PersistedKeyValuePair;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Rules kept in the broker's own bindings journal, as a persisted key-value map: loaded with the bindings before any
 * queue is bound, and carried by Artemis's HA replication like every other binding record.
 * <p>
 * Every {@code put} is synchronous: when it returns, the record is on disk (and on the backup). A record that no
 * longer matters ({@code forget…}) is deleted asynchronously, which is safe because records name the queue or address
 * id they belong to: a record that outlives its queue is ignored and pruned at the next start, never inherited by a
 * new queue of the same name. Reverting a subscription to its defaults therefore writes a (synchronous) default
 * record rather than deleting, so that a crash cannot bring the old rule back; that record, like the one of a removed
 * address rule, stays as long as its queue or address, and dates the removal for the other nodes of a cluster. A
 * record that cannot be read is logged and skipped: the broker must start whatever the store holds.
 */
public final class RuleStore {

   public static final String MAP_ID = "rulefilter";
   private static final String SUBSCRIPTION = "subscription:";
   private static final String ADDRESS = "address:";

   private final StorageManager storage;

   public RuleStore(StorageManager storage) {
      this.storage = storage;
   }

   public Map<String, StoredSubscription> subscriptions() {
      return load(SUBSCRIPTION, StoredRecords::subscription);
   }

   public Map<String, StoredAddressRule> addressRules() {
      return load(ADDRESS, StoredRecords::addressRule);
   }

   /** Stores a subscription's state synchronously; a default state is stored too, as a tombstone. */
   public void put(StoredSubscription subscription) throws Exception {
      storage.storeKeyValuePair(new PersistedKeyValuePair(MAP_ID, SUBSCRIPTION + subscription.queue(),
            StoredRecords.json(subscription)));
   }

   public void put(StoredAddressRule rule) throws Exception {
      storage.storeKeyValuePair(new PersistedKeyValuePair(MAP_ID, ADDRESS + rule.address(), StoredRecords.json(rule)));
   }

   /** Drops a queue's record without waiting for the disk (see the class comment for why that is safe). */
   public void forgetSubscription(String queue) {
      forget(SUBSCRIPTION + queue);
   }

   /** Drops an address rule's record without waiting for the disk. */
   public void forgetAddressRule(String address) {
      forget(ADDRESS + address);
   }

   private void forget(String key) {
      try {
         storage.deleteKeyValuePair(MAP_ID, key);
      } catch (Exception e) {
         StoreLogger.recordNotDropped(key, e);
      }
   }

   private <T> Map<String, T> load(String prefix, Function<String, T> reader) {
      Map<String, T> out = new LinkedHashMap<>();
      Map<String, PersistedKeyValuePair> pairs = storage.getPersistedKeyValuePairs(MAP_ID);
      if (pairs == null) {
         return out; // persistence disabled: nothing is stored
      }
      pairs.forEach((key, pair) -> {
         if (!key.startsWith(prefix)) {
            return;
         }
         try {
            out.put(key.substring(prefix.length()), reader.apply(pair.getValue()));
         } catch (RuntimeException e) {
            StoreLogger.recordUnreadable(key, e);
         }
      });
      return out;
   }
}

package io.rulefilter.artemis.store;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.activemq.artemis.core.persistence.StorageManager;
import org.apache.activemq.artemis.core.persistence.config.PersistedKeyValuePair;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Rules kept in the broker's own bindings journal, as a persisted key-value map: written synchronously, loaded with
 * the bindings before any queue is bound, and carried by Artemis's HA replication like every other binding record.
 * A record that cannot be read is logged and skipped: the broker must start whatever the store holds.
 */
public final class RuleStore {

   public static final String MAP_ID = "rulefilter";
   private static final String SUBSCRIPTION = "subscription:";
   private static final String ADDRESS = "address:";
   private static final Logger LOG = LoggerFactory.getLogger(RuleStore.class);

   private final StorageManager storage;
   /** Unknown fields are ignored, so records written by a newer version still load. */
   private final ObjectMapper json = new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

   public RuleStore(StorageManager storage) {
      this.storage = storage;
   }

   public Map<String, StoredSubscription> subscriptions() {
      return load(SUBSCRIPTION, StoredSubscription.class);
   }

   public Map<String, StoredAddressRule> addressRules() {
      return load(ADDRESS, StoredAddressRule.class);
   }

   public void put(StoredSubscription subscription) throws Exception {
      if (subscription.isDefault()) {
         removeSubscription(subscription.queue());
      } else {
         storage.storeKeyValuePair(new PersistedKeyValuePair(MAP_ID, SUBSCRIPTION + subscription.queue(),
               json.writeValueAsString(subscription)));
      }
   }

   public void removeSubscription(String queue) throws Exception {
      storage.deleteKeyValuePair(MAP_ID, SUBSCRIPTION + queue);
   }

   public void put(StoredAddressRule rule) throws Exception {
      storage.storeKeyValuePair(new PersistedKeyValuePair(MAP_ID, ADDRESS + rule.address(), json.writeValueAsString(rule)));
   }

   public void removeAddressRule(String address) throws Exception {
      storage.deleteKeyValuePair(MAP_ID, ADDRESS + address);
   }

   private <T> Map<String, T> load(String prefix, Class<T> type) {
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
            out.put(key.substring(prefix.length()), json.readValue(pair.getValue(), type));
         } catch (Exception e) {
            LOG.warn("RuleFilter: skipping unreadable stored record '{}': {}", key, e.getMessage());
         }
      });
      return out;
   }
}

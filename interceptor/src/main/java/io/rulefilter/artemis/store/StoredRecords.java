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

import org.apache.activemq.artemis.json.JsonNumber;
import org.apache.activemq.artemis.json.JsonObject;
import org.apache.activemq.artemis.json.JsonValue;
import org.apache.activemq.artemis.utils.JsonLoader;

import java.io.StringReader;

/**
 * Records as JSON, with the JSON support Artemis itself ships, so the plugin brings no JSON library. Unknown fields
 * are ignored and missing ones take their defaults, so records of other versions still load.
 */
final class StoredRecords {

   private StoredRecords() {
   }

   static String json(StoredSubscription s) {
      return JsonLoader.createObjectBuilder().add("queue", s.queue()).add("queueId", s.queueId())
            .add("address", s.address(), JsonValue.NULL).add("filter", s.filter(), JsonValue.NULL)
            .add("rule", s.rule(), JsonValue.NULL).add("enabled", s.enabled()).add("changedAt", s.changedAt())
            .add("changedBy", s.changedBy(), JsonValue.NULL).build().toString();
   }

   static String json(StoredAddressRule r) {
      return JsonLoader.createObjectBuilder().add("address", r.address()).add("addressId", r.addressId())
            .add("rule", r.rule(), JsonValue.NULL).add("changedAt", r.changedAt()).add("changedBy", r.changedBy(), JsonValue.NULL)
            .build().toString();
   }

   static StoredSubscription subscription(String json) {
      JsonObject o = JsonLoader.readObject(new StringReader(json));
      return new StoredSubscription(o.getString("queue"), number(o, "queueId"), text(o, "address"), text(o, "filter"),
            text(o, "rule"), o.getBoolean("enabled", true), number(o, "changedAt"), text(o, "changedBy"));
   }

   static StoredAddressRule addressRule(String json) {
      JsonObject o = JsonLoader.readObject(new StringReader(json));
      return new StoredAddressRule(o.getString("address"), number(o, "addressId"), text(o, "rule"),
            number(o, "changedAt"), text(o, "changedBy"));
   }

   private static long number(JsonObject o, String key) {
      JsonNumber value = o.getJsonNumber(key);
      return value == null ? 0 : value.longValue();
   }

   private static String text(JsonObject o, String key) {
      return o.containsKey(key) && !o.isNull(key) ? o.getString(key) : null;
   }
}

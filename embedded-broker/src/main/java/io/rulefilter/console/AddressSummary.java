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
package io.rulefilter.console;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Map;
import java.util.TreeMap;

/**
 * Every filtered address at a glance, from what management's {@code listRules} answers: its subscriptions, its
 * address rule, whether the routing index serves it (and if not, why), and its matched and rejected counts.
 */
final class AddressSummary {

   private AddressSummary() {
   }

   /** @param list what management's {@code listRules} answers; the addresses in name order */
   static ObjectNode of(JsonNode list) {
      Map<String, ObjectNode> addresses = new TreeMap<>();
      for (JsonNode subscription : list.path("subscriptions")) {
         String name = subscription.path("address").asText();
         ObjectNode address = addresses.computeIfAbsent(name, n -> JsonNodeFactory.instance.objectNode().put("address", n)
               .put("subscriptions", 0).put("indexed", true).put("matched", 0L).put("rejected", 0L));
         address.put("subscriptions", address.get("subscriptions").asInt() + 1);
         address.put("matched", address.get("matched").asLong() + subscription.path("matched").asLong());
         address.put("rejected", address.get("rejected").asLong() + subscription.path("rejected").asLong());
         if (!subscription.path("indexed").asBoolean(true)) {
            address.put("indexed", false);
            address.set("routing", subscription.path("routing"));
         }
      }
      for (JsonNode rule : list.path("addressRules")) {
         ObjectNode address = addresses.computeIfAbsent(rule.path("address").asText(), n -> JsonNodeFactory.instance
               .objectNode().put("address", n).put("subscriptions", 0).put("matched", 0L).put("rejected", 0L));
         address.set("addressRule", rule.path("rule"));
         address.set("addressRuleChangedBy", rule.path("changedBy"));
      }
      ObjectNode answer = JsonNodeFactory.instance.objectNode();
      answer.set("node", list.path("node"));
      ArrayNode rows = answer.putArray("addresses");
      addresses.values().forEach(rows::add);
      return answer;
   }
}

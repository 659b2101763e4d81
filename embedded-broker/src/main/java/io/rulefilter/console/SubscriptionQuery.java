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

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * One page of the subscriptions management lists, filtered on the server: a page of a table of thousands of
 * subscriptions is all a browser gets. Ordered by address then queue, so that pages follow each other.
 */
final class SubscriptionQuery {

   static final int DEFAULT_LIMIT = 50;
   static final int MAX_LIMIT = 500;

   private final String text;
   private final int offset;
   private final int limit;

   /** @param text what the address, queue or rule in force must contain, ignoring case; empty for every one */
   SubscriptionQuery(String text, int offset, int limit) {
      this.text = text == null ? "" : text.toLowerCase(Locale.ROOT);
      this.offset = offset;
      this.limit = limit;
   }

   static SubscriptionQuery of(ApiRequest request) throws ApiError {
      int limit = request.number("limit", DEFAULT_LIMIT, MAX_LIMIT);
      return new SubscriptionQuery(request.query().get("q"), request.number("offset", 0, Integer.MAX_VALUE), limit);
   }

   /** @param list what management's {@code listRules} answers */
   ObjectNode page(JsonNode list) {
      List<JsonNode> matching = new ArrayList<>();
      for (JsonNode subscription : list.path("subscriptions")) {
         if (matches(subscription)) {
            matching.add(subscription);
         }
      }
      matching.sort(Comparator.comparing((JsonNode s) -> s.path("address").asText()).thenComparing(s -> s.path("queue").asText()));
      ObjectNode page = JsonNodeFactory.instance.objectNode();
      page.set("node", list.path("node"));
      page.put("total", matching.size());
      page.put("offset", offset);
      page.put("limit", limit);
      ArrayNode rows = page.putArray("subscriptions");
      matching.stream().skip(offset).limit(limit).forEach(rows::add);
      return page;
   }

   private boolean matches(JsonNode subscription) {
      if (text.isEmpty()) {
         return true;
      }
      for (String field : new String[] {"address", "queue", "rule"}) {
         JsonNode value = subscription.get(field);
         if (value != null && value.isTextual() && value.textValue().toLowerCase(Locale.ROOT).contains(text)) {
            return true;
         }
      }
      return false;
   }
}

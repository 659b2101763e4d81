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
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.activemq.artemis.api.core.management.ResourceNames;

/**
 * Messages waiting and consumers of a subscription's queue, read from Artemis's own queue management as the same user
 * (so its roles apply to them too), and added to the subscription as {@code messages} and {@code consumers}. Where
 * management refuses them, both are null and {@code countsError} says why: the rest of the answer still stands.
 */
final class QueueCounts {

   private QueueCounts() {
   }

   static JsonNode addTo(JsonNode subscription, ManagementGateway.Calls calls) {
      if (!(subscription instanceof ObjectNode row) || !subscription.path("queue").isTextual()) {
         return subscription;
      }
      String resource = ResourceNames.QUEUE + subscription.path("queue").textValue();
      try {
         row.put("messages", number(calls.attribute(resource, "MessageCount")));
         row.put("consumers", number(calls.attribute(resource, "ConsumerCount")));
      } catch (ApiError e) {
         row.putNull("messages");
         row.putNull("consumers");
         row.put("countsError", e.getMessage());
      }
      return row;
   }

   private static Long number(Object value) throws ApiError {
      if (value instanceof Number n) {
         return n.longValue();
      }
      throw new ApiError(502, "management answered a count with " + value);
   }
}

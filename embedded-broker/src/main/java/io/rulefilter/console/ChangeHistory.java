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

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The recent changes made through this console, newest first: what changed, old rule → new rule, who, when, on which
 * node, as management answered the change. Kept in memory (a restart forgets it; the broker itself keeps who made the
 * last change of each rule), bounded so that a busy day cannot grow it without end.
 */
final class ChangeHistory {

   static final int MAX_ENTRIES = 200;

   private final Deque<ObjectNode> entries = new ArrayDeque<>();

   /**
    * @param what   e.g. "set rule"
    * @param target {@code address::queue}, or the address for an address rule
    * @param before the rule in force before, null for none
    * @param after  management's answer to the change: its {@code rule}, {@code changedBy}, {@code changedAt}, {@code node}
    */
   synchronized void add(String what, String target, String before, JsonNode after) {
      ObjectNode entry = JsonNodeFactory.instance.objectNode();
      entry.put("what", what);
      entry.put("target", target);
      entry.put("before", before);
      entry.set("after", text(after.path("rule")));
      entry.set("changedBy", text(after.path("changedBy")));
      entry.put("changedAt", after.path("changedAt").asLong(System.currentTimeMillis()));
      entry.set("node", text(after.path("node")));
      entries.addFirst(entry);
      while (entries.size() > MAX_ENTRIES) {
         entries.removeLast();
      }
   }

   synchronized ArrayNode list() {
      ArrayNode list = JsonNodeFactory.instance.arrayNode();
      entries.forEach(entry -> list.add(entry.deepCopy()));
      return list;
   }

   private static JsonNode text(JsonNode value) {
      return value.isTextual() ? value : JsonNodeFactory.instance.nullNode();
   }
}

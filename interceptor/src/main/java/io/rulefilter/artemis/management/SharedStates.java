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
package io.rulefilter.artemis.management;

import io.rulefilter.artemis.log.ClusterRefusals;
import io.rulefilter.artemis.subscription.SubscriptionInfo;
import org.apache.activemq.artemis.json.JsonArray;
import org.apache.activemq.artemis.json.JsonArrayBuilder;
import org.apache.activemq.artemis.json.JsonObject;
import org.apache.activemq.artemis.json.JsonObjectBuilder;
import org.apache.activemq.artemis.json.JsonValue;
import org.apache.activemq.artemis.utils.JsonLoader;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;

/**
 * Shared subscription states as one node sends a batch of them to another ({@link
 * RuleFilterClusterControlMBean#syncSubscriptions}): a JSON array of objects, each what
 * {@link RuleFilterClusterControlMBean#syncSubscription} takes. The receiving node reads them as another node's
 * word: every field is checked, and a batch is bounded.
 */
public final class SharedStates {

   /** The most states one batch carries; a sender splits longer lists. */
   public static final int MAX_BATCH = 500;

   /** One subscription's state as its node holds it; {@code rule} null: no management rule. */
   public record State(String address, String queue, String rule, boolean enabled, long changedAt, String changedBy) {

      /** The state of {@code subscription} to send: its management rule alone (its node's own creation rule stays). */
      public static State of(SubscriptionInfo subscription) {
         return new State(subscription.address(), subscription.queue(), subscription.managementRule(),
               subscription.enabled(), subscription.changedAt(), subscription.changedBy());
      }
   }

   private SharedStates() {
   }

   /** The JSON array of {@code states} (at most {@link #MAX_BATCH}). */
   public static String toJson(List<State> states) {
      if (states.size() > MAX_BATCH) {
         throw ClusterRefusals.batchTooLarge(states.size(), MAX_BATCH);
      }
      JsonArrayBuilder array = JsonLoader.createArrayBuilder();
      for (State s : states) {
         JsonObjectBuilder entry = JsonLoader.createObjectBuilder().add("address", s.address()).add("queue", s.queue());
         if (s.rule() != null) {
            entry.add("rule", s.rule());
         }
         entry.add("enabled", s.enabled()).add("changedAt", s.changedAt());
         if (s.changedBy() != null) {
            entry.add("changedBy", s.changedBy());
         }
         array.add(entry);
      }
      return array.build().toString();
   }

   /**
    * Reads a batch another node sent.
    *
    * @throws IllegalArgumentException naming the entry and field that is missing or of the wrong type, or when the
    *                                  batch is not a JSON array or holds more than {@link #MAX_BATCH} states
    */
   public static List<State> parse(String json) {
      JsonArray array;
      try {
         array = JsonLoader.readArray(new StringReader(json == null ? "" : json));
      } catch (RuntimeException notJson) {
         throw ClusterRefusals.statesNotAnArray(notJson.getMessage());
      }
      if (array.size() > MAX_BATCH) {
         throw ClusterRefusals.batchTooLarge(array.size(), MAX_BATCH);
      }
      List<State> states = new ArrayList<>(array.size());
      for (int i = 0; i < array.size(); i++) {
         if (!(array.get(i) instanceof JsonObject entry)) {
            throw ClusterRefusals.stateNotAnObject(i + 1);
         }
         states.add(new State(text(entry, i, "address"), text(entry, i, "queue"), optionalText(entry, i, "rule"),
               flag(entry, i), number(entry, i), optionalText(entry, i, "changedBy")));
      }
      return states;
   }

   private static String text(JsonObject entry, int at, String field) {
      String value = optionalText(entry, at, field);
      if (value == null) {
         throw ClusterRefusals.stateFieldMissing(at + 1, field);
      }
      return value;
   }

   private static String optionalText(JsonObject entry, int at, String field) {
      JsonValue value = entry.get(field);
      if (value == null || value.getValueType() == JsonValue.ValueType.NULL) {
         return null;
      }
      if (value.getValueType() != JsonValue.ValueType.STRING) {
         throw ClusterRefusals.stateFieldNotText(at + 1, field);
      }
      return entry.getString(field);
   }

   private static boolean flag(JsonObject entry, int at) {
      JsonValue value = entry.get("enabled");
      JsonValue.ValueType type = value == null ? JsonValue.ValueType.NULL : value.getValueType();
      if (type != JsonValue.ValueType.TRUE && type != JsonValue.ValueType.FALSE) {
         throw ClusterRefusals.stateEnabledNotFlag(at + 1);
      }
      return type == JsonValue.ValueType.TRUE;
   }

   private static long number(JsonObject entry, int at) {
      JsonValue value = entry.get("changedAt");
      if (value == null || value.getValueType() != JsonValue.ValueType.NUMBER) {
         throw ClusterRefusals.stateChangedAtNotNumber(at + 1);
      }
      try {
         return entry.getJsonNumber("changedAt").longValueExact();
      } catch (ArithmeticException notWhole) {
         throw ClusterRefusals.stateChangedAtNotWhole(at + 1);
      }
   }
}

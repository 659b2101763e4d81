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
package io.rulefilter.artemis;

import io.rulefilter.artemis.log.PluginLogger;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.json.JsonArray;
import org.apache.activemq.artemis.json.JsonObject;
import org.apache.activemq.artemis.json.JsonValue;
import org.apache.activemq.artemis.utils.JsonLoader;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;

/**
 * The broker properties about RuleFilter that Artemis could not apply. Artemis does not stop for them: it records
 * each in its configuration status ({@code properties/FILE/errors}, logged at debug level only) and registers the
 * plugin anyway, as its no-argument constructor left it. Without this check a wrong {@code init} value (an unknown
 * key, a bad number, an entry not in {@code k=v} form) would start RuleFilter with its defaults and no word of it.
 */
final class BrokerPropertiesErrors {

   private BrokerPropertiesErrors() {
   }

   /** Throws, naming each refused entry and Artemis's reason, when a broker property about RuleFilter failed. */
   static void refuseStartIfAny(Configuration configuration) {
      List<String> ours = about(RuleFilterPlugin.class.getName(), configuration.getStatus());
      if (!ours.isEmpty()) {
         throw PluginLogger.brokerPropertiesRefused(String.join("; ", ours));
      }
   }

   /** Each error entry of {@code status} whose property names {@code className}, as "entry: reason". */
   static List<String> about(String className, String status) {
      List<String> found = new ArrayList<>();
      if (status == null || status.isBlank()) {
         return found;
      }
      JsonObject properties;
      try {
         properties = JsonLoader.readObject(new StringReader(status)).getJsonObject("properties");
      } catch (RuntimeException unreadable) { // Artemis's own record: a form it may change must not stop a broker
         PluginLogger.configurationStatusUnreadable(unreadable.toString());
         return found;
      }
      if (properties == null) {
         return found;
      }
      for (JsonValue file : properties.values()) {
         JsonArray errors = file.getValueType() == JsonValue.ValueType.OBJECT
               ? ((JsonObject) file).getJsonArray("errors") : null;
         for (int i = 0; errors != null && i < errors.size(); i++) {
            JsonObject error = errors.getJsonObject(i);
            String entry = error.getString("value", "");
            if (entry.contains(className)) {
               found.add(entry + ": " + error.getString("reason", "?"));
            }
         }
      }
      return found;
   }
}

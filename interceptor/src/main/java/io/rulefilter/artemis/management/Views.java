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

import io.rulefilter.RuleLanguage;
import io.rulefilter.artemis.store.StoredAddressRule;
import io.rulefilter.artemis.subscription.SubscriptionInfo;
import org.apache.activemq.artemis.api.core.JsonUtil;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What management shows of a subscription or an address rule, as name/value maps: JMX attributes hand them to the
 * console as they are, operations answer with their JSON text. One place, so both always say the same. Every view
 * names the node; a change's time is given twice: {@code changedAt} in epoch milliseconds (0: never changed), for
 * scripts that compare it, and {@code changedAtIso}, ISO-8601 with the broker's zone offset (null: never changed).
 */
final class Views {

   private final String node;
   private final RuleLanguage language;

   Views(String node, RuleLanguage language) {
      this.node = node;
      this.language = language;
   }

   Map<String, Object> subscription(SubscriptionInfo s) {
      Map<String, Object> view = new LinkedHashMap<>();
      view.put("node", node);
      view.put("address", s.address());
      view.put("queue", s.queue());
      view.put("rule", s.rule());
      view.put("source", s.source().text());
      view.put("creationRule", s.creationRule());
      view.put("enabled", s.enabled());
      view.put("addressRule", s.addressRule());
      view.put("exact", exact(s.rule()));
      view.put("indexed", s.indexed());
      view.put("routing", s.routing());
      view.put("matched", s.matched());
      view.put("rejected", s.rejected());
      changed(view, s.changedAt(), s.changedBy());
      view.put("purged", s.purged());
      return view;
   }

   Map<String, Object> addressRule(StoredAddressRule r) {
      Map<String, Object> view = new LinkedHashMap<>();
      view.put("node", node);
      view.put("address", r.address());
      view.put("rule", r.rule());
      changed(view, r.changedAt(), r.changedBy());
      return view;
   }

   Map<String, Object> stats(SubscriptionInfo s) {
      Map<String, Object> view = new LinkedHashMap<>();
      view.put("node", node);
      view.put("address", s.address());
      view.put("queue", s.queue());
      view.put("matched", s.matched());
      view.put("rejected", s.rejected());
      changed(view, s.changedAt(), s.changedBy());
      return view;
   }

   /** A view of this node that starts with its name, for answers of their own (a translation, the list). */
   Map<String, Object> named() {
      Map<String, Object> view = new LinkedHashMap<>();
      view.put("node", node);
      return view;
   }

   private static void changed(Map<String, Object> view, long changedAt, String changedBy) {
      view.put("changedAt", changedAt);
      view.put("changedAtIso", changedAt == 0 ? null
            : OffsetDateTime.ofInstant(Instant.ofEpochMilli(changedAt), ZoneId.systemDefault())
                  .format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
      view.put("changedBy", changedBy);
   }

   static String json(Map<String, ?> view) {
      return JsonUtil.toJsonObject(view).toString();
   }

   /**
    * Whether the rule's SQL-92 translation means exactly the rule (where it does not, RuleFilter evaluates the rule
    * itself); null when no rule is in force.
    */
   private Boolean exact(String rule) {
      if (rule == null) {
         return null;
      }
      try {
         return language.translate(language.parseStored(rule)).isExact();
      } catch (RuntimeException e) {
         return null; // a rule in force always parses; should the limits ever refuse it, management still answers
      }
   }
}

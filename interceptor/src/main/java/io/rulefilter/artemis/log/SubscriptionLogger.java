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
package io.rulefilter.artemis.log;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Messages of subscriptions: their stored state at start, filters Artemis replaces, browsing paged messages. */
public final class SubscriptionLogger {

   private static final Logger LOG = LoggerFactory.getLogger("io.rulefilter.artemis.subscription");

   private static final LogMessage STALE_STATE_DROPPED = LogMessage.info(LOG, 1101,
         "the stored state of queue '{}' belongs to an earlier queue of that name or to a filter replaced since; dropped");
   private static final LogMessage FILTER_REPLACED = LogMessage.info(LOG, 1102,
         "the filter of queue '{}' was replaced through Artemis; its management rule and switch give way to the new "
         + "filter");
   private static final LogMessage QUEUE_STATE_DROPPED = LogMessage.info(LOG, 1103,
         "dropped the stored state of queue '{}', which no longer exists");
   private static final LogMessage ADDRESS_RULE_DROPPED = LogMessage.info(LOG, 1104,
         "dropped the stored rule of address '{}', which no longer exists");
   private static final LogMessage FILTER_RULE_INVALID = LogMessage.warn(LOG, 2104,
         "queue '{}' carries a rule that is not valid ({}); it keeps its SQL filter");
   private static final LogMessage STORED_RULE_DOES_NOT_PARSE = LogMessage.warn(LOG, 2105,
         "ignoring {}, which does not parse: {}");
   private static final LogMessage ADDRESS_RULE_NOT_STORED_AGAIN = LogMessage.warn(LOG, 2106,
         "could not store the rule of address '{}' again for the address's id now (its routing types changed); it is "
         + "in force until the broker stops, then dropped: set it again");
   private static final LogMessage NEW_FILTER_NOT_TAKEN = LogMessage.warn(LOG, 2107,
         "queue '{}' was given a filter whose rule is not taken ({}); it keeps the filter and rules it had");
   private static final LogMessage TYPEB_RULE_WHERE_TYPEB_OFF = LogMessage.warn(LOG, 2109,
         "the rule of {} tests @typeb, but the setting {} does not turn Type B on for address '{}': it keeps its meaning "
         + "(bodies are read for it); give it a rule without @typeb, or turn Type B on there");
   private static final LogMessage PAGED_BROWSING_NOT_ROUTED = LogMessage.warn(LOG, 2301,
         "could not let browsers of queue '{}' see its paged messages as routed");
   private static final LogMessage PAGE_FILTER_HIDDEN = LogMessage.warn(LOG, 2302,
         "this Artemis version hides the page subscription's filter; browsers of paged subscriptions may not see "
         + "messages routed under a changed rule");

   private SubscriptionLogger() {
   }

   public static void staleStateDropped(Object queue) {
      STALE_STATE_DROPPED.log(queue);
   }

   public static void filterReplaced(Object queue) {
      FILTER_REPLACED.log(queue);
   }

   public static void queueStateDropped(Object queue) {
      QUEUE_STATE_DROPPED.log(queue);
   }

   public static void addressRuleDropped(Object address) {
      ADDRESS_RULE_DROPPED.log(address);
   }

   public static void filterRuleInvalid(Object queue, String reason) {
      FILTER_RULE_INVALID.log(queue, reason);
   }

   public static void storedRuleDoesNotParse(String owner, String reason) {
      STORED_RULE_DOES_NOT_PARSE.log(owner, reason);
   }

   public static void addressRuleNotStoredAgain(Object address, Throwable cause) {
      ADDRESS_RULE_NOT_STORED_AGAIN.log(address, cause);
   }

   public static void newFilterNotTaken(Object queue, String reason) {
      NEW_FILTER_NOT_TAKEN.log(queue, reason);
   }

   public static void typeBRuleWhereTypeBOff(String owner, String setting, Object address) {
      TYPEB_RULE_WHERE_TYPEB_OFF.log(owner, setting, address);
   }

   public static void pagedBrowsingNotRouted(Object queue, Throwable cause) {
      PAGED_BROWSING_NOT_ROUTED.log(queue, cause);
   }

   public static void pageFilterHidden(Throwable cause) {
      PAGE_FILTER_HIDDEN.log(cause);
   }
}

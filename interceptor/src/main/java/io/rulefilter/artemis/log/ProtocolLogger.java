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

/** Messages of the client protocols: selectors that carry raw rules, consumers' rules, broker.xml queue filters. */
public final class ProtocolLogger {

   private static final Logger LOG = LoggerFactory.getLogger("io.rulefilter.artemis.protocol");

   private static final LogMessage RAW_RULES_RECOGNISED = LogMessage.info(LOG, 1010,
         "raw rules recognised in selectors of {}");
   private static final LogMessage CONSUMER_RULES_ENFORCED = LogMessage.info(LOG, 1301,
         "enforcing rules that consumers use as selectors (first: consumer {} on queue '{}')");
   private static final LogMessage SELECTOR_KEEPS_VERSION_1_MEANING = LogMessage.warn(LOG, 2108,
         "the selector '{}' keeps the meaning version 1 of the rule language gave it, '{}': {}");
   private static final LogMessage SELECTOR_NOT_SHOWN = LogMessage.warn(LOG, 2401,
         "could not show a client its selector");
   private static final LogMessage QUEUE_QUERY_FILTER_HIDDEN = LogMessage.warn(LOG, 2402,
         "this Artemis version hides the queue query filter; durable subscribers that use raw rules as selectors will be "
         + "recreated on reconnect");
   private static final LogMessage STOMP_MODULE_HIDDEN = LogMessage.warn(LOG, 2403,
         "this STOMP module hides what RuleFilter reads; STOMP subscribers must use the selector form");
   private static final LogMessage STOMP_SELECTOR_UNREADABLE = LogMessage.warn(LOG, 2404,
         "a STOMP subscription's selector could not be read; the subscription is refused (logged at most once a minute)");
   private static final LogMessage CONFIGURED_FILTER_INVALID = LogMessage.error(LOG, 3101,
         "the filter of queue '{}' in the broker configuration is neither SQL nor a valid rule; Artemis will not deploy "
         + "the queue: {}");

   private ProtocolLogger() {
   }

   public static void rawRulesRecognised(boolean stomp) {
      RAW_RULES_RECOGNISED.log(stomp ? "CORE and STOMP" : "CORE");
   }

   public static void consumerRulesEnforced(Object consumer, Object queue) {
      CONSUMER_RULES_ENFORCED.log(consumer, queue);
   }

   public static void selectorKeepsVersion1Meaning(String selector, String canonical, String reason) {
      SELECTOR_KEEPS_VERSION_1_MEANING.log(selector, canonical, reason);
   }

   public static void selectorNotShown(Throwable cause) {
      SELECTOR_NOT_SHOWN.log(cause);
   }

   public static void queueQueryFilterHidden(Throwable cause) {
      QUEUE_QUERY_FILTER_HIDDEN.log(cause);
   }

   public static void stompModuleHidden(Throwable cause) {
      STOMP_MODULE_HIDDEN.log(cause);
   }

   /** Callers say it at most once a minute: a hostile client must not flood the log. */
   public static void stompSelectorUnreadable(Throwable cause) {
      STOMP_SELECTOR_UNREADABLE.log(cause);
   }

   public static void configuredFilterInvalid(Object queue, Object reason) {
      CONFIGURED_FILTER_INVALID.log(queue, reason);
   }
}

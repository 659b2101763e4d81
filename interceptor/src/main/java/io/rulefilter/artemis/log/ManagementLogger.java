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

/** Messages of rule management: each change and who made it, its listeners, and storing it in the journal. */
public final class ManagementLogger {

   private static final Logger LOG = LoggerFactory.getLogger("io.rulefilter.artemis.management");

   private static final LogMessage RULE_SET = LogMessage.info(LOG, 1001,
         "rule of queue '{}' on address '{}' set to '{}' by {}{}");
   private static final LogMessage RULE_REMOVED = LogMessage.info(LOG, 1002,
         "management rule of queue '{}' on address '{}' removed by {}; in force now: {}");
   private static final LogMessage FILTERING_SWITCHED = LogMessage.info(LOG, 1003,
         "filtering of queue '{}' on address '{}' {} by {}");
   private static final LogMessage ADDRESS_RULE_SET = LogMessage.info(LOG, 1004,
         "address rule of '{}' set to '{}' by {}");
   private static final LogMessage ADDRESS_RULE_REMOVED = LogMessage.info(LOG, 1005,
         "address rule of '{}' removed by {}");
   private static final LogMessage SHARED_STATE_TAKEN = LogMessage.info(LOG, 1006,
         "queue '{}' on address '{}' takes its shared subscription's state from another cluster node: rule {}, "
         + "filtering {} (changed by {})");
   private static final LogMessage ADDRESS_RULE_TAKEN = LogMessage.info(LOG, 1007,
         "address rule of '{}' {} from another cluster node (changed by {})");
   private static final LogMessage LISTENER_FAILED = LogMessage.warn(LOG, 2009,
         "{} failed on the change of {}; the change stands");
   private static final LogMessage CHANGE_NOT_STORED = LogMessage.error(LOG, 3001,
         "a rule change could not be stored in the journal; nothing changed");
   private static final LogMessage CHANGE_NOT_CONFIRMED = LogMessage.error(LOG, 3003,
         "a rule change was not confirmed by the journal ({}); refused, nothing changed here, but a backup that takes "
         + "over before the record written back reaches it runs the refused change. A backup that stays connected "
         + "without answering keeps every change refused: stop it");
   private static final LogMessage REFUSED_CHANGE_NOT_WRITTEN_BACK = LogMessage.error(LOG, 3004,
         "a rule change was refused ({}), and the record it replaced could not be written back: the journal holds the "
         + "refused change, which this broker's next start loads");

   private ManagementLogger() {
   }

   /** {@code purged}: the queued messages the rule rejects that were removed, when {@code purge} asked for it. */
   public static void ruleSet(Object queue, Object address, String rule, String changedBy, boolean purge, long purged) {
      RULE_SET.log(queue, address, rule, changedBy, purge ? " (" + purged + " queued messages it rejects removed)" : "");
   }

   public static void ruleRemoved(Object queue, Object address, String changedBy, Object inForce) {
      RULE_REMOVED.log(queue, address, changedBy, inForce);
   }

   public static void filteringSwitched(Object queue, Object address, boolean enabled, String changedBy) {
      FILTERING_SWITCHED.log(queue, address, enabled ? "enabled" : "disabled", changedBy);
   }

   public static void addressRuleSet(Object address, Object rule, String changedBy) {
      ADDRESS_RULE_SET.log(address, rule, changedBy);
   }

   public static void addressRuleRemoved(Object address, String changedBy) {
      ADDRESS_RULE_REMOVED.log(address, changedBy);
   }

   /** {@code rule} is null when the queue goes by its selector. */
   public static void sharedStateTaken(Object queue, Object address, String rule, boolean enabled, String changedBy) {
      SHARED_STATE_TAKEN.log(queue, address, rule == null ? "of its selector" : "'" + rule + "'", enabled ? "on" : "off",
            changedBy);
   }

   /** {@code rule} is null when the other node removed it. */
   public static void addressRuleTaken(Object address, String rule, String changedBy) {
      ADDRESS_RULE_TAKEN.log(address, rule == null ? "removed" : "set to '" + rule + "'", changedBy);
   }

   public static void listenerFailed(Object listener, Object change, Throwable cause) {
      LISTENER_FAILED.log(listener, change, cause);
   }

   public static void changeNotStored(Throwable cause) {
      CHANGE_NOT_STORED.log(cause);
   }

   public static void changeNotConfirmed(Object unconfirmed) {
      CHANGE_NOT_CONFIRMED.log(unconfirmed);
   }

   public static void refusedChangeNotWrittenBack(Object unconfirmed, Throwable cause) {
      REFUSED_CHANGE_NOT_WRITTEN_BACK.log(unconfirmed, cause);
   }
}

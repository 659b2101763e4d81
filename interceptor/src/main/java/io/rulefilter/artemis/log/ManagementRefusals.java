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

/**
 * Refusals of a management change that the broker could not carry out or may not take (the journal did not store or
 * confirm it, its queue or address went meanwhile, it comes from an unknown or implausible caller): the message of
 * the exception the caller gets, with its id. They are not logged here; the log says what else is to know.
 */
public final class ManagementRefusals {

   private static final Logger LOG = LoggerFactory.getLogger("io.rulefilter.artemis.management");

   private static final LogMessage CHANGE_NOT_STORED = LogMessage.thrown(LOG, 4001,
         "the change could not be stored, nothing changed: {}");
   private static final LogMessage REFUSED_CHANGE_KEPT = LogMessage.thrown(LOG, 4002,
         "the change was not confirmed by the journal ({}) and is not in force, but the journal keeps it: the next "
         + "start loads it ({})");
   private static final LogMessage CHANGE_NOT_CONFIRMED = LogMessage.thrown(LOG, 4003,
         "the change was not confirmed by the journal ({}), so nothing changed; try again once the backup answers, or "
         + "stop the backup (one that stays connected without answering keeps every change refused)");
   private static final LogMessage QUEUE_GONE = LogMessage.thrown(LOG, 4004,
         "queue '{}' was deleted while the change was being stored; nothing changed");
   private static final LogMessage ADDRESS_GONE = LogMessage.thrown(LOG, 4005,
         "address '{}' was deleted while the change was being stored; nothing changed");
   private static final LogMessage CHANGE_DATED_AHEAD = LogMessage.thrown(LOG, 4006,
         "changedAt {} lies more than a minute in the future");
   private static final LogMessage NODE_OPERATION_WITHOUT_SECURITY = LogMessage.thrown(LOG, 4007,
         "{} is refused: Artemis security is disabled on this node, so the caller cannot be told from another node of "
         + "the cluster; turn security on, or set the RuleFilter plugin property {}=true on every node of a closed network");
   private static final LogMessage NODE_OPERATION_NOT_FROM_NODE = LogMessage.thrown(LOG, 4008,
         "{} is for other nodes of the cluster only (their cluster user)");

   private ManagementRefusals() {
   }

   public static IllegalStateException changeNotStored(Exception cause) {
      return new IllegalStateException(CHANGE_NOT_STORED.formatted(cause), cause);
   }

   public static IllegalStateException refusedChangeKept(String unconfirmed, Exception cause) {
      return new IllegalStateException(REFUSED_CHANGE_KEPT.formatted(unconfirmed, cause), cause);
   }

   public static IllegalStateException changeNotConfirmed(String unconfirmed) {
      return new IllegalStateException(CHANGE_NOT_CONFIRMED.formatted(unconfirmed));
   }

   /** The message of the refusal whose type tells callers that the queue is gone. */
   public static String queueGone(String queue) {
      return QUEUE_GONE.formatted(queue);
   }

   public static IllegalStateException addressGone(String address) {
      return new IllegalStateException(ADDRESS_GONE.formatted(address));
   }

   public static IllegalArgumentException changeDatedAhead(long changedAt) {
      return new IllegalArgumentException(CHANGE_DATED_AHEAD.formatted(changedAt));
   }

   public static SecurityException nodeOperationWithoutSecurity(String operation, String trustSetting) {
      return new SecurityException(NODE_OPERATION_WITHOUT_SECURITY.formatted(operation, trustSetting));
   }

   public static SecurityException nodeOperationNotFromNode(String operation) {
      return new SecurityException(NODE_OPERATION_NOT_FROM_NODE.formatted(operation));
   }
}

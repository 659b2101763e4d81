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

import java.util.List;

/**
 * Refusals of management operations: what they name does not exist or takes no rules, or the broker could not carry
 * out or may not take a change (the journal did not store or confirm it, its queue or address went meanwhile, it
 * comes from an unknown or implausible caller). Each is the message of the exception the caller gets, with its id;
 * none is logged here, the log says what else is to know.
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

   private static final LogMessage RULE_REQUIRED = LogMessage.thrown(LOG, 4009,
         "a rule is required");
   private static final LogMessage ADDRESS_REQUIRED = LogMessage.thrown(LOG, 4010,
         "an address is required");
   private static final LogMessage NO_SUCH_ADDRESS = LogMessage.thrown(LOG, 4011,
         "no address named '{}'");
   private static final LogMessage ADDRESS_OF_ARTEMIS = LogMessage.thrown(LOG, 4012,
         "address '{}' is Artemis's own (internal or management); it takes no rules");
   private static final LogMessage ADDRESS_TEMPORARY = LogMessage.thrown(LOG, 4013,
         "address '{}' is temporary: it goes with its connection and is never stored, so it takes no rules");
   private static final LogMessage QUEUE_REQUIRED = LogMessage.thrown(LOG, 4014,
         "a queue name is required");
   private static final LogMessage NO_SUCH_QUEUE = LogMessage.thrown(LOG, 4015,
         "no queue named '{}'");
   private static final LogMessage NO_SUCH_QUEUE_ON_ADDRESS = LogMessage.thrown(LOG, 4016,
         "no queue named '{}' on address '{}'");
   private static final LogMessage QUEUE_ON_OTHER_ADDRESS = LogMessage.thrown(LOG, 4017,
         "queue '{}' is bound to address '{}', not '{}'");

   private static final LogMessage WIDENING_WITH_OLDER_NODE = LogMessage.thrown(LOG, 4018,
         "cluster node {} runs an older RuleFilter, which cannot be told to forward queue '{}' what its new rule accepts; "
         + "nothing changed: upgrade every node first");
   private static final LogMessage WIDENING_NOT_CONFIRMED = LogMessage.thrown(LOG, 4019,
         "cluster node {} did not confirm that it forwards queue '{}' what its new rule accepts ({}); nothing changed, "
         + "try again");

   private static final LogMessage FILTER_REPLACED_MEANWHILE = LogMessage.thrown(LOG, 4020,
         "the filter of queue '{}' was replaced while the change was being stored; nothing changed, try again");
   private static final LogMessage BROKER_NOT_ACTIVE = LogMessage.thrown(LOG, 4021,
         "this broker is not active (a backup that has not taken over, or a broker still starting): its subscriptions "
         + "and rules apply once it is; ask the active broker");

   /** The ids of refusals whose queue or address does not exist, for callers that answer them as "not found". */
   private static final List<String> NOT_FOUND = List.of(NO_SUCH_ADDRESS, NO_SUCH_QUEUE, NO_SUCH_QUEUE_ON_ADDRESS).stream()
         .map(message -> LogMessage.idText(message.id()) + " ").toList();

   private ManagementRefusals() {
   }

   /** Whether a management refusal's text says that the queue or address it names does not exist. */
   public static boolean isNotFound(String refusal) {
      return NOT_FOUND.stream().anyMatch(refusal::contains);
   }

   public static IllegalArgumentException ruleRequired() {
      return new IllegalArgumentException(RULE_REQUIRED.formatted());
   }

   public static IllegalArgumentException addressRequired() {
      return new IllegalArgumentException(ADDRESS_REQUIRED.formatted());
   }

   public static IllegalArgumentException noSuchAddress(String address) {
      return new IllegalArgumentException(NO_SUCH_ADDRESS.formatted(address));
   }

   public static IllegalArgumentException addressOfArtemis(String address) {
      return new IllegalArgumentException(ADDRESS_OF_ARTEMIS.formatted(address));
   }

   public static IllegalArgumentException addressTemporary(String address) {
      return new IllegalArgumentException(ADDRESS_TEMPORARY.formatted(address));
   }

   public static IllegalArgumentException queueRequired() {
      return new IllegalArgumentException(QUEUE_REQUIRED.formatted());
   }

   public static IllegalArgumentException noSuchQueue(String queue) {
      return new IllegalArgumentException(NO_SUCH_QUEUE.formatted(queue));
   }

   public static IllegalArgumentException noSuchQueueOnAddress(String queue, String address) {
      return new IllegalArgumentException(NO_SUCH_QUEUE_ON_ADDRESS.formatted(queue, address));
   }

   public static IllegalArgumentException queueOnOtherAddress(String queue, String boundTo, String asked) {
      return new IllegalArgumentException(QUEUE_ON_OTHER_ADDRESS.formatted(queue, boundTo, asked));
   }

   public static IllegalStateException filterReplacedMeanwhile(String queue) {
      return new IllegalStateException(FILTER_REPLACED_MEANWHILE.formatted(queue));
   }

   public static IllegalStateException brokerNotActive() {
      return new IllegalStateException(BROKER_NOT_ACTIVE.formatted());
   }

   public static IllegalStateException wideningWithOlderNode(String node, String queue) {
      return new IllegalStateException(WIDENING_WITH_OLDER_NODE.formatted(node, queue));
   }

   public static IllegalStateException wideningNotConfirmed(String node, String queue, Exception cause) {
      return new IllegalStateException(WIDENING_NOT_CONFIRMED.formatted(node, queue, cause.getMessage()), cause);
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

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

/** Messages of clustering: the other nodes, what they run, and the states and changes sent to them. */
public final class ClusterLogger {

   private static final Logger LOG = LoggerFactory.getLogger("io.rulefilter.artemis.cluster");

   private static final LogMessage CLUSTERED = LogMessage.info(LOG, 1020,
         "clustered; each node's rules decide what enters its own queues, for messages published on any node (other "
         + "nodes forward by the rule in force for each queue)");
   private static final LogMessage NODE_NOT_REACHABLE = LogMessage.warn(LOG, 2602,
         "cluster node {} is not reachable now; it takes {} when its queues are back");
   private static final LogMessage FORWARDED_NOT_CONFIRMED = LogMessage.warn(LOG, 2603,
         "messages forwarded to cluster node {} were not confirmed within {} ms; a rule changed there may judge some of "
         + "them by the new rule");
   private static final LogMessage NODE_WITHOUT_RULEFILTER = LogMessage.warn(LOG, 2604,
         "cluster node {} runs without RuleFilter; its queues get what their SQL filters take, with no rules judged there");
   private static final LogMessage NODE_RUNS_OLDER_VERSION = LogMessage.warn(LOG, 2605,
         "cluster node {} runs an older RuleFilter; its queues are forwarded everything (it judges what arrives), and "
         + "rule changes that widen what a queue accepts are refused until every node runs this version");
   private static final LogMessage STATE_REFUSED = LogMessage.warn(LOG, 2606,
         "cluster node {} refused {} ({}); its state differs from this node's until the next change of it");
   private static final LogMessage STATE_NOT_TAKEN_BY_OLDER_VERSION = LogMessage.warn(LOG, 2607,
         "cluster node {} runs an older RuleFilter and cannot take {}; upgrade every node to keep shared subscriptions "
         + "in step");
   private static final LogMessage SECURITY_DISABLED = LogMessage.warn(LOG, 2608,
         "Artemis security is disabled, so any client could call the operations between cluster nodes in the cluster "
         + "user's name: they are refused, other nodes forward everything to this one and rule changes that widen what "
         + "a queue accepts are refused; turn security on, or set the plugin property {}=true on a closed network");
   private static final LogMessage NODE_NOT_REACHABLE_FOR_STATES = LogMessage.warn(LOG, 2609,
         "cluster node {} is not reachable now; it takes {} shared subscription states when its queues are back");
   private static final LogMessage STATES_REFUSED = LogMessage.warn(LOG, 2610,
         "cluster node {} refused {} shared subscription states ({}); its states differ from this node's until the "
         + "next change of each");
   private static final LogMessage STATE_NOT_SENT = LogMessage.warn(LOG, 2611,
         "could not send {} to cluster node {} ({}); it takes it when its queues are back");
   private static final LogMessage QUEUE_SHARERS_NOT_LOOKED_UP = LogMessage.warn(LOG, 2612,
         "could not look up which cluster nodes share queue '{}'");
   private static final LogMessage STATES_NOT_SENT = LogMessage.warn(LOG, 2613,
         "could not send {} shared subscription states to cluster node {} ({}); it takes them when its queues are back");
   private static final LogMessage ADDRESS_SHARERS_NOT_LOOKED_UP = LogMessage.warn(LOG, 2614,
         "could not look up which cluster nodes share the queues of address '{}'");
   private static final LogMessage ONE_OF_STATES_REFUSED = LogMessage.warn(LOG, 2615,
         "cluster node {} refused subscription '{}' ({}); its state differs from this node's until the next change of it");

   private ClusterLogger() {
   }

   public static void clustered() {
      CLUSTERED.log();
   }

   public static void nodeNotReachable(Object node, String what) {
      NODE_NOT_REACHABLE.log(node, what);
   }

   public static void stateNotSent(String what, Object node, String reason) {
      STATE_NOT_SENT.log(what, node, reason);
   }

   public static void queueSharersNotLookedUp(Object queue, Throwable cause) {
      QUEUE_SHARERS_NOT_LOOKED_UP.log(queue, cause);
   }

   public static void forwardedNotConfirmed(Object node, long waitedMs) {
      FORWARDED_NOT_CONFIRMED.log(node, waitedMs);
   }

   public static void nodeWithoutRuleFilter(Object node) {
      NODE_WITHOUT_RULEFILTER.log(node);
   }

   public static void nodeRunsOlderVersion(Object node) {
      NODE_RUNS_OLDER_VERSION.log(node);
   }

   public static void stateRefused(Object node, String what, String reason) {
      STATE_REFUSED.log(node, what, reason);
   }

   public static void stateNotTakenByOlderVersion(Object node, String what) {
      STATE_NOT_TAKEN_BY_OLDER_VERSION.log(node, what);
   }

   public static void securityDisabled(String trustSetting) {
      SECURITY_DISABLED.log(trustSetting);
   }

   public static void nodeNotReachableForStates(Object node, int states) {
      NODE_NOT_REACHABLE_FOR_STATES.log(node, states);
   }

   public static void statesRefused(Object node, int states, String reason) {
      STATES_REFUSED.log(node, states, reason);
   }

   public static void statesNotSent(int states, Object node, String reason) {
      STATES_NOT_SENT.log(states, node, reason);
   }

   public static void addressSharersNotLookedUp(Object address, Throwable cause) {
      ADDRESS_SHARERS_NOT_LOOKED_UP.log(address, cause);
   }

   public static void oneOfStatesRefused(Object node, String queue, String reason) {
      ONE_OF_STATES_REFUSED.log(node, queue, reason);
   }
}

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

/**
 * RuleFilter's management operations, as a JMX MBean and as the management resource {@code rulefilter}
 * (call them with {@code JMSManagementHelper.putOperationInvocation(message, "rulefilter", "setRule", …)}).
 * Results are JSON text; a refused call throws with a message that says why, and changes nothing.
 */
public interface RuleFilterControlMBean {

   String RESOURCE_NAME = "rulefilter";

   /** Sets the subscription's rule, overriding the rule it was created with. Returns the subscription as JSON. */
   String setRule(String address, String queue, String rule) throws Exception;

   /** Like {@link #setRule(String, String, String)}; with {@code purge}, removes queued messages the new rule rejects. */
   String setRule(String address, String queue, String rule, boolean purge) throws Exception;

   /** The subscription as JSON: its rule in force, where it comes from, switch, address rule, counters. */
   String getRule(String address, String queue);

   /** Drops the management rule; the subscription goes back to the rule it was created with, or to none. */
   String removeRule(String address, String queue) throws Exception;

   String setAddressRule(String address, String rule) throws Exception;

   /** The address rule as JSON, or {@code null} when the address has none. */
   String getAddressRule(String address);

   /** True when there was an address rule to remove. */
   boolean removeAddressRule(String address) throws Exception;

   /** Turns the subscription's filtering on again. */
   String enable(String address, String queue) throws Exception;

   /** Turns the subscription's filtering off: it receives every message of its address; its rule is kept. */
   String disable(String address, String queue) throws Exception;

   /** Every filtered subscription and every address rule, and what other nodes forwarded here, as JSON. */
   String listRules();

   /** Deliveries other nodes of the cluster forwarded to this node's queues, each judged here by the queue's rules. */
   long getForwardedJudged();

   /** Of the forwarded deliveries, those the target queue's rules rejected here: what crossed the wire in vain. */
   long getForwardedRejected();

   /** Counters of one subscription as JSON: matched, rejected, last change. */
   String stats(String address, String queue);

   /** The canonical form of a rule; throws with the error and a caret when it is invalid. */
   String check(String rule);

   /** A rule's translation as JSON: rule, canonical, filter, exact, selector. */
   String translate(String rule);

   /**
    * Between the nodes of a cluster: another node's state of a shared subscription whose queue this broker holds too
    * ({@code rule} null: no management rule); applied when newer ({@code changedAt} in epoch milliseconds) than this
    * broker's. Returns true when applied.
    */
   boolean syncSubscription(String address, String queue, String rule, boolean enabled, long changedAt,
                            String changedBy) throws Exception;

   /** Between the nodes of a cluster: another node's address rule ({@code rule} null: removed), applied when newer. */
   boolean syncAddressRule(String address, String rule, long changedAt, String changedBy) throws Exception;

   /**
    * Between the nodes of a cluster: node {@code node}'s queue {@code queue} is about to accept by a new state, its
    * {@code epoch}-th change: by the rule it was created with ({@code managed} false), by the management rule
    * {@code rule}, or everything ({@code rule} null). Returns once this broker's copy of it forwards what it forwarded
    * before and what the new state accepts, and what it forwarded to that node before is confirmed there.
    */
   void copyForwardsAlso(String node, String queue, boolean managed, String rule, long epoch) throws Exception;

   /**
    * Between the nodes of a cluster: node {@code node}'s queue {@code queue} accepts by this state now (parameters as
    * {@link #copyForwardsAlso}); this broker's copy of it forwards by it alone.
    */
   void copyForwards(String node, String queue, boolean managed, String rule, long epoch) throws Exception;

   /**
    * Between the nodes of a cluster: node {@code node}'s queue {@code queue} was given the filter {@code filterString}
    * (empty: none) by Artemis's updateQueue, its {@code epoch}-th change; returns once this broker's copy of the queue
    * forwards by it (Artemis's own word of it replaces the copy's filter with a plain one; RuleFilter's is put back).
    */
   void copyFilterReplaced(String node, String queue, String filterString, long epoch) throws Exception;

   /**
    * Between the nodes of a cluster: this broker's queues with a management rule or switch, each with its management
    * rule (none: its switch is off, it accepts everything), and their epoch, as JSON.
    */
   String managedQueues();
}

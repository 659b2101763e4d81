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
 * What the nodes of a cluster call on each other, as their cluster user and through the management resource
 * {@code rulefilter.cluster}; every other caller is refused. Kept apart from {@link RuleFilterControlMBean} so that
 * operators never meet these operations beside theirs (in JMX it is
 * {@code <domain>:broker="<name>",component=rulefilter,subcomponent=cluster}).
 */
public interface RuleFilterClusterControlMBean {

   String RESOURCE_NAME = "rulefilter.cluster";

   /**
    * The key of the metadata a node puts on the session it calls these operations on: its name as Artemis knows it
    * (its node id when it has none), so that a change taken from it can say where it came from. Nodes of an earlier
    * version send none; Artemis keeps metadata with the session, so an earlier node ignores it.
    */
   String SENDER_METADATA = "rulefilter-node";

   /**
    * Another node's state of a shared subscription whose queue this broker holds too ({@code rule} null: no
    * management rule); applied when newer ({@code changedAt} in epoch milliseconds) than this broker's. Returns true
    * when applied.
    */
   boolean syncSubscription(String address, String queue, String rule, boolean enabled, long changedAt,
                            String changedBy) throws Exception;

   /**
    * Other nodes' states of shared subscriptions whose queues this broker holds too, as {@link #syncSubscription} takes
    * them, in one call: a JSON array ({@link SharedStates}) of at most {@value SharedStates#MAX_BATCH} objects with
    * {@code address}, {@code queue}, {@code rule} (absent: none), {@code enabled}, {@code changedAt} and
    * {@code changedBy}. Each is applied when newer; one this broker refuses (its queue is not here, its rule does not
    * parse) leaves the others applied. Returns a JSON object: {@code applied}, the number put in force, and
    * {@code refused}, each refused state's {@code queue}, {@code address} and {@code reason}.
    */
   String syncSubscriptions(String states) throws Exception;

   /** Another node's address rule ({@code rule} null: removed), applied when newer. */
   boolean syncAddressRule(String address, String rule, long changedAt, String changedBy) throws Exception;

   /**
    * Node {@code node}'s queue {@code queue} is about to accept by a new state, its {@code epoch}-th change: by the
    * rule it was created with ({@code managed} false), by the management rule {@code rule}, or everything
    * ({@code rule} null). Returns once this broker's copy of it forwards what it forwarded before and what the new
    * state accepts, and what it forwarded to that node before is confirmed there. Called by nodes of the previous
    * version; this one calls {@link #copyForwardsAlsoFrom}.
    */
   void copyForwardsAlso(String node, String queue, boolean managed, String rule, long epoch) throws Exception;

   /**
    * As {@link #copyForwardsAlso}, but returns as soon as this broker's copy forwards what either state accepts; the
    * node making the change then asks {@link #copyForwardsConfirmed} until it holds, so that no thread of this broker
    * waits for it.
    */
   void copyForwardsAlsoFrom(String node, String queue, boolean managed, String rule, long epoch) throws Exception;

   /**
    * Whether what this broker forwarded to node {@code node}'s queue {@code queue} before its {@code epoch}-th change
    * ({@link #copyForwardsAlsoFrom}) is confirmed there, or given up on after 5 s (logged); true when nothing is
    * awaited.
    */
   boolean copyForwardsConfirmed(String node, String queue, long epoch);

   /**
    * Node {@code node}'s queue {@code queue} accepts by this state now (parameters as {@link #copyForwardsAlso});
    * this broker's copy of it forwards by it alone.
    */
   void copyForwards(String node, String queue, boolean managed, String rule, long epoch) throws Exception;

   /**
    * Node {@code node}'s queue {@code queue} was given the filter {@code filterString} (empty: none) by Artemis's
    * updateQueue, its {@code epoch}-th change; returns once this broker's copy of the queue forwards by it (Artemis's
    * own word of it replaces the copy's filter with a plain one; RuleFilter's is put back).
    */
   void copyFilterReplaced(String node, String queue, String filterString, long epoch) throws Exception;

   /**
    * This broker's queues with a management rule or switch, each with its management rule (none: its switch is off,
    * it accepts everything), and their epoch, as JSON.
    */
   String managedQueues();
}

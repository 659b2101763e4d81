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

import io.rulefilter.artemis.log.ManagementRefusals;

import java.util.Comparator;

/**
 * The order of changes to one state (a subscription's, an address rule) across the nodes of a cluster, where each
 * node dates its own changes by its clock: the later change wins everywhere, on a tie the greater name of who made
 * it, and if that ties too (one user on two nodes in the same millisecond) the greater state, a removal first, so
 * that every node picks the same one.
 */
final class ChangeOrder {

   private static final long MAX_CLOCK_AHEAD_MS = 60_000;
   private static final Comparator<String> NULL_FIRST = Comparator.nullsFirst(Comparator.naturalOrder());

   private ChangeOrder() {
   }

   /**
    * Whether a change made at {@code at} by {@code by} to {@code state} comes after one made at {@code localAt} by
    * {@code localBy} to {@code localState}; states are the canonical rule text (null: removed), or
    * {@link #subscriptionState}.
    */
   static boolean newer(long at, String by, String state, long localAt, String localBy, String localState) {
      if (at != localAt) {
         return at > localAt;
      }
      int byOrder = String.valueOf(by).compareTo(String.valueOf(localBy));
      return byOrder != 0 ? byOrder > 0 : NULL_FIRST.compare(state, localState) > 0;
   }

   /** A subscription's state as {@link #newer} compares it: its switch and its management rule (null: none). */
   static String subscriptionState(String rule, boolean enabled) {
      return (enabled ? "enabled " : "disabled ") + rule;
   }

   /**
    * Now, or just after {@code lastAt} if that looks later (another node's clock may run ahead): a change made here
    * must win over what it replaces, on every node.
    */
   static long after(long lastAt) {
      return Math.max(System.currentTimeMillis(), lastAt + 1);
   }

   /** A change from another node cannot be dated more than a minute ahead of this node's clock. */
   static void requirePlausible(long changedAt) {
      if (changedAt > System.currentTimeMillis() + MAX_CLOCK_AHEAD_MS) {
         throw ManagementRefusals.changeDatedAhead(changedAt);
      }
   }
}

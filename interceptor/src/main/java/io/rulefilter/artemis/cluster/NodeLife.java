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
package io.rulefilter.artemis.cluster;

import io.rulefilter.artemis.log.ClusterRefusals;

import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * This node's life in the cluster: the epochs that date what it tells other nodes (each later word a higher epoch),
 * and its incarnation, which tells one life of its node id from the next. An HA backup registers RuleFilter when its
 * JVM starts, perhaps long before its primary, and takes the primary's node id when it becomes active: so a life
 * starts at activation, with a new incarnation (other nodes then forget the epochs of the life before) and epochs
 * from the clock at that moment (higher than the life before made, whichever JVM started first).
 * <p>
 * Epochs count microseconds of the wall clock, so another node's epoch can be checked as a change's time is: one
 * more than a minute ahead of this node's clock is no node's (it would mute that node's later words).
 */
final class NodeLife {

   /** How far another node's epoch may lie ahead of this node's clock, in epoch units (as {@code changedAt}'s minute). */
   static final long MAX_AHEAD = 60_000_000L;
   /** No RuleFilter node ever dated a word before 2020-01-01. */
   static final long FLOOR = 1_577_836_800_000L * 1000;

   private final AtomicLong epoch = new AtomicLong(now());
   private volatile String incarnation = UUID.randomUUID().toString();

   /** This node became active: a new life, its epochs from now on. */
   void activated() {
      incarnation = UUID.randomUUID().toString();
      epoch.accumulateAndGet(now(), Math::max); // a word dated meanwhile keeps its order
   }

   /** A new life whose epochs start at {@code first}; for tests, also below the life before's. */
   void startLife(long first) {
      incarnation = UUID.randomUUID().toString();
      epoch.set(first);
   }

   /** The epoch of a new word, later than every one before. */
   long next() {
      return epoch.incrementAndGet();
   }

   long current() {
      return epoch.get();
   }

   String incarnation() {
      return incarnation;
   }

   /**
    * {@code epoch}, sent by another node, if it can be one: not before 2020, and at most a minute ahead of this node's
    * clock.
    *
    * @throws IllegalArgumentException naming the epoch and the range
    */
   static long plausible(long epoch) {
      long latest = now() + MAX_AHEAD;
      if (epoch < FLOOR || epoch > latest) {
         throw ClusterRefusals.epochImplausible(epoch, FLOOR, latest);
      }
      return epoch;
   }

   private static long now() {
      return System.currentTimeMillis() * 1000;
   }
}

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

import io.rulefilter.artemis.log.ClusterLogger;
import org.apache.activemq.artemis.core.server.Queue;
import org.apache.activemq.artemis.core.server.impl.QueueImpl;

import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The barrier of a change that widens what a queue of another node accepts: this node's forwards to that node so far
 * are confirmed there (their references are in the store-and-forward queues, {@link ForwardsInFlight}, and those have
 * acknowledged them), so the node can put the change in force knowing no message judged by the old filter alone is
 * still on its way. Asked, never waited on by an Artemis thread: the node making the change asks again until it holds
 * ({@link #confirmed}).
 */
final class ForwardingBarrier {

   /** The longest wait: a node that does not confirm must not hold a management change for longer. */
   static final long CONFIRM_MS = 5_000;
   /**
    * A message is counted in flight by the post office's hook a moment after its queues were decided (no I/O in
    * between): a thread paused in that moment is waited for this long.
    */
   private static final long DECIDED_NOT_YET_COUNTED_MS = 50;

   private final List<Queue> forwards;
   private final ForwardsInFlight inFlight;
   private final InFlightGenerations.Barrier decided = new InFlightGenerations.Barrier();
   private final String node;
   private final long startedAt = System.nanoTime();
   /**
    * Per queue of {@link #forwards}, the messages it had counted as added when it had taken in the references handed
    * to it before the forwards decided before the barrier were added; -1 until then.
    */
   private AtomicLongArray counted;
   private long[] added;
   private boolean done;

   /** @param forwards the store-and-forward queues towards {@code node} (one per copy of the queue changed) */
   ForwardingBarrier(List<Queue> forwards, ForwardsInFlight inFlight, String node) {
      this.forwards = forwards;
      this.inFlight = inFlight;
      this.node = node;
   }

   /** Whether the forwards made before the barrier are confirmed, or given up on after {@link #CONFIRM_MS} (logged). */
   synchronized boolean confirmed() {
      if (done) {
         return true;
      }
      long elapsedMs = (System.nanoTime() - startedAt) / 1_000_000;
      if (elapsedMs < DECIDED_NOT_YET_COUNTED_MS) {
         return false;
      }
      if (added == null && !inFlight.added(decided)) {
         return gaveUp(elapsedMs);
      }
      if (added == null && !counted()) {
         return gaveUp(elapsedMs);
      }
      done = true;
      for (int i = 0; i < added.length && done; i++) {
         Queue forward = forwards.get(i);
         done = forward.getMessagesAcknowledged() + forward.getMessagesExpired() + forward.getMessagesKilled() >= added[i];
      }
      return done || gaveUp(elapsedMs);
   }

   /**
    * Whether each queue has counted the references handed to it so far, noting its count then ({@link #added}): a
    * queue takes them in (and counts them as added) on its own executor, after Artemis handed them over; a marker
    * queued behind them reads the count when they are in.
    */
   private boolean counted() {
      if (counted == null) {
         counted = new AtomicLongArray(forwards.size());
         for (int i = 0; i < forwards.size(); i++) {
            Queue forward = forwards.get(i);
            int at = i;
            if (forward instanceof QueueImpl) {
               counted.set(at, -1);
               forward.flushOnIntermediate(() -> counted.set(at, forward.getMessagesAdded()));
            } else {
               counted.set(at, forward.getMessagesAdded()); // no marker to wait for
            }
         }
      }
      long[] marks = new long[forwards.size()];
      for (int i = 0; i < marks.length; i++) {
         marks[i] = counted.get(i);
         if (marks[i] < 0) {
            return false;
         }
      }
      added = marks;
      return true;
   }

   private boolean gaveUp(long elapsedMs) {
      if (elapsedMs > CONFIRM_MS) {
         ClusterLogger.forwardedNotConfirmed(node, CONFIRM_MS);
         done = true;
      }
      return done;
   }

   /** Waits for {@link #confirmed} on the calling thread (a node of an older version calls and waits). */
   void await() throws InterruptedException {
      while (!confirmed()) {
         Thread.sleep(1);
      }
   }
}

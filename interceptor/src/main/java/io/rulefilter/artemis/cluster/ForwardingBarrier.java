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

import org.apache.activemq.artemis.core.server.Queue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;

/**
 * The barrier of a change that widens what a queue of another node accepts: this node's forwards to that node so far
 * are confirmed there (its store-and-forward queues have acknowledged what was added to them), so the node can put the
 * change in force knowing no message judged by the old filter alone is still on its way. Asked, never waited on by an
 * Artemis thread: the node making the change asks again until it holds ({@link #confirmed}).
 */
final class ForwardingBarrier {

   private static final Logger LOG = LoggerFactory.getLogger(ForwardingBarrier.class);
   /** The longest wait: a node that does not confirm must not hold a management change for longer. */
   static final long CONFIRM_MS = 5_000;
   /** A durable message is added to the queue once the journal has it, after it was routed: wait for those first. */
   private static final long ROUTED_NOT_YET_ADDED_MS = 50;

   private final List<Queue> forwards;
   private final String node;
   private final long startedAt = System.nanoTime();
   /** Per queue of {@link #forwards}, the messages added to it by the time the barrier was first asked after the grace. */
   private long[] added;
   private boolean done;

   /** @param forwards the store-and-forward queues towards {@code node} (one per copy of the queue changed) */
   ForwardingBarrier(List<Queue> forwards, String node) {
      this.forwards = forwards;
      this.node = node;
   }

   /** Whether the forwards made before the barrier are confirmed, or given up on after {@link #CONFIRM_MS} (logged). */
   synchronized boolean confirmed() {
      if (done) {
         return true;
      }
      long elapsedMs = (System.nanoTime() - startedAt) / 1_000_000;
      if (elapsedMs < ROUTED_NOT_YET_ADDED_MS) {
         return false;
      }
      if (added == null) {
         added = forwards.stream().mapToLong(Queue::getMessagesAdded).toArray();
      }
      done = true;
      for (int i = 0; i < added.length && done; i++) {
         Queue forward = forwards.get(i);
         done = forward.getMessagesAcknowledged() + forward.getMessagesExpired() + forward.getMessagesKilled() >= added[i];
      }
      if (!done && elapsedMs > CONFIRM_MS) {
         LOG.warn("RFL2603 RuleFilter: messages forwarded to cluster node {} were not confirmed within {} ms; a rule "
               + "changed there may judge some of them by the new rule", node, CONFIRM_MS);
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

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

/**
 * The barrier of a change that widens what a queue of another node accepts: this node's forwards to that node so far
 * are confirmed there (its store-and-forward queue has acknowledged what was added to it), so the node can put the
 * change in force knowing no message judged by the old filter alone is still on its way.
 */
final class ForwardingBarrier {

   private static final Logger LOG = LoggerFactory.getLogger(ForwardingBarrier.class);
   /** The longest wait: a node that does not confirm must not hold a management change for longer. */
   static final long CONFIRM_MS = 5_000;
   /** A durable message is added to the queue once the journal has it, after it was routed: wait for those first. */
   private static final long ROUTED_NOT_YET_ADDED_MS = 50;

   private ForwardingBarrier() {
   }

   /** Waits until {@code forward}, the store-and-forward queue towards {@code node}, has confirmed what it holds. */
   static void awaitConfirmed(Queue forward, String node) throws InterruptedException {
      Thread.sleep(ROUTED_NOT_YET_ADDED_MS);
      long added = forward.getMessagesAdded();
      long deadline = System.currentTimeMillis() + CONFIRM_MS;
      while (forward.getMessagesAcknowledged() + forward.getMessagesExpired() + forward.getMessagesKilled() < added) {
         if (System.currentTimeMillis() > deadline) {
            LOG.warn("RFL2603 RuleFilter: messages forwarded to cluster node {} were not confirmed within {} ms; a rule "
                  + "changed there may judge some of them by the new rule", node, CONFIRM_MS);
            return;
         }
         Thread.sleep(1);
      }
   }
}

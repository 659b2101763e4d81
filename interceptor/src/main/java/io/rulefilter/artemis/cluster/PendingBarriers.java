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

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The barriers other nodes' changes are waiting on, one per queue of theirs (a later change of the queue replaces its
 * barrier), until the node that made the change has heard that it holds, or it is well past giving up.
 */
final class PendingBarriers {

   private record Pending(long epoch, ForwardingBarrier barrier, long since) {
   }

   /** Far past any wait of the node making the change: what it never asked again for is dropped. */
   private static final long FORGOTTEN_MS = 4 * ForwardingBarrier.CONFIRM_MS;

   private final Map<String, Pending> byQueue = new ConcurrentHashMap<>();

   /** {@code node}'s {@code epoch}-th change of {@code queue} waits on {@code barrier}. */
   void started(String node, String queue, long epoch, ForwardingBarrier barrier) {
      long now = System.currentTimeMillis();
      byQueue.values().removeIf(pending -> now - pending.since() > FORGOTTEN_MS);
      byQueue.merge(node + '/' + queue, new Pending(epoch, barrier, now),
            (old, started) -> started.epoch() >= old.epoch() ? started : old);
   }

   /**
    * Whether {@code node}'s {@code epoch}-th change of {@code queue} may go ahead: its barrier holds, or none is known
    * (replaced by a later change, or this node restarted, and with it the forwards it had made).
    */
   boolean confirmed(String node, String queue, long epoch) {
      String key = node + '/' + queue;
      Pending pending = byQueue.get(key);
      if (pending == null || pending.epoch() != epoch) {
         return true;
      }
      if (!pending.barrier().confirmed()) {
         return false;
      }
      byQueue.remove(key, pending);
      return true;
   }
}

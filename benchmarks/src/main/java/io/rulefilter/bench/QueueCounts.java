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
package io.rulefilter.bench;

import org.apache.activemq.artemis.core.server.Queue;

import java.util.List;

/** What subscription queues have taken so far, read the same way by the single-broker and the cluster runs. */
final class QueueCounts {

   private QueueCounts() {
   }

   /** Per queue, the messages it has taken so far. */
   static long[] added(List<Queue> queues) {
      long[] out = new long[queues.size()];
      for (int i = 0; i < out.length; i++) {
         out[i] = queues.get(i).getMessagesAdded();
      }
      return out;
   }

   static long totalAdded(List<Queue> queues) {
      long sum = 0;
      for (Queue queue : queues) {
         sum += queue.getMessagesAdded();
      }
      return sum;
   }
}

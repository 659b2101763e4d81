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
package io.rulefilter.e2e;

import org.apache.activemq.artemis.core.server.MessageReference;
import org.apache.activemq.artemis.core.server.Queue;
import org.apache.activemq.artemis.utils.collections.LinkedListIterator;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * What a queue holds, read on the broker (a JMS browser may end its enumeration before the last messages reach the
 * client, which would look like lost messages).
 */
public final class HeldMessages {

   private HeldMessages() {
   }

   /**
    * The {@code seqProperty} values of the messages {@code queue} holds, in queue order, once it has taken in every
    * message routed to it before the call: a routed message waits in the queue's intermediate list until its executor
    * moves it (at most about a thousand per task), and Artemis's {@code flushExecutor} may return while the
    * executor's last task still runs; a marker queued behind the messages runs once they are in.
    */
   public static List<Integer> seqs(Queue queue, String seqProperty) throws InterruptedException {
      CountDownLatch settled = new CountDownLatch(1);
      queue.flushOnIntermediate(settled::countDown);
      if (!settled.await(10, TimeUnit.SECONDS)) {
         throw new AssertionError("queue " + queue.getName() + " stayed busy for 10 s");
      }
      List<Integer> seqs = new ArrayList<>();
      try (LinkedListIterator<MessageReference> references = queue.browserIterator()) {
         while (references.hasNext()) {
            seqs.add(references.next().getMessage().getIntProperty(seqProperty));
         }
      }
      return seqs;
   }
}

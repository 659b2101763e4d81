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

import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.core.server.MessageReference;
import org.apache.activemq.artemis.core.server.impl.QueueImpl;

/**
 * The redistribution this thread is making: the held message it marked and the entry it added. Artemis asks the
 * copy's filter, copies the message and acknowledges the original on one thread ({@code Redistributor.handle}); when
 * it acknowledges, the entry comes out of the original again. Artemis counted the original as waiting without the
 * entry, and (a moment before the acknowledgement) as delivered with it: the delivered count is put right while the
 * entry comes out, so that both subtract what they added. With the entry left in, each redistribution would leave the
 * queue's persistent size short by its length (measured: 89 bytes a message). The copy keeps the entry, which is all
 * its node needs.
 */
final class MarkedHere {

   private static final ThreadLocal<MarkedHere> NOW = ThreadLocal.withInitial(MarkedHere::new);

   private Message message;
   private byte[] entry;

   private MarkedHere() {
   }

   /** This thread marked {@code message} with {@code entry} for the redistribution it is making. */
   static void marked(Message message, byte[] entry) {
      MarkedHere now = NOW.get();
      now.message = message;
      now.entry = entry;
   }

   /**
    * {@code ref} was acknowledged without a consumer: if this thread marked its message, the entry comes out; a
    * redistribution ends either way.
    */
   static void acknowledged(MessageReference ref) {
      MarkedHere now = NOW.get();
      if (now.message == null) {
         return;
      }
      if (now.message == ref.getMessage() && ref.getQueue() instanceof QueueImpl queue) {
         queue.decDelivering(ref); // counted as delivered with the entry in ...
         RedistributionMark.removeEntry(ref.getMessage(), now.entry);
         queue.incDelivering(ref); // ... and now as it was counted waiting
      }
      now.message = null;
      now.entry = null;
   }
}

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
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.filter.Filter;
import org.apache.activemq.artemis.core.postoffice.PostOffice;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;
import org.apache.activemq.artemis.core.server.MessageReference;
import org.apache.activemq.artemis.core.server.RoutingContext;
import org.apache.activemq.artemis.core.server.ServerConsumer;
import org.apache.activemq.artemis.core.server.ServerSession;
import org.apache.activemq.artemis.core.server.impl.AckReason;
import org.apache.activemq.artemis.core.server.plugin.ActiveMQServerMessagePlugin;
import org.apache.activemq.artemis.core.transaction.Transaction;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * Judges the messages other nodes forward to this node's queues. A forwarded message names its target queues
 * ({@code _AMQ_ROUTE_TO}, queue ids of this node) and Artemis routes it to exactly those, without asking their
 * filters; this hook, called when the bridge's session sends it (after Artemis unwrapped an AMQP message from its core
 * envelope, before routing), removes every queue whose filter (the subscription's rules, or a plain SQL filter)
 * rejects it. Only messages from {@link ClusterBridges bridge connections} are judged, and not those another node
 * redistributes to a queue its {@link RedistributionMark mark} names: a queue of the same subscription there held them
 * already ({@link CopyFilter} marks them), and moving them must not lose them. A message no queue accepts is routed to
 * no queue (Artemis then treats it as unroutable).
 * <p>
 * The mark is RuleFilter's own: every message routed has it removed ({@link #beforeMessageRoute}), so that no
 * publisher can switch the judgement off.
 */
final class ForwardedMessageGuard implements ActiveMQServerMessagePlugin {

   private static final int ID_BYTES = Long.BYTES;

   private final ClusterBridges bridges;
   private final PostOffice postOffice;
   private final Supplier<SimpleString> nodeId;
   private final LongAdder judged = new LongAdder();
   private final LongAdder rejected = new LongAdder();

   ForwardedMessageGuard(ClusterBridges bridges, PostOffice postOffice, Supplier<SimpleString> nodeId) {
      this.bridges = bridges;
      this.postOffice = postOffice;
      this.nodeId = nodeId;
   }

   @Override
   public void beforeSend(ServerSession session, Transaction tx, Message message, boolean direct,
                          boolean noAutoCreateQueue) {
      if (session != null && bridges.isBridge(session.getRemotingConnection())) {
         keepAccepting(message, redistributionMark(message));
      }
   }

   /**
    * Every routing through the post office (a client's send, core federation, expiry, dead letter and move copies)
    * removes the mark: only a bridge's send, judged above before it is routed, may carry one. Artemis routes a
    * redistribution's copy without this hook, so the copy keeps the mark on its way to the bridge.
    */
   @Override
   public void beforeMessageRoute(Message message, RoutingContext context, boolean direct, boolean rejectDuplicates) {
      RedistributionMark.remove(message);
   }

   /**
    * A redistribution acknowledges the original it copied (with no consumer): the entry this thread wrote into it
    * comes out ({@link MarkedHere}). Client acknowledgements have a consumer and pass at once.
    */
   @Override
   public void messageAcknowledged(Transaction tx, MessageReference ref, AckReason reason, ServerConsumer consumer) {
      if (consumer == null) {
         MarkedHere.acknowledged(ref);
      }
   }

   /** Forwarded queue deliveries judged so far (one per target queue). */
   long judged() {
      return judged.sum();
   }

   /** Forwarded queue deliveries the target queue's filter rejected. */
   long rejected() {
      return rejected.sum();
   }

   /**
    * The message's {@link RedistributionMark mark} (no entries if it has none, or not RuleFilter's). Only read:
    * {@link #beforeMessageRoute} removes it, and only when it is there, so that an unmarked core message is not marked
    * changed (and encoded again) on its way in.
    */
   private static byte[] redistributionMark(Message message) {
      try {
         return RedistributionMark.valid(message.getExtraBytesProperty(RedistributionMark.PROPERTY));
      } catch (RuntimeException notBytes) {
         return RedistributionMark.valid(null); // RuleFilter writes only bytes
      }
   }

   private void keepAccepting(Message message, byte[] redistributed) {
      byte[] ids = message.getExtraBytesProperty(Message.HDR_ROUTE_TO_IDS);
      if (ids == null || ids.length % ID_BYTES != 0) {
         return;
      }
      byte[] node = redistributed.length == 0 ? null : nodeId.get().toString().getBytes(StandardCharsets.UTF_8);
      ByteBuffer all = ByteBuffer.wrap(ids);
      ByteBuffer kept = null;
      for (int at = 0; at < ids.length; at += ID_BYTES) {
         long id = all.getLong(at);
         if (node != null && RedistributionMark.names(redistributed, node, id) || accepts(id, message)) {
            if (kept != null) {
               kept.putLong(id);
            }
         } else {
            rejected.increment();
            if (kept == null) {
               kept = ByteBuffer.allocate(ids.length - ID_BYTES).put(ids, 0, at);
            }
         }
      }
      if (kept != null) {
         byte[] accepted = new byte[kept.position()];
         kept.get(0, accepted);
         message.putExtraBytesProperty(Message.HDR_ROUTE_TO_IDS, accepted);
      }
   }

   /** A queue this node does not know is left to Artemis, which reports it. */
   private boolean accepts(long queueId, Message message) {
      judged.increment();
      LocalQueueBinding binding = postOffice.findLocalBinding(queueId);
      Filter filter = binding == null ? null : binding.getFilter();
      return filter == null || filter.match(message);
   }
}

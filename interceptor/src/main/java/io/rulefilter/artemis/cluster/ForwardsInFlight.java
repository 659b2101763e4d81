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
import org.apache.activemq.artemis.core.io.IOCallback;
import org.apache.activemq.artemis.core.persistence.OperationContext;
import org.apache.activemq.artemis.core.persistence.StorageManager;
import org.apache.activemq.artemis.core.postoffice.RoutingStatus;
import org.apache.activemq.artemis.core.server.RoutingContext;
import org.apache.activemq.artemis.core.server.plugin.ActiveMQServerMessagePlugin;
import org.apache.activemq.artemis.core.transaction.Transaction;
import org.apache.activemq.artemis.core.transaction.TransactionOperationAbstract;

import java.util.function.IntConsumer;

/**
 * The messages this node has decided to forward to other nodes whose references are not yet in the store-and-forward
 * queues. Artemis decides a message's queues when it routes it, but adds the references only once the journal has the
 * message (a durable one, after the disk or the backup confirmed) or its transaction commits, which can be seconds
 * later. A {@link ForwardingBarrier} reading a store-and-forward queue's counters must wait for those first: each is
 * counted from the post office's hook before it processes the route until Artemis has added its references (a
 * completion registered after Artemis's own, on the same operation context or transaction, runs after it).
 */
final class ForwardsInFlight implements ActiveMQServerMessagePlugin {

   /**
    * A route whose hooks never closed (another plugin threw before it was processed) is ended once it is this old:
    * nested routes (a mirror's) end long before.
    */
   private static final long ABANDONED_NS = 10_000_000_000L;

   private final InFlightGenerations generations = new InFlightGenerations();
   /** Ends a route's count; one instance, so that the routing path allocates nothing. */
   private final IntConsumer endRoute = generations::end;
   private final StorageManager storage;
   /** How the addresses of store-and-forward queues begin: each is named, and addressed, after its cluster and node. */
   private final SimpleString forwardPrefix;
   /** Per routing thread, the messages counted whose route is being processed (a mirror may route within a route). */
   private final ThreadLocal<RoutesInProcess> routing = ThreadLocal.withInitial(RoutesInProcess::new);

   /** @param internalNamingPrefix the broker's prefix of internal names, which store-and-forward queues carry */
   ForwardsInFlight(StorageManager storage, String internalNamingPrefix) {
      this.storage = storage;
      this.forwardPrefix = SimpleString.of(internalNamingPrefix + "sf.");
   }

   /** Artemis decided {@code message}'s queues ({@code context}) and is about to add it to them. */
   @Override
   public void beforeMessageRoute(Message message, RoutingContext context, boolean direct, boolean rejectDuplicates) {
      if (forwardsToOtherNodes(context)) {
         RoutesInProcess current = routing.get();
         long now = System.nanoTime();
         if (!current.isEmpty() && now - current.oldestSince() > ABANDONED_NS) {
            current.endOlderThan(now, ABANDONED_NS, endRoute);
         }
         if (current.hasRoom()) { // else not counted: its barrier falls back on its grace
            // the operation context is the one Artemis adds the references on
            current.begin(message, now, storage.getContext(), generations.begin());
         }
      }
   }

   /** Artemis processed {@code message}'s route: it is counted until the references are handed over. */
   @Override
   public void afterMessageRoute(Message message, RoutingContext context, boolean direct, boolean rejectDuplicates,
                                 RoutingStatus result) {
      processed(message, context);
   }

   /** Artemis failed to route {@code message}, perhaps after its references were on their way: as processed. */
   @Override
   public void onMessageRouteException(Message message, RoutingContext context, boolean direct, boolean rejectDuplicates,
                                       Exception e) {
      processed(message, context);
   }

   /** Counts {@code message}'s route until its references are handed over, or its transaction rolled back. */
   private void processed(Message message, RoutingContext context) {
      RoutesInProcess current = routing.get();
      int at = current.indexOf(message);
      if (at < 0) {
         return;
      }
      OperationContext operations = current.operationAt(at);
      int counter = current.remove(at, endRoute);
      Transaction tx = context.getTransaction();
      if (tx != null && tx.getState() != Transaction.State.COMMITTED) {
         if (tx.getState() == Transaction.State.ROLLEDBACK) {
            generations.end(counter);
            return;
         }
         tx.addOperation(new TransactionOperationAbstract() {
            @Override
            public void afterCommit(Transaction done) {
               generations.end(counter);
            }

            @Override
            public void afterRollback(Transaction done) {
               generations.end(counter);
            }
         });
         return;
      }
      operations.executeOnCompletion(new IOCallback() {
         @Override
         public void done() {
            generations.end(counter);
         }

         @Override
         public void onError(int errorCode, String errorMessage) {
            generations.end(counter);
         }
      });
   }

   /** Whether the forwards decided before {@code barrier} first asked have their references added. */
   boolean added(InFlightGenerations.Barrier barrier) {
      return generations.passed(barrier);
   }

   /**
    * Whether the route adds the message to a store-and-forward queue: Artemis lists such a queue under its own
    * address, which is its name, so only the addresses of the route are looked at, not its queues.
    */
   private boolean forwardsToOtherNodes(RoutingContext context) {
      for (SimpleString address : context.getContexListing().keySet()) {
         if (address.startsWith(forwardPrefix)) {
            return true;
         }
      }
      return false;
   }
}

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

import io.rulefilter.artemis.log.ManagementRefusals;
import io.rulefilter.artemis.subscription.PeerForwarding;
import org.apache.activemq.artemis.api.core.TransportConfiguration;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Before a change widens what one of this node's queues accepts, every node this node can reach must confirm that it
 * forwards the queue what either state accepts, or the change is refused: a node that forwards by the old filter alone
 * would drop, at the source, messages the change lets in. A node that is not in the cluster's topology forwards
 * nothing now, and asks again when it comes back; a node without RuleFilter forwards by SQL, as always; a node with an
 * older RuleFilter cannot be told, so the change is refused while it is there.
 */
final class WideningConfirmation {

   /** How often the node is asked whether its forwards are confirmed. */
   private static final long ASK_EVERY_MS = 5;
   /** Beyond the node's own limit, for the answers on their way. */
   private static final long ASK_MARGIN_MS = 5_000;

   private final PeerClient client;
   private final ClusterMembers members;
   private final Executor calls;

   /** @param calls where the calls run, one thread each: each waits for that node's forwards to be confirmed */
   WideningConfirmation(PeerClient client, ClusterMembers members, Executor calls) {
      this.client = client;
      this.members = members;
      this.calls = calls;
   }

   /** Asks every reachable node at once (in turn, their waits would add up); throws if one did not confirm. */
   void confirm(String queue, PeerForwarding to, long epoch) {
      List<CompletableFuture<Void>> confirmations = new ArrayList<>();
      for (String node : members.others()) {
         TransportConfiguration connector = members.connectorOf(node);
         if (connector != null) {
            confirmations.add(confirmAsync(node, connector, queue, to, epoch));
         }
      }
      Confirmations.awaitAll(confirmations);
   }

   private CompletableFuture<Void> confirmAsync(String node, TransportConfiguration connector, String queue,
                                                PeerForwarding to, long epoch) {
      try {
         return CompletableFuture.runAsync(() -> confirm(node, connector, queue, to, epoch), calls);
      } catch (RejectedExecutionException stopping) { // the calls already made are still awaited
         return CompletableFuture.failedFuture(refused(node, queue, stopping));
      }
   }

   private void confirm(String node, TransportConfiguration connector, String queue, PeerForwarding to, long epoch) {
      try {
         if (startedThere(connector, queue, to, epoch)) {
            awaitConfirmed(connector, queue, epoch);
         } else { // a node of the previous version answers once confirmed, waiting on one of its own threads
            client.invoke(connector, PeerSync.COPY_FORWARDS_ALSO, members.self(), queue, to.managed(), to.rule(), epoch);
         }
      } catch (PeerClient.Refused e) {
         if (!e.unknownResource()) {
            throw refused(node, queue, e);
         }
         PeerClient.Absent why = client.whyAbsent(connector);
         if (why == PeerClient.Absent.OLDER_RULEFILTER) {
            throw ManagementRefusals.wideningWithOlderNode(node, queue);
         }
         if (why == PeerClient.Absent.UNKNOWN) {
            throw refused(node, queue, e); // not known to forward by SQL: it might drop what the change lets in
         }
      } catch (Exception e) {
         throw refused(node, queue, e);
      }
   }

   /** Whether the node took the change without waiting (false: it is of the previous version). */
   private boolean startedThere(TransportConfiguration connector, String queue, PeerForwarding to, long epoch)
         throws Exception {
      try {
         client.invoke(connector, PeerSync.COPY_FORWARDS_ALSO_FROM, members.self(), queue, to.managed(), to.rule(), epoch);
         return true;
      } catch (PeerClient.Refused e) {
         if (e.unknownOperation()) {
            return false;
         }
         throw e;
      }
   }

   /** Asks the node until its earlier forwards are confirmed; it gives up itself after its own limit. */
   private void awaitConfirmed(TransportConfiguration connector, String queue, long epoch) throws Exception {
      long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ForwardingBarrier.CONFIRM_MS + ASK_MARGIN_MS);
      while (!Boolean.TRUE.equals(client.invoke(connector, PeerSync.COPY_FORWARDS_CONFIRMED, members.self(), queue, epoch))) {
         if (System.nanoTime() > deadline) {
            throw new IllegalStateException("its forwards were not confirmed within "
                  + (ForwardingBarrier.CONFIRM_MS + ASK_MARGIN_MS) + " ms");
         }
         Thread.sleep(ASK_EVERY_MS);
      }
   }

   private static IllegalStateException refused(String node, String queue, Exception e) {
      return ManagementRefusals.wideningNotConfirmed(node, queue, e);
   }
}

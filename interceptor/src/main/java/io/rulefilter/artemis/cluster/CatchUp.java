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
import io.rulefilter.artemis.management.RuleManagement;
import io.rulefilter.artemis.management.SharedStates;
import io.rulefilter.artemis.subscription.SubscriptionInfo;
import org.apache.activemq.artemis.api.core.TransportConfiguration;
import org.apache.activemq.artemis.core.postoffice.PostOffice;
import org.apache.activemq.artemis.json.JsonObject;
import org.apache.activemq.artemis.json.JsonValue;
import org.apache.activemq.artemis.utils.JsonLoader;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;

/**
 * What another node that (re)connected is sent of this node's shared subscriptions: every state set here through
 * management, in one call per node ({@link SharedStates#MAX_BATCH} states at most), not one call per subscription,
 * which on a node with thousands would set up thousands of calls whenever a peer comes back. The nodes sharing each
 * subscription are found in one pass over each address's bindings. A node of the previous version, which lacks the
 * batch operation, is sent the states one by one. The same goes for the queues of a node that joins or comes back, as
 * they are copied here.
 */
final class CatchUp {

   static final String SYNC_SUBSCRIPTIONS = "syncSubscriptions";

   /** How long the queues of a node that just connected are gathered before their states are sent, in one call. */
   private static final long GATHER_MS = 100;

   private final PostOffice postOffice;
   private final RuleManagement management;
   private final PeerClient client;
   private final ClusterMembers members;
   private final ScheduledExecutorService scheduled;
   private final Executor executor;
   /** Sends one state to one node, with the single call's handling of refusals and failures. */
   private final BiConsumer<String, SubscriptionInfo> oneByOne;
   private final Set<Copied> copied = ConcurrentHashMap.newKeySet();
   private final AtomicBoolean gathering = new AtomicBoolean();

   /**
    * @param scheduled where a gathering of copied queues waits
    * @param executor  where states are sent from (never Artemis's thread that copied a queue)
    * @param oneByOne  sends one state to one node, for nodes without the batch operation
    */
   CatchUp(PostOffice postOffice, RuleManagement management, PeerClient client, ClusterMembers members,
           ScheduledExecutorService scheduled, Executor executor, BiConsumer<String, SubscriptionInfo> oneByOne) {
      this.postOffice = postOffice;
      this.management = management;
      this.client = client;
      this.members = members;
      this.scheduled = scheduled;
      this.executor = executor;
      this.oneByOne = oneByOne;
   }

   /**
    * Node {@code node}'s queue {@code queue} of {@code address} was copied here, and this node holds a queue of the
    * same name: its state, when set through management, is sent there shortly, with those of the node's other queues
    * copied meanwhile (a node that connects has all its queues copied at once).
    */
   void queueCopied(String node, String address, String queue) {
      if (copied.add(new Copied(node, address, queue)) && gathering.compareAndSet(false, true)) {
         try {
            scheduled.schedule(() -> executor.execute(this::sendCopied), GATHER_MS, TimeUnit.MILLISECONDS);
         } catch (RejectedExecutionException stopping) {
            gathering.set(false); // the broker stops: nothing is sent any more
         }
      }
   }

   private void sendCopied() {
      gathering.set(false); // a queue copied from now on is sent by the next gathering, if not by this one
      Map<String, List<SubscriptionInfo>> byNode = new LinkedHashMap<>();
      for (Iterator<Copied> it = copied.iterator(); it.hasNext(); ) {
         Copied queue = it.next();
         it.remove();
         try {
            SubscriptionInfo local = management.get(queue.address(), queue.queue());
            if (local.changedAt() > 0) {
               byNode.computeIfAbsent(queue.node(), n -> new ArrayList<>()).add(local);
            }
         } catch (RuntimeException notHere) {
            // a queue of that name on another address, or gone since: nothing is shared
         }
      }
      byNode.forEach(this::send);
   }

   /** Sends each of {@code changed} (states set through management) to every other node holding its subscription. */
   void send(List<SubscriptionInfo> changed) {
      Map<String, List<SubscriptionInfo>> byNode = new LinkedHashMap<>();
      Map<String, Map<String, Set<String>>> sharing = new HashMap<>();
      for (SubscriptionInfo subscription : changed) {
         Set<String> nodes = sharing.computeIfAbsent(subscription.address(), this::nodesByQueue)
               .getOrDefault(subscription.queue(), Set.of());
         for (String node : nodes) {
            byNode.computeIfAbsent(node, n -> new ArrayList<>()).add(subscription);
         }
      }
      byNode.forEach(this::send);
   }

   /** Sends {@code states} to {@code node}, in batches. */
   private void send(String node, List<SubscriptionInfo> states) {
      for (int from = 0; from < states.size(); from += SharedStates.MAX_BATCH) {
         sendBatch(node, states.subList(from, Math.min(states.size(), from + SharedStates.MAX_BATCH)));
      }
   }

   private void sendBatch(String node, List<SubscriptionInfo> batch) {
      TransportConfiguration connector = members.connectorOf(node);
      if (connector == null) {
         ClusterLogger.nodeNotReachableForStates(node, batch.size());
         return;
      }
      String states = SharedStates.toJson(batch.stream().map(SharedStates.State::of).toList());
      try {
         logRefused(node, String.valueOf(client.invoke(connector, SYNC_SUBSCRIPTIONS, states)));
      } catch (PeerClient.Refused e) {
         if (e.unknownOperation() || e.unknownResource()) {
            batch.forEach(s -> oneByOne.accept(node, s)); // an older node, or none: the single call tells which
         } else {
            ClusterLogger.statesRefused(node, batch.size(), e.getMessage());
         }
      } catch (Exception e) {
         ClusterLogger.statesNotSent(batch.size(), node, e.getMessage());
      }
   }

   private static void logRefused(String node, String answer) {
      JsonObject result = JsonLoader.readObject(new StringReader(answer));
      for (JsonValue value : result.getJsonArray("refused")) {
         JsonObject refused = value.asJsonObject();
         ClusterLogger.oneOfStatesRefused(node, refused.getString("queue"), refused.getString("reason"));
      }
   }

   /** Per queue name of {@code address}, the other nodes holding a queue of that name, as this node's copies show. */
   private Map<String, Set<String>> nodesByQueue(String address) {
      try {
         return SharingNodes.byQueue(postOffice, address);
      } catch (Exception e) {
         ClusterLogger.addressSharersNotLookedUp(address, e);
         return new HashMap<>();
      }
   }

   private record Copied(String node, String address, String queue) {
   }
}

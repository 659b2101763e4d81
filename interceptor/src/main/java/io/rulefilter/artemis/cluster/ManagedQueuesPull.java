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

import io.rulefilter.artemis.subscription.PeerForwarding;
import org.apache.activemq.artemis.api.core.TransportConfiguration;
import org.apache.activemq.artemis.json.JsonObject;
import org.apache.activemq.artemis.json.JsonValue;
import org.apache.activemq.artemis.utils.JsonLoader;


import java.io.StringReader;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Asks every other node which of its queues are managed and by which rule, so that this node's copies of the others
 * forward by the rule in force there; retried while a node is not reachable yet, or answered with a list older than a change it sent since.
 */
final class ManagedQueuesPull {

   static final String MANAGED_QUEUES = "managedQueues";
   /** The answer's field naming the life of the node that answered ({@link NodeLife}); older nodes leave it out. */
   static final String INCARNATION = "incarnation";
   static final int ATTEMPTS = 20;

   private final ScheduledExecutorService scheduled;
   private final ClusterMembers members;
   private final PeerClient client;
   private final RemoteCopies copies;
   private final Executor executor;

   ManagedQueuesPull(ScheduledExecutorService scheduled, ClusterMembers members, PeerClient client, RemoteCopies copies,
                     Executor executor) {
      this.scheduled = scheduled;
      this.members = members;
      this.client = client;
      this.copies = copies;
      this.executor = executor;
   }

   /** Asks now, on the calling thread; {@code attempt} counts from 1. */
   void pull(int attempt) {
      boolean again = false;
      for (String node : members.others()) {
         TransportConfiguration connector = members.connectorOf(node);
         if (connector == null) {
            again = true;
            continue;
         }
         try {
            JsonObject answer = JsonLoader.readObject(new StringReader(String.valueOf(client.invoke(connector, MANAGED_QUEUES))));
            Map<String, PeerForwarding> queues = new LinkedHashMap<>();
            for (JsonValue entry : answer.getJsonArray("queues")) {
               JsonObject queue = entry.asJsonObject();
               queues.put(queue.getString("queue"), new PeerForwarding(true, queue.getString("rule", null)));
            }
            long epoch = NodeLife.plausible(answer.getJsonNumber("epoch").longValue());
            again |= !copies.nodeAnnounced(node, queues, epoch, answer.getString(INCARNATION, null));
         } catch (PeerClient.Refused e) {
            again |= !absent(node, connector, e);
         } catch (Exception e) {
            again = true;
         }
      }
      if (again && attempt < ATTEMPTS) {
         scheduled.schedule(() -> executor.execute(() -> pull(attempt + 1)),
               ClusterMembers.TOPOLOGY_DELAY_MS, TimeUnit.MILLISECONDS);
      }
   }

   /**
    * Whether {@code refused} says the node has no operations between nodes: none when it runs no RuleFilter (its
    * copies then filter by SQL), or an older RuleFilter (they go on forwarding everything, which it judges).
    */
   private boolean absent(String node, TransportConfiguration connector, PeerClient.Refused refused) {
      if (!refused.unknownResource()) {
         return false;
      }
      switch (client.whyAbsent(connector)) {
         case NO_RULEFILTER -> copies.nodeWithoutRuleFilter(node);
         case OLDER_RULEFILTER -> copies.nodeWithOlderRuleFilter(node);
         default -> {
            return false; // it could not be asked: its copies forward everything until it can
         }
      }
      return true;
   }
}

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
package io.rulefilter.e2e.features;

import io.rulefilter.client.ManagementClient;
import jakarta.jms.Connection;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.persistence.OperationContext;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.ServerSession;
import org.apache.activemq.artemis.core.server.impl.AddressInfo;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A rule change on one node waits for the messages another node routed towards it before the change, however long
 * Artemis takes to add them to the store-and-forward queue: they are judged by the rule they were published under.
 */
class ForwardingBarrierFeatureTest {

   private static final String TOPIC = "airport.events";

   /**
    * A transacted publish is routed when it is sent and added to its queues when it commits: a rule changed on the
    * subscription's node in between waits for the commit, and the message published under the old rule is kept.
    */
   @Test
   void aMessageSentInATransactionBeforeARuleChangeIsJudgedByTheOldRule() throws Exception {
      try (ClusterNodes cluster = ClusterNodes.start(2, "ON_DEMAND");
           Connection onB = cluster.connect(1);
           Connection onA = cluster.connect(0);
           ManagementClient admin = cluster.management(1)) {
         Session sessionB = onB.createSession();
         MessageConsumer bags = sessionB.createSharedDurableConsumer(sessionB.createTopic(TOPIC), "bags", "airline weq CA");
         cluster.awaitCopies(TOPIC, true, 1, 0);

         Session transacted = onA.createSession(true, Session.SESSION_TRANSACTED);
         MessageProducer producer = transacted.createProducer(transacted.createTopic(TOPIC));
         producer.send(new Traffic.Out(1, "BSM", Map.of("airline", "CA"), 0, 0).toJms(transacted));
         awaitRouted(cluster.node(0).server().getAddressInfo(SimpleString.of(TOPIC)), 1);

         CompletableFuture<Object> change = setRuleMeanwhile(admin, "airline weq MU");
         Thread.sleep(700);
         assertThat(change).as("the change waits for the message routed before it").isNotDone();
         transacted.commit();
         change.get(30, TimeUnit.SECONDS);

         cluster.publish(0, TOPIC, List.of(new Traffic.Out(2, "BSM", Map.of("airline", "MU"), 0, 0),
               new Traffic.Out(3, "BSM", Map.of("airline", "CA"), 0, 0)));
         assertThat(FeatureBroker.drainForwarded(bags, 2)).as("1 under airline weq CA, then 2 under airline weq MU")
               .containsExactly(1, 2);
      }
   }

   /**
    * A durable message is added to its queues once the storage confirms it: with the publisher's storage confirmations
    * held back (as a slow disk or backup would), a rule changed on the subscription's node waits for them, and the
    * message published under the old rule is kept.
    */
   @Test
   void aMessageTheStorageConfirmsLateIsJudgedByTheRuleItWasPublishedUnder() throws Exception {
      try (ClusterNodes cluster = ClusterNodes.start(2, "ON_DEMAND");
           Connection onB = cluster.connect(1);
           ManagementClient admin = cluster.management(1)) {
         Session sessionB = onB.createSession();
         MessageConsumer bags = sessionB.createSharedDurableConsumer(sessionB.createTopic(TOPIC), "bags", "airline weq CA");
         cluster.awaitCopies(TOPIC, true, 1, 0);

         ActiveMQServer nodeA = cluster.node(0).server();
         Set<String> earlier = sessionNames(nodeA);
         Connection onA = cluster.connect(0, false);
         Session publishing = onA.createSession();
         MessageProducer producer = publishing.createProducer(publishing.createTopic(TOPIC));
         List<OperationContext> held = holdConfirmations(nodeA, earlier);
         producer.send(new Traffic.Out(1, "BSM", Map.of("airline", "CA"), 0, 0).toJms(publishing));
         awaitRouted(cluster.node(0).server().getAddressInfo(SimpleString.of(TOPIC)), 1);

         CompletableFuture<Object> change = setRuleMeanwhile(admin, "airline weq MU");
         Thread.sleep(700);
         assertThat(change).as("the change waits for the message routed before it").isNotDone();
         held.forEach(OperationContext::replicationDone);
         change.get(30, TimeUnit.SECONDS);

         cluster.publish(0, TOPIC, List.of(new Traffic.Out(2, "BSM", Map.of("airline", "MU"), 0, 0),
               new Traffic.Out(3, "BSM", Map.of("airline", "CA"), 0, 0)));
         assertThat(FeatureBroker.drainForwarded(bags, 2)).as("1 under airline weq CA, then 2 under airline weq MU")
               .containsExactly(1, 2);
         onA.close();
      }
   }

   private static Set<String> sessionNames(ActiveMQServer server) {
      return server.getSessions().stream().map(ServerSession::getName).collect(Collectors.toSet());
   }

   /** Holds back the storage confirmations of the sessions opened since, as a backup that has not answered would. */
   private static List<OperationContext> holdConfirmations(ActiveMQServer server, Set<String> earlier) {
      List<OperationContext> held = new ArrayList<>();
      for (ServerSession session : server.getSessions()) {
         if (!earlier.contains(session.getName())) {
            session.getSessionContext().replicationLineUp();
            held.add(session.getSessionContext());
         }
      }
      assertThat(held).as("the publisher's sessions").isNotEmpty();
      return held;
   }

   private static CompletableFuture<Object> setRuleMeanwhile(ManagementClient admin, String rule) {
      return CompletableFuture.supplyAsync(() -> {
         try {
            return admin.invoke("setRule", TOPIC, "bags", rule);
         } catch (Exception e) {
            throw new IllegalStateException(e);
         }
      });
   }

   private static void awaitRouted(AddressInfo address, long count) throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (address.getRoutedMessageCount() < count) {
         if (System.nanoTime() > deadline) {
            throw new AssertionError("node A routed " + address.getRoutedMessageCount() + " messages, not " + count);
         }
         Thread.sleep(5);
      }
   }
}

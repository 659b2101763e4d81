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

import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.api.core.client.ClientConsumer;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.api.core.client.ServerLocator;

import java.util.ArrayList;
import java.util.List;

/**
 * The draining consumers of a {@link BenchCluster}: one per subscription, on the subscription's own node, with the
 * client's default credit, acknowledging each message as it arrives (as a JMS {@code AUTO_ACKNOWLEDGE} session does)
 * and recording it into the current run's {@link Deliveries}. They join the subscriptions' consumers without credit,
 * which take nothing, so every message goes to them.
 */
final class ClusterConsumers implements AutoCloseable {

   private final List<ServerLocator> locators = new ArrayList<>();
   private volatile Deliveries deliveries = new Deliveries(-1, 0);

   /** Attaches a draining consumer to each of the cluster's {@code n} subscriptions and starts them. */
   ClusterConsumers(BenchCluster cluster, int n) throws Exception {
      try {
         List<ClientSessionFactory> factories = new ArrayList<>();
         for (int node = 0; node < cluster.size(); node++) {
            ServerLocator locator = ActiveMQClient.createServerLocator(cluster.url(node));
            locators.add(locator);
            factories.add(locator.createSessionFactory());
         }
         List<ClientSession> sessions = new ArrayList<>();
         ClientSession[] filling = new ClientSession[cluster.size()]; // per node, the session taking new consumers
         for (int i = 0; i < n; i++) {
            int node = i % cluster.size();
            if (i / cluster.size() % Subscribers.CONSUMERS_PER_SESSION == 0) { // a session delivers on one thread
               filling[node] = factories.get(node).createSession(BenchCluster.USER, BenchCluster.USER, false, true, true,
                     false, 0);
               sessions.add(filling[node]);
            }
            ClientSession session = filling[node];
            int subscription = i;
            ClientConsumer consumer = session.createConsumer(BenchCluster.subscriptionName(i));
            consumer.setMessageHandler(message -> onMessage(subscription, message));
         }
         for (ClientSession session : sessions) {
            session.start();
         }
      } catch (Exception e) {
         close();
         throw e;
      }
   }

   /** Where the consumers record from now on: the next run's deliveries. */
   void recordInto(Deliveries next) {
      deliveries = next;
   }

   private void onMessage(int subscription, ClientMessage message) {
      long now = System.nanoTime();
      try {
         deliveries.record(message.getIntProperty(Subscribers.RUN), message.getIntProperty(Subscribers.SEQ), subscription,
               now - message.getLongProperty(Subscribers.SENT));
         message.acknowledge();
      } catch (ActiveMQException | RuntimeException e) {
         deliveries.unreadable(); // a message without the run's properties, or an ack the session could not send
      }
   }

   @Override
   public void close() {
      for (ServerLocator locator : locators) {
         locator.close(); // closes its factories, sessions and consumers
      }
      locators.clear();
   }
}

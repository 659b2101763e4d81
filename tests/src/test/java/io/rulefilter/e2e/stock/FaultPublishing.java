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
package io.rulefilter.e2e.stock;

import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.apache.qpid.jms.JmsConnectionFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;

/**
 * One phase of publishing: each node publishes its share of the messages (round-robin by number) from its own
 * thread, persistent and synchronous (Qpid JMS waits for the broker's settlement), so a send that returns is
 * confirmed. Only the node a test kills may fail a send; its thread then stops.
 */
final class FaultPublishing {

   private final List<Thread> threads = new ArrayList<>();
   private final List<AtomicInteger> confirmed = new ArrayList<>();
   private final AtomicReference<Throwable> failure = new AtomicReference<>();

   FaultPublishing(List<StockArtemis> nodes, List<AirportMessage> messages, StockArtemis mayFail,
         BiConsumer<AirportMessage, Boolean> outcome) {
      for (int i = 0; i < nodes.size(); i++) {
         StockArtemis node = nodes.get(i);
         List<AirportMessage> share = new ArrayList<>();
         for (int m = i; m < messages.size(); m += nodes.size()) {
            share.add(messages.get(m));
         }
         AtomicInteger count = new AtomicInteger();
         confirmed.add(count);
         Thread thread = new Thread(() -> {
            try {
               publish(node, share, node == mayFail, count, outcome);
            } catch (Throwable e) {
               failure.compareAndSet(null, e);
            }
         }, "publisher-" + node.corePort());
         threads.add(thread);
         thread.start();
      }
   }

   private static void publish(StockArtemis node, List<AirportMessage> share, boolean mayFail, AtomicInteger count,
         BiConsumer<AirportMessage, Boolean> outcome) throws Exception {
      Connection connection = new JmsConnectionFactory("amqp://127.0.0.1:" + node.corePort())
            .createConnection(StockArtemis.USER, StockArtemis.PASSWORD);
      try {
         Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
         MessageProducer producer = session.createProducer(session.createTopic(FaultCluster.ADDRESS));
         for (AirportMessage out : share) {
            TextMessage message = session.createTextMessage(out.body());
            message.setJMSType(out.tag());
            for (Map.Entry<String, String> attribute : out.attributes().entrySet()) {
               message.setStringProperty(attribute.getKey(), attribute.getValue());
            }
            try {
               producer.send(message);
            } catch (JMSException e) {
               if (!mayFail) {
                  throw e;
               }
               outcome.accept(out, false); // the node may have stored it before it died
               return;
            }
            outcome.accept(out, true);
            count.incrementAndGet();
         }
      } finally {
         try {
            connection.close();
         } catch (JMSException e) {
            // the node is gone: nothing to close
         }
      }
   }

   /** Waits until the {@code index}-th publishing node has had {@code sends} sends confirmed. */
   void awaitConfirmed(int index, int sends) throws Exception {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
      while (confirmed.get(index).get() < sends) {
         if (System.nanoTime() > deadline || failure.get() != null) {
            throw new AssertionError("publisher " + index + " got " + confirmed.get(index) + " of " + sends
                  + " sends confirmed", failure.get());
         }
         Thread.sleep(20);
      }
   }

   /** Waits until every publisher is done; rethrows what made one fail. */
   void join() throws Exception {
      for (Thread thread : threads) {
         thread.join(TimeUnit.MINUTES.toMillis(3));
         if (thread.isAlive()) {
            throw new AssertionError(thread.getName() + " still publishes after 3 minutes");
         }
      }
      if (failure.get() != null) {
         throw new AssertionError("a publisher failed", failure.get());
      }
   }
}

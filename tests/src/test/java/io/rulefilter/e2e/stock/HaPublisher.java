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
import jakarta.jms.ConnectionFactory;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.apache.activemq.artemis.api.core.client.FailoverEventType;
import org.apache.activemq.artemis.jms.client.ActiveMQConnection;

import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.apache.activemq.artemis.api.core.Message.HDR_DUPLICATE_DETECTION_ID;

/**
 * Publishes persistent messages on a thread of its own, as a publisher that must lose nothing through a failover
 * does with Artemis: each send blocks until the broker confirms it (the core JMS client's default for persistent
 * messages), each message carries a duplicate-detection id, and a send that fails (the broker died before it
 * answered) is sent again with the same id until it is confirmed, so the broker keeps it exactly once. It is sent
 * again once the client has failed over (Artemis's client reports it to a failover listener), not into the failover.
 * Message {@code seq} is {@link HaTraffic#message} of that number.
 */
final class HaPublisher implements AutoCloseable {

   private static final long GIVE_UP_NANOS = TimeUnit.SECONDS.toNanos(60);

   private final Connection connection;
   private final Session session;
   private final MessageProducer producer;
   private final String run = UUID.randomUUID().toString();
   private final AtomicInteger confirmed = new AtomicInteger();
   private final AtomicInteger resent = new AtomicInteger();
   private final List<String> failedSends = new CopyOnWriteArrayList<>();
   private volatile boolean failingOver;
   private volatile boolean stop;
   private volatile Exception failure;
   private Thread thread;

   HaPublisher(ConnectionFactory factory, String address) throws JMSException {
      connection = factory.createConnection(StockArtemis.USER, StockArtemis.PASSWORD);
      ((ActiveMQConnection) connection).setFailoverListener(event -> failingOver = event == FailoverEventType.FAILURE_DETECTED);
      session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
      producer = session.createProducer(session.createTopic(address));
      producer.setDeliveryMode(DeliveryMode.PERSISTENT);
   }

   /** Publishes messages {@code confirmed()+1, +2, …} until {@link #pause}. */
   void resume() {
      stop = false;
      thread = new Thread(this::publishUntilPaused, "ha-publisher");
      thread.start();
   }

   /** Stops after the message being sent is confirmed; from then on {@link #confirmed} is final until resumed. */
   void pause() throws Exception {
      stop = true;
      thread.join(TimeUnit.SECONDS.toMillis(90));
      if (thread.isAlive()) {
         throw new IllegalStateException("the publisher did not stop; it is stuck sending message " + (confirmed.get() + 1));
      }
      if (failure != null) {
         throw new IllegalStateException("the publisher failed after " + confirmed.get() + " confirmed messages", failure);
      }
   }

   /** Messages 1…this were all confirmed by the broker. */
   int confirmed() {
      return confirmed.get();
   }

   /** Sends that failed (no confirmation) and were sent again. */
   int resent() {
      return resent.get();
   }

   /** Each send that failed: its message, how long after the send began, and why. */
   List<String> failedSends() {
      return List.copyOf(failedSends);
   }

   /** Waits until {@code count} messages are confirmed in all. */
   void awaitConfirmed(int count, long seconds) throws Exception {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
      while (confirmed.get() < count) {
         if (failure != null || !thread.isAlive() || System.nanoTime() > deadline) {
            throw new IllegalStateException("only " + confirmed.get() + " of " + count + " messages confirmed", failure);
         }
         Thread.sleep(10);
      }
   }

   private void publishUntilPaused() {
      try {
         while (!stop) {
            send(confirmed.get() + 1);
         }
      } catch (Exception e) {
         failure = e;
      }
   }

   private void send(int seq) throws Exception {
      long since = System.nanoTime();
      while (true) {
         try {
            Message message = HaTraffic.message(session, seq);
            message.setStringProperty(HDR_DUPLICATE_DETECTION_ID.toString(), run + ":" + seq);
            producer.send(message);
            confirmed.set(seq);
            return;
         } catch (JMSException unconfirmed) {
            // the broker died before confirming: whether it kept the message or not, the same id makes it once
            if (System.nanoTime() - since > GIVE_UP_NANOS) {
               throw unconfirmed;
            }
            resent.incrementAndGet();
            failedSends.add("message " + seq + " after " + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - since) + " ms: "
                  + unconfirmed.getMessage());
            do {
               Thread.sleep(10);
            } while (failingOver && System.nanoTime() - since < GIVE_UP_NANOS);
         }
      }
   }

   @Override
   public void close() throws Exception {
      connection.close();
   }
}

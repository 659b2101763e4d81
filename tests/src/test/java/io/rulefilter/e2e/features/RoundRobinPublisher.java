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

import jakarta.jms.Connection;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Publishes numbered messages on every node of a cluster in one order, message {@code seq} on node
 * {@code (seq - 1) % nodes}, each send confirmed before the next: so "sent before" and "sent after" a change made
 * meanwhile are exact. It pauses at one message until {@link #resumeAndFinish()}, so that a change is made mid-stream.
 */
final class RoundRobinPublisher implements AutoCloseable {

   /** Messages up to {@code before} were sent before a change began; from {@code after} on, once it had returned. */
   record Marks(int before, int after) {
   }

   /** A change made while the publisher runs. */
   interface Change {
      void run() throws Exception;
   }

   private static final long MINUTES = 3;

   private final AtomicInteger sent = new AtomicInteger();
   private final CountDownLatch resumed = new CountDownLatch(1);
   private final ClusterNodes cluster;
   private final String topic;
   private final List<Traffic.Out> messages;
   private final int pauseAt;
   private volatile boolean closed;
   private CompletableFuture<Void> publishing = CompletableFuture.completedFuture(null);

   RoundRobinPublisher(ClusterNodes cluster, String topic, List<Traffic.Out> messages, int pauseAt) {
      this.cluster = cluster;
      this.topic = topic;
      this.messages = List.copyOf(messages);
      this.pauseAt = pauseAt;
   }

   /** Starts publishing, on a thread of its own. */
   void start() {
      publishing = CompletableFuture.runAsync(this::publish);
   }

   /** Waits until message {@code seq} has been sent. */
   void awaitSent(int seq) throws Exception {
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(MINUTES);
      while (sent.get() < seq) {
         if (publishing.isDone()) {
            publishing.get(); // reports why the publisher stopped
         }
         if (System.nanoTime() > deadline) {
            throw new AssertionError(sent.get() + " of " + seq + " messages sent in " + MINUTES + " minutes");
         }
         Thread.sleep(10);
      }
   }

   /** Makes {@code change} and returns which messages were sent before it and after it. */
   Marks during(Change change) throws Exception {
      int before = sent.get();
      change.run();
      return new Marks(before, sent.get() + 2); // the message after sent() may have been on its way at the return
   }

   int sent() {
      return sent.get();
   }

   /** Lets the publisher go on past its pause and waits until it has sent every message. */
   void resumeAndFinish() throws Exception {
      resumed.countDown();
      publishing.get(MINUTES, TimeUnit.MINUTES);
   }

   /** Stops publishing (a test that failed early must not leave it sending to brokers that stop). */
   @Override
   public void close() throws Exception {
      closed = true;
      resumed.countDown();
      try {
         publishing.get(MINUTES, TimeUnit.MINUTES);
      } catch (Exception e) {
         // the failure that ended the test is the one to report
      }
   }

   private void publish() {
      List<Connection> connections = new ArrayList<>();
      try {
         List<Session> sessions = new ArrayList<>();
         List<MessageProducer> producers = new ArrayList<>();
         for (int node = 0; node < cluster.size(); node++) {
            connections.add(cluster.connect(node));
            sessions.add(connections.get(node).createSession());
            producers.add(sessions.get(node).createProducer(sessions.get(node).createTopic(topic)));
         }
         for (Traffic.Out out : messages) {
            if (closed) {
               return;
            }
            int node = (out.seq() - 1) % cluster.size();
            producers.get(node).send(out.toJms(sessions.get(node)));
            sent.set(out.seq());
            if (out.seq() == pauseAt && !resumed.await(MINUTES, TimeUnit.MINUTES)) {
               throw new IllegalStateException("not resumed within " + MINUTES + " minutes");
            }
         }
      } catch (Exception e) {
         throw new IllegalStateException("publishing stopped after message " + sent.get(), e);
      } finally {
         for (Connection connection : connections) {
            try {
               connection.close();
            } catch (Exception e) {
               // the cluster is closing; what was sent is what counts
            }
         }
      }
   }
}

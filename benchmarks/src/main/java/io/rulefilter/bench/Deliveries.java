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

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * What the consumers received during one run of the latency benchmark: for every published message, the
 * subscription that took it and how long after its send. Kept per message rather than as counts so that a run which
 * delivers fast but wrongly — a message twice, to the wrong subscription, or not at all — fails instead of reporting
 * a latency.
 */
final class Deliveries {

   private final int run;
   private final AtomicIntegerArray recipient;
   private final long[] latencyNanos;
   private final AtomicInteger delivered = new AtomicInteger();
   private final AtomicInteger stray = new AtomicInteger();

   /** A run numbered {@code run} (carried by its messages) of {@code messages} messages numbered 0, 1, …. */
   Deliveries(int run, int messages) {
      this.run = run;
      this.recipient = new AtomicIntegerArray(messages);
      this.latencyNanos = new long[messages];
      for (int m = 0; m < messages; m++) {
         recipient.set(m, -1);
      }
   }

   /**
    * One delivery, from a consumer's listener thread: message {@code seq} of run {@code messageRun} reached
    * {@code subscription} {@code nanos} after it was sent.
    */
   void record(int messageRun, int seq, int subscription, long nanos) {
      if (messageRun != run || seq < 0 || seq >= latencyNanos.length || !recipient.compareAndSet(seq, -1, subscription)) {
         stray.incrementAndGet(); // another run's message, or this run's message a second time
         return;
      }
      latencyNanos[seq] = nanos;
      delivered.incrementAndGet(); // publishes the sample to the thread that awaits the run
   }

   /** A delivery whose message could not be read. */
   void unreadable() {
      stray.incrementAndGet();
   }

   /** Waits until every message has been delivered once; the caller's clock stops when this returns. */
   void awaitAll(String who) throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
      while (delivered.get() < latencyNanos.length) {
         if (System.nanoTime() > deadline || stray.get() > 0) {
            throw new IllegalStateException(who + ": " + delivered.get() + " of " + latencyNanos.length
                  + " messages delivered, " + stray.get() + " deliveries that should not have happened");
         }
         Thread.sleep(1); // latencies are timed by the listeners; this only ends the run, within a millisecond
      }
   }

   /**
    * Checks the run: every message reached exactly the subscription {@code expected} names for it (the one whose rule
    * accepts it), once, and no subscription got more or fewer than {@code expectedCounts}.
    */
   void verify(String who, int[] expected, long[] expectedCounts) {
      if (stray.get() > 0) {
         throw new IllegalStateException(who + ": " + stray.get() + " deliveries of messages already delivered, "
               + "of another run, or unreadable");
      }
      long[] counts = new long[expectedCounts.length];
      for (int m = 0; m < expected.length; m++) {
         int to = recipient.get(m);
         if (to != expected[m]) {
            throw new IllegalStateException(who + ": message " + m + " reached subscription " + to + ", its rules accept "
                  + "subscription " + expected[m] + " alone");
         }
         counts[to]++; // every message was delivered (awaitAll), so "to" names a subscription
      }
      for (int i = 0; i < counts.length; i++) {
         if (counts[i] != expectedCounts[i]) {
            throw new IllegalStateException(who + ": subscription " + i + " received " + counts[i] + " messages, its rule "
                  + "accepts " + expectedCounts[i]);
         }
      }
   }

   /** Each message's publish-to-deliver time, in nanoseconds (after {@link #awaitAll}). */
   long[] latencyNanos() {
      return latencyNanos.clone();
   }
}

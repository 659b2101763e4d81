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

import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts work that has begun and not ended, by generation, so that a barrier can wait for exactly the work begun
 * before it without waiting for the work that keeps beginning after it. Work counts in the generation open when it
 * begins ({@link #begin}); a barrier closes that generation ({@link #passed}) and waits until it has no work left.
 * Two counters serve all generations: a generation is opened only once the one before the last has drained, so the
 * counter it reuses holds nothing of that older one. Beginning and ending are lock-free; barriers take this monitor.
 */
final class InFlightGenerations {

   private final AtomicLong[] counts = {new AtomicLong(), new AtomicLong()};
   /** The open generation; its counter is {@code counts[open & 1]}. */
   private volatile long open;
   /** Every generation below this one has drained (guarded by this). */
   private long drainedBelow;

   /** Work begins: returns the counter to give back to {@link #end}. */
   int begin() {
      while (true) {
         long generation = open;
         int counter = (int) (generation & 1);
         counts[counter].incrementAndGet();
         if (open == generation) {
            return counter; // counted before any barrier could close this generation
         }
         counts[counter].decrementAndGet(); // closed meanwhile: count in the new one
      }
   }

   /** Work that {@link #begin} counted in {@code counter} has ended. */
   void end(int counter) {
      counts[counter].decrementAndGet();
   }

   /**
    * Whether the work begun before {@code barrier} was first asked about has all ended. The first call closes the open
    * generation for it (once the generation before has drained); later calls see whether it drained.
    */
   synchronized boolean passed(Barrier barrier) {
      drain();
      if (barrier.closed < 0) {
         if (drainedBelow < open) {
            return false; // the previous generation still has work: close this one later, with more in it
         }
         barrier.closed = open;
         open = open + 1;
         drain();
      }
      return drainedBelow > barrier.closed;
   }

   private void drain() {
      while (drainedBelow < open && counts[(int) (drainedBelow & 1)].get() == 0) {
         drainedBelow++;
      }
   }

   /** One barrier's place among the generations. */
   static final class Barrier {
      /** The generation closed for it, or -1 before it was. */
      private long closed = -1;
   }
}

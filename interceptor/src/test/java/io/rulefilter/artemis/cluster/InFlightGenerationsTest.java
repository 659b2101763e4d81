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

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Barriers over work that never stops beginning: each passes once, and only once, all the work begun before it first
 * asked has ended, however barriers and work interleave.
 */
class InFlightGenerationsTest {

   @Test
   void aBarrierPassesAtOnceWhenNothingIsInFlightAndWaitsForWorkBegunBefore() {
      InFlightGenerations generations = new InFlightGenerations();
      assertThat(generations.passed(new InFlightGenerations.Barrier())).isTrue();
      int before = generations.begin();
      InFlightGenerations.Barrier barrier = new InFlightGenerations.Barrier();
      assertThat(generations.passed(barrier)).isFalse();
      int after = generations.begin(); // begun after the barrier closed its generation: not waited for
      generations.end(before);
      assertThat(generations.passed(barrier)).isTrue();
      InFlightGenerations.Barrier next = new InFlightGenerations.Barrier();
      assertThat(generations.passed(next)).as("the work begun after the first barrier").isFalse();
      generations.end(after);
      assertThat(generations.passed(next)).isTrue();
   }

   @Test
   void concurrentBarriersEachWaitForExactlyTheWorkBegunBeforeThemAndPassUnderLoad() throws Exception {
      InFlightGenerations generations = new InFlightGenerations();
      Set<Long> running = ConcurrentHashMap.newKeySet();
      AtomicLong ids = new AtomicLong();
      AtomicBoolean stop = new AtomicBoolean();
      List<Thread> threads = new ArrayList<>();
      for (int w = 0; w < 4; w++) {
         threads.add(new Thread(() -> {
            while (!stop.get()) {
               int counter = generations.begin();
               long id = ids.incrementAndGet();
               running.add(id);
               LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(200_000));
               running.remove(id);
               generations.end(counter);
            }
         }));
      }
      List<String> failures = new ArrayList<>();
      AtomicLong passed = new AtomicLong();
      for (int b = 0; b < 3; b++) {
         threads.add(new Thread(() -> {
            for (int round = 0; round < 200; round++) {
               Set<Long> begunBefore = Set.copyOf(running);
               InFlightGenerations.Barrier barrier = new InFlightGenerations.Barrier();
               long deadline = System.nanoTime() + 5_000_000_000L;
               while (!generations.passed(barrier)) {
                  if (System.nanoTime() > deadline) {
                     synchronized (failures) {
                        failures.add("a barrier did not pass within 5 s under load");
                     }
                     return;
                  }
                  Thread.onSpinWait();
               }
               for (long id : begunBefore) {
                  if (running.contains(id)) {
                     synchronized (failures) {
                        failures.add("work " + id + " begun before a barrier was still running when it passed");
                     }
                  }
               }
               passed.incrementAndGet();
            }
         }));
      }
      threads.forEach(Thread::start);
      for (Thread barrierThread : threads.subList(4, threads.size())) {
         barrierThread.join(60_000);
      }
      stop.set(true);
      for (Thread worker : threads.subList(0, 4)) {
         worker.join(10_000);
      }
      assertThat(failures).isEmpty();
      assertThat(passed.get()).isEqualTo(600);
      assertThat(ids.get()).as("work done meanwhile").isGreaterThan(600);
   }
}

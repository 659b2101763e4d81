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
package io.rulefilter.artemis.routing;

import io.rulefilter.artemis.log.RoutingLogger;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * A rule that throws while deciding a message (a message whose properties cannot be decoded, or a defect) rejects
 * the message for that subscription only, as Artemis's own filters do, instead of failing the whole send and
 * stalling a bridge that forwards it. Failures are counted and logged at most once a minute.
 */
final class EvaluationFailures {

   private static final long QUIET_NANOS = 60_000_000_000L;
   private static final LongAdder COUNT = new LongAdder();
   private static final AtomicLong LAST_LOG = new AtomicLong(System.nanoTime() - QUIET_NANOS);

   private EvaluationFailures() {
   }

   /** Counts and (rate-limited) logs a failure; returns false, the verdict of a failed evaluation. */
   static boolean reject(Object where, RuntimeException failure) {
      COUNT.increment();
      long last = LAST_LOG.get();
      long now = System.nanoTime();
      if (now - last >= QUIET_NANOS && LAST_LOG.compareAndSet(last, now)) {
         RoutingLogger.ruleFailed(where, COUNT.sum(), failure);
      }
      return false;
   }
}

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

import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.core.persistence.OperationContext;

import java.util.Arrays;
import java.util.function.IntConsumer;

/**
 * One routing thread's counted routes whose processing has begun and not yet ended, innermost last: a mirror may
 * route within a route, and another plugin throwing may leave a route's end hook uncalled. Each route keeps its
 * message, when it began, the operation context Artemis adds its references on, and its count in
 * {@link InFlightGenerations}. Not thread-safe: one per thread.
 */
final class RoutesInProcess {

   static final int MAX_NESTED = 8;

   private final Message[] messages = new Message[MAX_NESTED];
   private final long[] since = new long[MAX_NESTED];
   private final OperationContext[] operations = new OperationContext[MAX_NESTED];
   private final int[] counters = new int[MAX_NESTED];
   private int depth;

   /** Whether another route can begin; when not, it is not counted (its barrier falls back on its grace). */
   boolean hasRoom() {
      return depth < MAX_NESTED;
   }

   /** When the outermost route began ({@link System#nanoTime}); only while {@link #isEmpty} is false. */
   long oldestSince() {
      return since[0];
   }

   boolean isEmpty() {
      return depth == 0;
   }

   /** A route of {@code message} begins, counted as {@code counter}; {@link #hasRoom} must be true. */
   void begin(Message message, long now, OperationContext operation, int counter) {
      messages[depth] = message;
      since[depth] = now;
      operations[depth] = operation;
      counters[depth++] = counter;
   }

   /** Where {@code message}'s route is, innermost first; -1 when it is not here. */
   int indexOf(Message message) {
      for (int i = depth - 1; i >= 0; i--) {
         if (messages[i] == message) {
            return i;
         }
      }
      return -1;
   }

   OperationContext operationAt(int at) {
      return operations[at];
   }

   /**
    * Takes the route at {@code at} off this thread and returns its counter; the routes above it, whose end hooks never
    * came, are ended through {@code end}.
    */
   int remove(int at, IntConsumer end) {
      for (int above = depth - 1; above > at; above--) {
         end.accept(counters[above]);
      }
      Arrays.fill(messages, at, depth, null);
      Arrays.fill(operations, at, depth, null);
      depth = at;
      return counters[at];
   }

   /** Ends through {@code end} the outermost routes that began {@code maxAgeNs} or longer before {@code now}. */
   void endOlderThan(long now, long maxAgeNs, IntConsumer end) {
      int abandoned = 0;
      while (abandoned < depth && now - since[abandoned] > maxAgeNs) {
         end.accept(counters[abandoned++]);
      }
      int kept = depth - abandoned;
      System.arraycopy(messages, abandoned, messages, 0, kept);
      System.arraycopy(since, abandoned, since, 0, kept);
      System.arraycopy(operations, abandoned, operations, 0, kept);
      System.arraycopy(counters, abandoned, counters, 0, kept);
      Arrays.fill(messages, kept, depth, null);
      Arrays.fill(operations, kept, depth, null);
      depth = kept;
   }
}

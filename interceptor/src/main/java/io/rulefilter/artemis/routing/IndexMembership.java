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

import org.apache.activemq.artemis.api.core.SimpleString;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * Which subscriptions the evaluations of one index's contents count for (a subscription's rejected count is what the
 * indexes holding it evaluated minus what it matched). Joins and leaves wait until the router routes by the contents
 * that made them ({@link #countFromNow}), so that a subscription counts the messages an index holding it evaluated, not
 * those of the index before, which may be routing for milliseconds while a large address is rebuilt.
 * <p>
 * Mutable; guarded by the post office's monitor like {@link IndexContents}.
 */
final class IndexMembership {

   private final SimpleString address;
   private final IndexContents contents;
   private final LongAdder evaluated;
   private final List<SubscriptionFilter> joining = new ArrayList<>();
   private final List<SubscriptionFilter> leaving = new ArrayList<>();

   IndexMembership(SimpleString address, IndexContents contents, LongAdder evaluated) {
      this.address = address;
      this.contents = contents;
      this.evaluated = evaluated;
   }

   /** The contents took in a queue with {@code filter}. */
   void joined(SubscriptionFilter filter) {
      joining.add(filter);
   }

   /** The contents let go of a queue with {@code filter}. */
   void left(SubscriptionFilter filter) {
      if (!joining.remove(filter)) {
         leaving.add(filter);
      }
   }

   /** The router routes by these contents now: what they took in and let go of since the last time counts from here. */
   void countFromNow() {
      leaving.forEach(filter -> filter.leaveIndex(address, contents));
      joining.forEach(filter -> filter.joinIndex(address, contents, evaluated));
      leaving.clear();
      joining.clear();
   }

   /**
    * The router no longer routes by these contents: {@code held}, and whatever they let go of meanwhile, leave the
    * index, except the subscriptions that contents built since have taken over (their counts go on without a gap).
    */
   void stopCounting(Iterable<SubscriptionFilter> held) {
      joining.clear();
      held.forEach(filter -> filter.leaveIndex(address, contents));
      leaving.forEach(filter -> filter.leaveIndex(address, contents));
      leaving.clear();
   }
}

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

import org.apache.activemq.artemis.core.postoffice.Binding;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * The one owner of which subscriptions count what a router's index evaluates. The invariant: from the moment the
 * router publishes contents until it publishes others (or none), the subscriptions those contents hold, and only they,
 * count every message the router's index evaluates. A subscription counts them as its own (see
 * {@link SubscriptionFilter#rejected}), so it keeps what it counted when it leaves, and contents rebuilt or changed in
 * place take over the subscriptions they still hold without a gap.
 * <p>
 * Mutable; guarded by the post office's monitor like {@link AddressIndexes}.
 */
final class IndexCounting {

   /** The messages the router's index evaluated; routing threads count them, lock-free. */
   private final LongAdder evaluated = new LongAdder();
   /** The subscriptions counting now, by the binding of their queue: those of {@link #published}. */
   private Map<Binding, SubscriptionFilter> counting = new IdentityHashMap<>();
   private IndexContents published;

   LongAdder evaluated() {
      return evaluated;
   }

   /**
    * The router routes by {@code contents} from now (null: by none). Contents published before and changed in place
    * since are reconciled binding by binding (what they changed), other contents in one pass over what they hold.
    */
   void published(IndexContents contents) {
      Map<Binding, SubscriptionFilter> before = counting;
      Map<Binding, SubscriptionFilter> next;
      if (contents != null && contents == published) {
         next = before;
         for (Binding changed : contents.changedSincePublished()) {
            SubscriptionFilter now = contents.filterOf(changed);
            SubscriptionFilter was = now == null ? next.remove(changed) : next.put(changed, now);
            if (was != now) {
               leave(was);
               join(now);
            }
         }
      } else {
         next = contents == null ? new IdentityHashMap<>() : contents.filters();
         before.forEach((binding, was) -> leaveUnless(was, next.get(binding)));
         next.forEach((binding, now) -> joinUnless(now, before.get(binding)));
      }
      if (contents != null) {
         contents.markPublished();
      }
      counting = next;
      published = contents;
   }

   private void leaveUnless(SubscriptionFilter was, SubscriptionFilter stays) {
      if (was != stays) {
         leave(was);
      }
   }

   private void joinUnless(SubscriptionFilter now, SubscriptionFilter already) {
      if (now != already) {
         join(now);
      }
   }

   private void leave(SubscriptionFilter filter) {
      if (filter != null) {
         filter.leaveIndex(evaluated);
      }
   }

   private void join(SubscriptionFilter filter) {
      if (filter != null) {
         filter.joinIndex(evaluated);
      }
   }
}

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

import io.rulefilter.eval.CompiledRule;
import io.rulefilter.message.MessageModel;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.filter.Filter;
import org.apache.activemq.artemis.selector.filter.Filterable;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * The filter RuleFilter installs on a subscription queue; Artemis calls it once per routed message. It reports the
 * queue's original filter string, because Artemis re-parses that string (broker.xml redeploys, shared-subscription
 * checks, persistence) and must keep seeing exactly what the queue was created with.
 */
public final class SubscriptionFilter implements Filter {

   private static final SimpleString NO_FILTER = SimpleString.of("");

   private final SimpleString originalFilterString;
   private final Filter originalFilter;
   private final ThreadLocal<ArtemisMessageView> views;
   private final LongAdder matched = new LongAdder();
   private final LongAdder rejected = new LongAdder();
   private final LongAdder indexedMatches = new LongAdder();
   private volatile IndexCounts indexCounts = IndexCounts.NONE;
   private final AtomicLong rejectedReported = new AtomicLong();
   private volatile SubscriptionPolicy policy;

   /** The filter the plugin installs for a subscription whose only rule is {@code rule}; for embedding and benchmarks. */
   public static SubscriptionFilter forRule(CompiledRule rule, MessageModel model) {
      SubscriptionPolicy policy = new SubscriptionPolicy(rule, null, null, true);
      return new SubscriptionFilter(null, policy, ThreadLocal.withInitial(() -> new ArtemisMessageView(model.tagProperty())));
   }

   public SubscriptionFilter(Filter originalFilter, SubscriptionPolicy policy, ThreadLocal<ArtemisMessageView> views) {
      this.originalFilter = originalFilter;
      this.originalFilterString = originalFilter == null ? NO_FILTER : originalFilter.getFilterString();
      this.policy = policy;
      this.views = views;
   }

   public SubscriptionPolicy policy() {
      return policy;
   }

   public void policy(SubscriptionPolicy next) {
      this.policy = next;
   }

   /** Messages the rule let into the queue, on either routing path. */
   public long matched() {
      return matched.sum() + indexedMatches.sum();
   }

   /**
    * Messages the rule kept out. The index counts only matches; the rest of what it evaluated for this subscription
    * was rejected. Never less than an earlier answer: a message being routed counts its match before the index counts
    * it as evaluated, which alone would make a later answer smaller.
    */
   public long rejected() {
      long evaluated = indexCounts.evaluated(); // before the matches, which are counted first: the answer can only lag
      long now = rejected.sum() + Math.max(0, evaluated - indexedMatches.sum());
      return rejectedReported.accumulateAndGet(now, Math::max);
   }

   void countIndexedMatch() {
      indexedMatches.increment();
   }

   /**
    * From now on this subscription counts the messages {@code evaluated} counts (those of the index of an address
    * its queue is bound to; a wildcard subscription's queue can be in several); already counting them, nothing
    * changes. Only {@link IndexCounting} calls it, under the post office's lock.
    */
   void joinIndex(LongAdder evaluated) {
      indexCounts = indexCounts.joined(evaluated);
   }

   /** This subscription stops counting {@code evaluated}, keeping what it counted. As {@link #joinIndex}. */
   void leaveIndex(LongAdder evaluated) {
      indexCounts = indexCounts.left(evaluated);
   }

   /**
    * What the indexes this subscription is in evaluated for it, published as one value so that a lock-free read never
    * mixes two states: where each index's counter stood when the subscription joined, plus what indexes it has left
    * evaluated meanwhile.
    */
   private record IndexCounts(Map<LongAdder, Long> atJoin, long evaluatedEarlier) {

      static final IndexCounts NONE = new IndexCounts(Map.of(), 0);

      /** What all indexes evaluated for the subscription (each indexed match was evaluated by one of them). */
      long evaluated() {
         long evaluated = evaluatedEarlier;
         for (Map.Entry<LongAdder, Long> joined : atJoin.entrySet()) {
            evaluated += joined.getKey().sum() - joined.getValue();
         }
         return evaluated;
      }

      IndexCounts joined(LongAdder counter) {
         if (atJoin.containsKey(counter)) {
            return this;
         }
         Map<LongAdder, Long> next = new HashMap<>(atJoin);
         next.put(counter, counter.sum());
         return new IndexCounts(Map.copyOf(next), evaluatedEarlier);
      }

      IndexCounts left(LongAdder counter) {
         Long joinedAt = atJoin.get(counter);
         if (joinedAt == null) {
            return this;
         }
         Map<LongAdder, Long> next = new HashMap<>(atJoin);
         next.remove(counter);
         return new IndexCounts(Map.copyOf(next), evaluatedEarlier + counter.sum() - joinedAt);
      }
   }

   @Override
   public boolean match(Message message) {
      ArtemisMessageView view = views.get().of(message);
      boolean accepted;
      try {
         accepted = policy.accepts(message, view);
      } finally {
         view.release(); // the routing thread must not keep the message reachable
      }
      (accepted ? matched : rejected).increment();
      return accepted;
   }

   /** Not used for routing; answered by the queue's original SQL filter (a superset of its rule). */
   @Override
   public boolean match(Map<String, String> map) {
      return originalFilter == null || originalFilter.match(map);
   }

   @Override
   public boolean match(Filterable filterable) {
      return originalFilter == null || originalFilter.match(filterable);
   }

   /** The filter the queue had before RuleFilter attached, or null. */
   public Filter originalFilter() {
      return originalFilter;
   }

   @Override
   public SimpleString getFilterString() {
      return originalFilterString;
   }

   @Override
   public String toString() {
      return "SubscriptionFilter[" + originalFilterString + "]";
   }
}

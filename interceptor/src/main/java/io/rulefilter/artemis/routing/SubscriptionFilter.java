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

import io.rulefilter.eval.RuleCompiler;
import io.rulefilter.message.MessageModel;
import io.rulefilter.rule.Rule;
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
   public static SubscriptionFilter forRule(Rule rule, MessageModel model) {
      SubscriptionPolicy policy = new SubscriptionPolicy(new RuleCompiler(model).compile(rule), null, null, true);
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
    * From now on {@code contents}, the index of {@code address}, evaluate this subscription and count in
    * {@code evaluated}; a queue of a wildcard subscription is in the index of every address it is bound to. Contents
    * rebuilt with the same counter take the subscription over without a gap. Called under the post office's lock.
    */
   void joinIndex(SimpleString address, IndexContents contents, LongAdder evaluated) {
      indexCounts = indexCounts.joined(address, contents, evaluated);
   }

   /** {@code contents}, if they still hold it, no longer evaluate this subscription. Under the post office's lock. */
   void leaveIndex(SimpleString address, IndexContents contents) {
      indexCounts = indexCounts.left(address, contents);
   }

   /**
    * What the indexes this subscription is in evaluated for it, published as one value so that a lock-free read never
    * mixes two states: each index's counter and where it stood when the subscription joined, plus what indexes it has
    * left evaluated (an address's index can be rebuilt with a new counter).
    */
   private record IndexCounts(Map<SimpleString, Joined> byAddress, long evaluatedEarlier) {

      static final IndexCounts NONE = new IndexCounts(Map.of(), 0);

      /** What all indexes evaluated for the subscription (each indexed match was evaluated by one of them). */
      long evaluated() {
         long evaluated = evaluatedEarlier;
         for (Joined joined : byAddress.values()) {
            evaluated += joined.since();
         }
         return evaluated;
      }

      IndexCounts joined(SimpleString address, IndexContents contents, LongAdder counter) {
         Joined before = byAddress.get(address);
         if (before != null && before.contents() == contents && before.counter() == counter) {
            return this;
         }
         boolean sameCounter = before != null && before.counter() == counter;
         Map<SimpleString, Joined> next = new HashMap<>(byAddress);
         next.put(address, new Joined(contents, counter, sameCounter ? before.atJoin() : counter.sum()));
         return new IndexCounts(Map.copyOf(next), evaluatedEarlier + (before == null || sameCounter ? 0 : before.since()));
      }

      IndexCounts left(SimpleString address, IndexContents contents) {
         Joined before = byAddress.get(address);
         if (before == null || before.contents() != contents) {
            return this;
         }
         Map<SimpleString, Joined> next = new HashMap<>(byAddress);
         next.remove(address);
         return new IndexCounts(Map.copyOf(next), evaluatedEarlier + before.since());
      }
   }

   /** The index contents holding the subscription, their evaluation counter, and its value when it joined. */
   private record Joined(IndexContents contents, LongAdder counter, long atJoin) {

      long since() {
         return counter.sum() - atJoin;
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

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

import java.util.Map;
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

   /** Messages the rule kept out: the index counts only matches, the rest of what it evaluated was rejected. */
   public long rejected() {
      return rejected.sum() + indexCounts.rejected(indexedMatches.sum());
   }

   void countIndexedMatch() {
      indexedMatches.increment();
   }

   /**
    * From now on the address index evaluates this subscription; its evaluations count from here, and what an earlier
    * index rejected is kept, so the count never goes back. Called under the post office's lock.
    */
   void joinIndex(LongAdder evaluated) {
      IndexCounts before = indexCounts;
      if (before.evaluated() != evaluated) {
         long matches = indexedMatches.sum();
         indexCounts = new IndexCounts(evaluated, evaluated.sum(), matches, before.rejected(matches));
      }
   }

   /**
    * What the index this subscription is in counts for it, published as one value so that a lock-free read never
    * mixes two indexes: the index's evaluations, and where they and the matches stood when the subscription joined.
    * An address's index can be rebuilt with a new counter; what earlier indexes rejected is carried over.
    */
   private record IndexCounts(LongAdder evaluated, long evaluatedAtJoin, long matchesAtJoin, long rejectedEarlier) {

      static final IndexCounts NONE = new IndexCounts(null, 0, 0, 0);

      /** Rejected by this index and earlier ones, given the indexed matches counted so far. */
      long rejected(long matches) {
         long here = evaluated == null ? 0 : evaluated.sum() - evaluatedAtJoin - (matches - matchesAtJoin);
         return rejectedEarlier + Math.max(0, here);
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

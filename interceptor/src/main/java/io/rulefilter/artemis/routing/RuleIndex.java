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

import io.rulefilter.message.AttributeKey;
import io.rulefilter.message.MessageModel;
import io.rulefilter.rule.Rule;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.filter.Filter;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;
import org.apache.activemq.artemis.core.server.RoutingContext;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;

/**
 * All rules of one address evaluated together, once per message: a rule with an {@link Anchor} is evaluated only
 * when the message's value meets it, found by a hash lookup or a prefix-trie walk per anchored key; other rules and
 * queues RuleFilter does not manage (their own filter decides, read at routing time) are checked one by one.
 * Immutable: a change builds a new index.
 */
final class RuleIndex {

   private final LocalQueueBinding[] unmanaged;
   private final IndexEntry[] managed;
   private final IndexEntry[] unanchored;
   private final ValueIndex[] anchored;

   private RuleIndex(LocalQueueBinding[] unmanaged, IndexEntry[] managed, IndexEntry[] unanchored, ValueIndex[] anchored) {
      this.unmanaged = unmanaged;
      this.managed = managed;
      this.unanchored = unanchored;
      this.anchored = anchored;
   }

   /**
    * Builds the index of {@code managed} subscriptions (each with its RuleFilter policy) and {@code unmanaged} queues.
    * {@code anchors} caches each policy's anchor across rebuilds (policies are immutable), so adding the n-th
    * subscription to an address costs O(n) cheap steps rather than re-analysing every rule.
    */
   static RuleIndex of(List<IndexEntry> managed, List<LocalQueueBinding> unmanaged, MessageModel model,
                              Map<SubscriptionPolicy, Optional<Anchor>> anchors) {
      List<IndexEntry> unanchored = new ArrayList<>();
      Map<Optional<String>, Map<SimpleString, List<IndexEntry>>> byValue = new LinkedHashMap<>();
      Map<Optional<String>, Map<String, List<IndexEntry>>> byPrefix = new LinkedHashMap<>();
      for (IndexEntry entry : managed) {
         Optional<Anchor> anchor = anchors.computeIfAbsent(entry.policy(), policy -> anchor(policy, model));
         if (anchor.isEmpty()) {
            unanchored.add(entry);
            continue;
         }
         Optional<String> key = Optional.ofNullable(anchor.get().key());
         Map<SimpleString, List<IndexEntry>> values = byValue.computeIfAbsent(key, k -> new HashMap<>());
         Map<String, List<IndexEntry>> prefixes = byPrefix.computeIfAbsent(key, k -> new HashMap<>());
         anchor.get().values().forEach(v -> values.computeIfAbsent(v, x -> new ArrayList<>()).add(entry));
         anchor.get().prefixes().forEach(p -> prefixes.computeIfAbsent(p, x -> new ArrayList<>()).add(entry));
      }
      ValueIndex[] anchored = byValue.keySet().stream()
            .map(key -> new ValueIndex(key.map(AttributeKey::new).orElse(null), byValue.get(key), byPrefix.get(key)))
            .toArray(ValueIndex[]::new);
      return new RuleIndex(unmanaged.toArray(LocalQueueBinding[]::new), managed.toArray(IndexEntry[]::new),
            unanchored.toArray(IndexEntry[]::new), anchored);
   }

   /** From now on this index evaluates its subscriptions; their rejected counts follow {@code evaluated}. */
   void joinCounters(LongAdder evaluated) {
      for (IndexEntry entry : managed) {
         entry.filter().joinIndex(evaluated);
      }
   }

   /** The number of queues this index routes, managed or not. */
   int queues() {
      return managed.length + unmanaged.length;
   }

   /** A disabled subscription takes everything, so it has no anchor; otherwise the own rule's, then the address rule's. */
   private static Optional<Anchor> anchor(SubscriptionPolicy policy, MessageModel model) {
      if (!policy.enabled()) {
         return Optional.empty();
      }
      Optional<Anchor> own = policy.own() == null ? Optional.empty() : Anchor.of(policy.own().rule(), model);
      if (own.isPresent() || policy.addressRule() == null) {
         return own;
      }
      Rule addressRule = policy.addressRule().rule();
      return Anchor.of(addressRule, model);
   }

   void route(Message message, RoutingContext context, ArtemisMessageView view) throws Exception {
      for (LocalQueueBinding binding : unmanaged) {
         Filter filter = binding.getFilter();
         if (filter == null || filter.match(message)) {
            binding.route(message, context);
         }
      }
      IndexEntry.routeEachAccepted(unanchored, message, context, view);
      for (ValueIndex index : anchored) {
         index.route(message, context, view);
      }
   }
}

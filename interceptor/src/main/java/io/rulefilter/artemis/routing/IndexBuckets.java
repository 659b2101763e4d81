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
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * Where the bindings an index holds alone (not in a {@link RoutingNameGroup}) are found per message: the queues
 * RuleFilter does not manage, the entries evaluated for every message, and the anchored entries in the buckets of
 * their value, prefix or numeric bound. Each change replaces only the arrays it touches, so the {@link RuleIndex}
 * published before keeps routing unchanged.
 * <p>
 * Mutable; guarded by the post office's monitor like {@link AddressIndexes}.
 */
final class IndexBuckets {

   private LocalQueueBinding[] unmanagedNow = new LocalQueueBinding[0];
   private IndexEntry[] unanchoredNow = new IndexEntry[0];
   private ValueIndex[] anchoredNow = new ValueIndex[0];
   private RangeIndex[] rangedNow = new RangeIndex[0];

   /** The index of what the buckets hold now, with {@code groups}. */
   RuleIndex index(RoutingNameGroup[] groups, int queues, boolean copies) {
      return new RuleIndex(unmanagedNow, unanchoredNow, anchoredNow, rangedNow, groups, queues, copies);
   }

   /** Puts {@code held} where the index finds it: among the queues it does not manage, the unanchored, or its anchor's. */
   void add(HeldBinding held) {
      update(held, true);
   }

   /** Takes {@code held} out of where the index found it. */
   void remove(HeldBinding held) {
      update(held, false);
   }

   private void update(HeldBinding held, boolean add) {
      if (held.entry() == null) {
         unmanagedNow = changed(unmanagedNow, (LocalQueueBinding) held.binding(), add);
      } else if (!held.isAnchored()) {
         unanchoredNow = changed(unanchoredNow, held.entry(), add);
      } else if (held.anchor() == null) {
         String key = held.bounds().get(0).key();
         int at = indexOf(rangedNow, range -> Objects.equals(range.keyName(), key));
         RangeIndex bounds = at < rangedNow.length ? rangedNow[at] : RangeIndex.empty(key);
         for (RangeIndex.Bound bound : held.bounds()) {
            bounds = add ? bounds.with(bound) : bounds.without(bound);
         }
         rangedNow = CopiedArrays.replaced(rangedNow, at, bounds.isEmpty() ? null : bounds);
      } else {
         Anchor anchor = held.anchor();
         int at = indexOf(anchoredNow, index -> Objects.equals(index.keyName(), anchor.key())
               && index.ignoreCase() == anchor.ignoreCase());
         ValueIndex values = at < anchoredNow.length ? anchoredNow[at] : ValueIndex.empty(anchor.key(), anchor.ignoreCase());
         for (SimpleString value : anchor.values()) {
            values = values.withValue(value, changed(values.entriesOf(value), held.entry(), add));
         }
         for (String prefix : anchor.prefixes()) {
            values = values.withPrefix(prefix, changed(values.entriesOfPrefix(prefix), held.entry(), add));
         }
         anchoredNow = CopiedArrays.replaced(anchoredNow, at, values.isEmpty() ? null : values);
      }
   }

   /** Fills empty buckets in one pass (a rebuild costs O(N), not N changes). */
   Builder builder() {
      return new Builder();
   }

   final class Builder {
      private final List<LocalQueueBinding> unmanaged = new ArrayList<>();
      private final List<IndexEntry> unanchored = new ArrayList<>();
      private final Map<AnchorKey, Map<SimpleString, List<IndexEntry>>> byValue = new LinkedHashMap<>();
      private final Map<AnchorKey, Map<String, List<IndexEntry>>> byPrefix = new LinkedHashMap<>();
      private final Map<String, List<RangeIndex.Bound>> byBound = new LinkedHashMap<>();

      void add(HeldBinding held) {
         if (held.entry() == null) {
            unmanaged.add((LocalQueueBinding) held.binding());
         } else if (!held.isAnchored()) {
            unanchored.add(held.entry());
         } else if (held.anchor() == null) {
            byBound.computeIfAbsent(held.bounds().get(0).key(), k -> new ArrayList<>()).addAll(held.bounds());
         } else {
            Anchor anchor = held.anchor();
            AnchorKey key = new AnchorKey(anchor.key(), anchor.ignoreCase());
            Map<SimpleString, List<IndexEntry>> values = byValue.computeIfAbsent(key, k -> new HashMap<>());
            Map<String, List<IndexEntry>> prefixes = byPrefix.computeIfAbsent(key, k -> new HashMap<>());
            anchor.values().forEach(v -> values.computeIfAbsent(v, x -> new ArrayList<>()).add(held.entry()));
            anchor.prefixes().forEach(p -> prefixes.computeIfAbsent(p, x -> new ArrayList<>()).add(held.entry()));
         }
      }

      void build() {
         unmanagedNow = unmanaged.toArray(LocalQueueBinding[]::new);
         unanchoredNow = unanchored.toArray(IndexEntry[]::new);
         anchoredNow = byValue.keySet().stream()
               .map(key -> ValueIndex.of(key.key(), key.ignoreCase(), byValue.get(key), byPrefix.get(key)))
               .toArray(ValueIndex[]::new);
         rangedNow = byBound.entrySet().stream()
               .map(e -> RangeIndex.of(e.getKey(), e.getValue())).toArray(RangeIndex[]::new);
      }
   }

   /** The key of a value index: an attribute key (null: the tag) and whether its anchors ignore case. */
   private record AnchorKey(String key, boolean ignoreCase) {
   }

   /** Where the index {@code wanted} is in {@code indexes}; their length when none is. */
   private static <T> int indexOf(T[] indexes, Predicate<T> wanted) {
      int at = 0;
      while (at < indexes.length && !wanted.test(indexes[at])) {
         at++;
      }
      return at;
   }

   private static <T> T[] changed(T[] elements, T element, boolean add) {
      return add ? CopiedArrays.inserted(elements, elements.length, element) : CopiedArrays.without(elements, element);
   }
}

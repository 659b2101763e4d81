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

import io.rulefilter.message.MessageModel;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;

/**
 * What one address's index holds, changed one queue at a time: a queue joining, leaving or changing its rules costs
 * the buckets of its own anchor, not a rebuild of the address, so making N subscriptions costs O(N), not O(N²). Each
 * change yields a new immutable {@link RuleIndex} that shares everything the change did not touch.
 * <p>
 * Mutable; guarded by the post office's monitor like {@link AddressIndexes}.
 */
final class IndexContents {

   private final SimpleString address;
   private final MessageModel model;
   private final IndexMembership members;
   private final Map<LocalQueueBinding, Placed> placed = new IdentityHashMap<>();
   private final Set<SimpleString> routingNames = new HashSet<>();
   private final List<LocalQueueBinding> unmanaged = new ArrayList<>();
   private final List<IndexEntry> unanchored = new ArrayList<>();
   private LocalQueueBinding[] unmanagedNow = new LocalQueueBinding[0];
   private IndexEntry[] unanchoredNow = new IndexEntry[0];
   private ValueIndex[] anchoredNow = new ValueIndex[0];
   private RangeIndex[] rangedNow = new RangeIndex[0];
   private int managed;
   private int ownQueues;
   private RuleIndex index = RuleIndex.EMPTY;

   /**
    * A queue as the index holds it: its entry (null: a queue RuleFilter does not manage), its text anchor or else its
    * numeric one (or neither), and the routing name it had when taken in (Artemis derives it from the routing type,
    * which an update may change).
    */
   private record Placed(IndexEntry entry, Anchor anchor, RangeIndex.Bound bound, SimpleString routingName) {

      boolean isAnchored() {
         return anchor != null || bound != null;
      }
   }

   /** Empty contents for {@code address}; the subscriptions added count their evaluations in {@code evaluated}. */
   IndexContents(SimpleString address, MessageModel model, LongAdder evaluated) {
      this.address = address;
      this.model = model;
      this.members = new IndexMembership(address, this, evaluated);
   }

   /**
    * The contents of {@code queues}, built in one pass (a rebuild costs O(N), not N steps); {@code queues} must all be
    * multicast with distinct routing names.
    */
   static IndexContents of(SimpleString address, MessageModel model, LongAdder evaluated, List<LocalQueueBinding> queues) {
      IndexContents contents = new IndexContents(address, model, evaluated);
      Map<String, Map<SimpleString, List<IndexEntry>>> byValue = new LinkedHashMap<>();
      Map<String, Map<String, List<IndexEntry>>> byPrefix = new LinkedHashMap<>();
      Map<String, List<RangeIndex.Bound>> byBound = new LinkedHashMap<>();
      for (LocalQueueBinding binding : queues) {
         Placed placed = contents.take(binding);
         if (placed == null) {
            throw new IllegalArgumentException("queue '" + binding.getUniqueName() + "' cannot be indexed");
         }
         if (placed.entry() == null) {
            contents.unmanaged.add(binding);
         } else if (!placed.isAnchored()) {
            contents.unanchored.add(placed.entry());
         } else if (placed.anchor() == null) {
            byBound.computeIfAbsent(placed.bound().key(), k -> new ArrayList<>()).add(placed.bound());
         } else {
            Anchor anchor = placed.anchor();
            Map<SimpleString, List<IndexEntry>> values = byValue.computeIfAbsent(anchor.key(), k -> new HashMap<>());
            Map<String, List<IndexEntry>> prefixes = byPrefix.computeIfAbsent(anchor.key(), k -> new HashMap<>());
            anchor.values().forEach(v -> values.computeIfAbsent(v, x -> new ArrayList<>()).add(placed.entry()));
            anchor.prefixes().forEach(p -> prefixes.computeIfAbsent(p, x -> new ArrayList<>()).add(placed.entry()));
         }
      }
      contents.unmanagedNow = contents.unmanaged.toArray(LocalQueueBinding[]::new);
      contents.unanchoredNow = contents.unanchored.toArray(IndexEntry[]::new);
      contents.anchoredNow = byValue.keySet().stream()
            .map(key -> ValueIndex.of(key, byValue.get(key), byPrefix.get(key))).toArray(ValueIndex[]::new);
      contents.rangedNow = byBound.entrySet().stream()
            .map(e -> RangeIndex.of(e.getKey(), e.getValue())).toArray(RangeIndex[]::new);
      contents.publish();
      return contents;
   }

   /** The index of what these contents hold now. */
   RuleIndex index() {
      return index;
   }

   /** Queues RuleFilter manages. */
   int managed() {
      return managed;
   }

   /** Queues bound to the address itself, not copies of wildcard subscriptions. */
   int ownQueues() {
      return ownQueues;
   }

   /**
    * Takes in the queue of {@code binding}, returns false (changing nothing) when the index cannot route it: it is
    * not multicast, is already held, or shares its routing name with a queue held.
    */
   boolean add(LocalQueueBinding binding) {
      Placed placed = take(binding);
      if (placed == null) {
         return false;
      }
      if (placed.entry() == null) {
         unmanaged.add(binding);
         unmanagedNow = unmanaged.toArray(LocalQueueBinding[]::new);
      } else if (!placed.isAnchored()) {
         unanchored.add(placed.entry());
         unanchoredNow = unanchored.toArray(IndexEntry[]::new);
      } else {
         place(placed, true);
      }
      publish();
      return true;
   }

   /** The bookkeeping of taking a queue in (not yet its buckets); null, changing nothing, when it cannot be taken. */
   private Placed take(LocalQueueBinding binding) {
      SimpleString routingName = binding.getRoutingName();
      if (placed.containsKey(binding) || binding.getQueue().getRoutingType() != RoutingType.MULTICAST
            || routingNames.contains(routingName)) {
         return null;
      }
      Placed taken;
      if (binding.getQueue().getFilter() instanceof SubscriptionFilter filter) {
         SubscriptionPolicy policy = filter.policy();
         Anchor anchor = policy.necessary(rule -> Anchor.of(rule, model)).orElse(null); // may throw: before any change
         RangeAnchor range = anchor == null ? policy.necessary(rule -> RangeAnchor.of(rule, model)).orElse(null) : null;
         boolean anchorDecides = policy.isOwnRuleAlone() && (anchor != null ? Anchor.isWhole(policy.own().rule(), model)
               : range != null && RangeAnchor.isWhole(policy.own().rule(), model));
         IndexEntry entry = new IndexEntry(binding, policy, filter, anchorDecides);
         taken = new Placed(entry, anchor, range == null ? null : RangeIndex.Bound.of(entry, range), routingName);
         members.joined(filter);
         managed++;
      } else {
         taken = new Placed(null, null, null, routingName);
      }
      routingNames.add(routingName);
      placed.put(binding, taken);
      ownQueues += binding.getAddress().equals(address) ? 1 : 0;
      return taken;
   }

   /** Lets go of the queue of {@code binding}; false when it was not held. */
   boolean remove(LocalQueueBinding binding) {
      return remove(binding, true);
   }

   /** As {@link #remove(LocalQueueBinding)}; a queue about to be placed again stays in the index's counts. */
   private boolean remove(LocalQueueBinding binding, boolean leaving) {
      Placed gone = placed.remove(binding);
      if (gone == null) {
         return false;
      }
      routingNames.remove(gone.routingName());
      ownQueues -= binding.getAddress().equals(address) ? 1 : 0;
      if (gone.entry() == null) {
         unmanaged.remove(binding);
         unmanagedNow = unmanaged.toArray(LocalQueueBinding[]::new);
      } else {
         managed--;
         if (leaving) {
            members.left(gone.entry().filter());
         }
         if (!gone.isAnchored()) {
            unanchored.remove(gone.entry());
            unanchoredNow = unanchored.toArray(IndexEntry[]::new);
         } else {
            place(gone, false);
         }
      }
      publish();
      return true;
   }

   /** The router routes by these contents now: the subscriptions taken in or let go of since count accordingly. */
   void settleCounts() {
      members.settle();
   }

   /** The router no longer routes by these contents: their subscriptions stop counting what it evaluates. */
   void leaveAll() {
      members.leaveAll(placed.values().stream().map(Placed::entry).filter(Objects::nonNull).map(IndexEntry::filter)
            .toList());
   }

   /** The queue's rules changed (or RuleFilter began managing it): it is placed afresh; false when it is not held. */
   boolean replace(LocalQueueBinding binding) {
      Placed before = placed.get(binding);
      if (before == null || !remove(binding, false)) {
         return false;
      }
      boolean added = false;
      try {
         added = add(binding);
         return added;
      } finally {
         IndexEntry now = added ? placed.get(binding).entry() : null;
         if (before.entry() != null && (now == null || now.filter() != before.entry().filter())) {
            members.left(before.entry().filter()); // not placed again with the filter it had
         }
      }
   }

   /** Adds the entry of {@code placed} to (or takes it out of) the buckets of its anchor, or the bounds of its range. */
   private void place(Placed placed, boolean add) {
      IndexEntry entry = placed.entry();
      if (placed.anchor() == null) {
         String key = placed.bound().key();
         int at = keyAt(rangedNow, RangeIndex::keyName, key);
         RangeIndex bounds = at < rangedNow.length ? rangedNow[at] : RangeIndex.empty(key);
         bounds = add ? bounds.with(placed.bound()) : bounds.without(placed.bound());
         rangedNow = CopiedArrays.replaced(rangedNow, at, bounds.isEmpty() ? null : bounds);
         return;
      }
      Anchor anchor = placed.anchor();
      int at = keyAt(anchoredNow, ValueIndex::keyName, anchor.key());
      ValueIndex values = at < anchoredNow.length ? anchoredNow[at] : ValueIndex.empty(anchor.key());
      for (SimpleString value : anchor.values()) {
         values = values.withValue(value, changed(values.entriesOf(value), entry, add));
      }
      for (String prefix : anchor.prefixes()) {
         values = values.withPrefix(prefix, changed(values.entriesOfPrefix(prefix), entry, add));
      }
      anchoredNow = CopiedArrays.replaced(anchoredNow, at, values.isEmpty() ? null : values);
   }

   /** Where the index of {@code key} is in {@code indexes}; their length when none is. */
   private static <T> int keyAt(T[] indexes, Function<T, String> keyOf, String key) {
      int at = 0;
      while (at < indexes.length && !Objects.equals(keyOf.apply(indexes[at]), key)) {
         at++;
      }
      return at;
   }

   private static IndexEntry[] changed(IndexEntry[] entries, IndexEntry entry, boolean add) {
      return add ? CopiedArrays.inserted(entries, entries.length, entry) : CopiedArrays.without(entries, entry);
   }

   private void publish() {
      index = new RuleIndex(unmanagedNow, unanchoredNow, anchoredNow, rangedNow, placed.size());
   }
}

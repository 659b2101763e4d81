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

import io.rulefilter.internal.eval.CaseFold;
import io.rulefilter.message.AttributeKey;
import io.rulefilter.internal.message.ValueText;
import io.rulefilter.rule.Subject;
import io.rulefilter.typeb.TypeBMessage;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.server.RoutingContext;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The rules anchored on one key (or on the tag): a hash map from whole value text to the rules that require it, and
 * a prefix trie for the rules that require a prefix. A message's value picks its candidates; only they are evaluated.
 * The anchors of {@code weqi} and {@code begi} on a key have an index of their own that {@link #ignoreCase ignores
 * case}: it holds folded values and prefixes, and folds the message's value once before its lookup and walk.
 * <p>
 * Immutable, and cheap to change: the value map is split into shards by hash, sized for at most
 * {@value #VALUES_PER_SHARD} values each (from 2^{@value #MIN_SHARD_BITS} to 2^{@value #MAX_SHARD_BITS} shards), so
 * a subscription joining or leaving copies one small shard, the array of shards, and the path of its prefix in the
 * trie, sharing everything else with the index that routes messages meanwhile. When the values pass twice that many
 * a shard, or fall below a quarter of it, the change that crosses the line re-shards all of them in one step (under
 * the post office's lock, as every change): O(values), paid for by the values having doubled or halved since.
 */
final class ValueIndex {

   private static final int MIN_SHARD_BITS = 6;
   private static final int MAX_SHARD_BITS = 12;
   private static final int VALUES_PER_SHARD = 16;
   private static final Map<SimpleString, IndexEntry[]> EMPTY_SHARD = new HashMap<>(0); // never written
   private static final IndexEntry[] NONE = new IndexEntry[0];

   private final String keyName;
   private final boolean ignoreCase;
   private final AttributeKey key;
   /** The Type B subject whose occurrences are looked up, or null for the tag or an attribute. */
   private final Subject.TypeB typeB;
   private final Map<SimpleString, IndexEntry[]>[] byValue;
   private final int shardShift;
   private final int values;
   private final PrefixTrie byPrefix;

   private ValueIndex(String keyName, boolean ignoreCase, AttributeKey key, Map<SimpleString, IndexEntry[]>[] byValue,
                      int values, PrefixTrie byPrefix) {
      this.keyName = keyName;
      this.ignoreCase = ignoreCase;
      this.typeB = Anchor.typeBOf(keyName);
      this.key = typeB == null ? key : null;
      this.byValue = byValue;
      this.shardShift = shardShift(byValue.length);
      this.values = values;
      this.byPrefix = byPrefix;
   }

   /** No rule anchored on {@code keyName} (null: the tag) yet, with case or ({@code ignoreCase}) without. */
   static ValueIndex empty(String keyName, boolean ignoreCase) {
      return of(keyName, ignoreCase, Map.of(), Map.of());
   }

   /** The case-sensitive index of {@code byValue} and {@code byPrefix} on {@code keyName} (null: the tag). */
   static ValueIndex of(String keyName, Map<SimpleString, List<IndexEntry>> byValue,
                        Map<String, List<IndexEntry>> byPrefix) {
      return of(keyName, false, byValue, byPrefix);
   }

   /**
    * The index of {@code byValue} and {@code byPrefix} on {@code keyName} (null: the tag), built in one pass; when
    * {@code ignoreCase}, the values and prefixes are folded already.
    */
   static ValueIndex of(String keyName, boolean ignoreCase, Map<SimpleString, List<IndexEntry>> byValue,
                        Map<String, List<IndexEntry>> byPrefix) {
      Map<SimpleString, IndexEntry[]>[] shards = emptyShards(shardBitsFor(byValue.size()));
      byValue.forEach((value, entries) -> put(shards, value, entries.toArray(IndexEntry[]::new)));
      return new ValueIndex(keyName, ignoreCase, keyName == null ? null : new AttributeKey(keyName), shards,
            byValue.size(), PrefixTrie.of(byPrefix));
   }

   /** The fewest shard bits, within bounds, that keep about {@value #VALUES_PER_SHARD} values to a shard. */
   static int shardBitsFor(int values) {
      int bits = MIN_SHARD_BITS;
      while (bits < MAX_SHARD_BITS && (VALUES_PER_SHARD << bits) < values) {
         bits++;
      }
      return bits;
   }

   /** Whether {@code values} in {@code shards} shards are far enough from the right size to re-shard. */
   private static boolean needsResharding(int values, int shards) {
      int bits = Integer.numberOfTrailingZeros(shards);
      return bits < MAX_SHARD_BITS && values > 2 * VALUES_PER_SHARD * shards
            || bits > MIN_SHARD_BITS && values < VALUES_PER_SHARD * shards / 4;
   }

   @SuppressWarnings("unchecked")
   private static Map<SimpleString, IndexEntry[]>[] emptyShards(int bits) {
      Map<SimpleString, IndexEntry[]>[] shards = new Map[1 << bits];
      Arrays.fill(shards, EMPTY_SHARD);
      return shards;
   }

   /** Puts into a shard array being built (its shards not yet shared). */
   private static void put(Map<SimpleString, IndexEntry[]>[] shards, SimpleString value, IndexEntry[] entries) {
      int shard = shard(value, shardShift(shards.length));
      if (shards[shard] == EMPTY_SHARD) {
         shards[shard] = new HashMap<>();
      }
      shards[shard].put(value, entries);
   }

   /** The key (null: the tag). */
   String keyName() {
      return keyName;
   }

   /** Whether this index holds folded values and prefixes, and folds a message's value before looking it up. */
   boolean ignoreCase() {
      return ignoreCase;
   }

   @Override
   public String toString() {
      return "the values and prefixes" + (ignoreCase ? ", ignoring case," : "") + " of "
            + (keyName == null ? "the tag" : typeB != null ? typeB.text() : "'" + keyName + "'");
   }

   boolean isEmpty() {
      return values == 0 && byPrefix == null;
   }

   /** The entries that require the whole value {@code value}, none when no rule does. */
   IndexEntry[] entriesOf(SimpleString value) {
      IndexEntry[] entries = byValue[shard(value)].get(value);
      return entries == null ? NONE : entries;
   }

   /** How many shards the values are split into. */
   int shards() {
      return byValue.length;
   }

   /** How many shard maps this index does not share with {@code before} (all of them after a re-sharding). */
   int shardsCopiedFrom(ValueIndex before) {
      if (before.byValue.length != byValue.length) {
         return byValue.length;
      }
      int copied = 0;
      for (int i = 0; i < byValue.length; i++) {
         copied += byValue[i] == before.byValue[i] ? 0 : 1;
      }
      return copied;
   }

   /** This index with exactly {@code entries} requiring the whole value {@code value} (none: the value goes). */
   ValueIndex withValue(SimpleString value, IndexEntry[] entries) {
      int shard = shard(value);
      if (entries.length == 0 && !byValue[shard].containsKey(value)) {
         return this;
      }
      Map<SimpleString, IndexEntry[]> copy = new HashMap<>(byValue[shard]);
      boolean had = entries.length == 0 ? copy.remove(value) != null : copy.put(value, entries) != null;
      Map<SimpleString, IndexEntry[]>[] shards = byValue.clone();
      shards[shard] = copy.isEmpty() ? EMPTY_SHARD : copy;
      int count = values + (entries.length == 0 ? (had ? -1 : 0) : (had ? 0 : 1));
      if (needsResharding(count, shards.length)) {
         Map<SimpleString, IndexEntry[]>[] resharded = emptyShards(shardBitsFor(count));
         for (Map<SimpleString, IndexEntry[]> old : shards) {
            old.forEach((v, e) -> put(resharded, v, e));
         }
         shards = resharded;
      }
      return new ValueIndex(keyName, ignoreCase, key, shards, count, byPrefix);
   }

   /** The entries that require the prefix {@code prefix}, none when no rule does. */
   IndexEntry[] entriesOfPrefix(String prefix) {
      PrefixTrie node = byPrefix;
      for (int i = 0; node != null && i < prefix.length(); i++) {
         node = node.child(prefix.charAt(i));
      }
      return node == null ? NONE : node.entries();
   }

   /** This index with exactly {@code entries} requiring the prefix {@code prefix} (none: the prefix goes). */
   ValueIndex withPrefix(String prefix, IndexEntry[] entries) {
      return new ValueIndex(keyName, ignoreCase, key, byValue, values, PrefixTrie.with(byPrefix, prefix, entries));
   }

   private int shard(SimpleString value) {
      return shard(value, shardShift);
   }

   /** The shard from the hash's high bits: HashMap picks buckets by the low ones, which must stay spread in a shard. */
   private static int shard(SimpleString value, int shardShift) {
      return (value.hashCode() * 0x9E3779B9) >>> shardShift;
   }

   /** The shift that leaves a hash's top bits as the index into {@code shards} shards (a power of two). */
   private static int shardShift(int shards) {
      return Integer.SIZE - Integer.numberOfTrailingZeros(shards);
   }

   void route(Message message, RoutingContext context, ArtemisMessageView view) throws Exception {
      if (typeB != null) {
         routeTypeB(message, context, view);
         return;
      }
      CharSequence text;
      try {
         text = key == null ? view.tag() : ValueText.of(view.attribute(key));
      } catch (RuntimeException unreadable) {
         EvaluationFailures.reject(this, unreadable); // as each rule would, had it read the value itself
         return;
      }
      if (text != null) { // a missing value (or one without text) fails every weq and beg
         routeText(text, message, context, view, null);
      }
   }

   /**
    * Looks up each occurrence of the Type B subject: a rule holds when one of them meets it. With several
    * occurrences, an entry found through more than one is routed (and evaluated) once, at the first.
    */
   private void routeTypeB(Message message, RoutingContext context, ArtemisMessageView view) throws Exception {
      TypeBMessage content = view.typeB();
      if (content == null) {
         return;
      }
      if (typeB.isIdentifier()) {
         routeText(content.identifier(), message, context, view, null);
         return;
      }
      int occurrences = content.occurrences(typeB.element());
      Set<IndexEntry> routed = occurrences > 1 ? view.entriesRouted() : null;
      for (int i = 0; i < occurrences; i++) {
         String text = typeB.field() == Subject.TypeB.WHOLE ? content.value(typeB.element(), i)
               : content.field(typeB.element(), i, typeB.field());
         if (text != null) {
            routeText(text, message, context, view, routed);
         }
      }
   }

   /**
    * Routes the entries whose values or prefixes the text {@code read} meets (folded first when this index ignores case);
    * {@code routed}: those not routed already.
    */
   private void routeText(CharSequence read, Message message, RoutingContext context, ArtemisMessageView view,
                          Set<IndexEntry> routed) throws Exception {
      CharSequence text = ignoreCase ? CaseFold.folded(read) : read;
      if (values > 0) {
         SimpleString value = text instanceof SimpleString simple ? simple : SimpleString.of(text.toString());
         IndexEntry[] candidates = byValue[shard(value)].get(value);
         if (candidates != null) {
            IndexEntry.routeEachAccepted(candidates, message, context, view, routed);
         }
      }
      if (byPrefix != null) {
         PrefixTrie node = byPrefix;
         for (int i = 0; node != null; i++) {
            IndexEntry.routeEachAccepted(node.entries(), message, context, view, routed);
            node = i < text.length() ? node.child(text.charAt(i)) : null;
         }
      }
   }
}

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

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Walking a value through the trie, as {@link ValueIndex} walks it, meets the entries of every stored prefix the value
 * starts with, each once, shortest prefix first, and nothing else; for any set of prefixes, characters outside the
 * BMP (surrogate pairs) and the empty prefix included. The trie only holds entries, so entries here are bare markers.
 */
class PrefixTrieProperties {

   /** Few characters, so that prefixes nest and share branches; a surrogate pair splits into two chars. */
   private static final char[] ALPHABET = "ABC行😀".toCharArray();

   @Property(tries = 2000)
   void aWalkMeetsExactlyTheEntriesOfThePrefixesTheValueStartsWith(@ForAll("prefixSets") List<String> prefixes,
                                                                   @ForAll("texts") String value) {
      Map<String, List<IndexEntry>> byPrefix = new LinkedHashMap<>();
      Map<IndexEntry, String> prefixOf = new IdentityHashMap<>();
      for (String prefix : prefixes) {
         List<IndexEntry> entries = new ArrayList<>();
         for (int i = 0; i <= prefix.length() % 3; i++) { // one to three entries per prefix
            IndexEntry entry = new IndexEntry(null, null, null, false);
            entries.add(entry);
            prefixOf.put(entry, prefix);
         }
         byPrefix.put(prefix, entries);
      }
      PrefixTrie trie = PrefixTrie.of(byPrefix);

      List<IndexEntry> met = walk(trie, value);
      List<IndexEntry> expected = new ArrayList<>();
      byPrefix.entrySet().stream().filter(e -> value.startsWith(e.getKey()))
            .sorted(Comparator.comparingInt(e -> e.getKey().length()))
            .forEach(e -> expected.addAll(e.getValue()));
      Statistics.label("prefixes met").collect(Math.min(expected.size(), 4));
      assertThat(met).as("walking '%s' through %s", value, prefixes).hasSameSizeAs(expected);
      for (int i = 0; i < met.size(); i++) {
         assertThat(met.get(i)).as("entry %d walking '%s' (prefix '%s')", i, value, prefixOf.get(met.get(i)))
               .isSameAs(expected.get(i));
      }
   }

   @Property(tries = 500)
   void everyStoredPrefixLeadsToANodeHoldingExactlyItsEntries(@ForAll("prefixSets") List<String> prefixes) {
      Map<String, List<IndexEntry>> byPrefix = new TreeMap<>();
      prefixes.forEach(p -> byPrefix.put(p, List.of(new IndexEntry(null, null, null, false))));
      assertHoldsExactly(PrefixTrie.of(byPrefix), byPrefix);
   }

   /** Changing a trie copies paths: prefixes added and removed again leave exactly the trie of the rest, no empty branch. */
   @Property(tries = 500)
   void prefixesAddedAndRemovedAgainLeaveTheTrieOfTheRest(@ForAll("prefixSets") List<String> kept,
                                                          @ForAll("prefixSets") List<String> passing) {
      Map<String, List<IndexEntry>> byPrefix = new TreeMap<>();
      kept.forEach(p -> byPrefix.put(p, List.of(new IndexEntry(null, null, null, false))));
      PrefixTrie before = PrefixTrie.of(byPrefix);
      PrefixTrie trie = before;
      for (String prefix : passing) {
         IndexEntry[] now = byPrefix.containsKey(prefix) ? byPrefix.get(prefix).toArray(IndexEntry[]::new) : new IndexEntry[0];
         IndexEntry[] more = Arrays.copyOf(now, now.length + 1);
         more[now.length] = new IndexEntry(null, null, null, false);
         trie = PrefixTrie.with(trie, prefix, more);
      }
      for (String prefix : passing) {
         IndexEntry[] back = byPrefix.containsKey(prefix) ? byPrefix.get(prefix).toArray(IndexEntry[]::new) : new IndexEntry[0];
         trie = PrefixTrie.with(trie, prefix, back);
      }
      assertHoldsExactly(trie, byPrefix);
      assertHoldsExactly(before, byPrefix); // the trie routing meanwhile never changed
   }

   private static void assertHoldsExactly(PrefixTrie trie, Map<String, List<IndexEntry>> byPrefix) {
      Set<String> stored = byPrefix.keySet();
      assertThat(trie == null).as("no trie for no prefix").isEqualTo(stored.isEmpty());
      for (String prefix : stored) {
         PrefixTrie node = trie;
         for (int i = 0; i < prefix.length(); i++) {
            node = node.child(prefix.charAt(i));
            assertThat(node).as("node for '%s' after %d chars", prefix, i + 1).isNotNull();
            String path = prefix.substring(0, i + 1);
            assertThat(node.entries()).as("entries at '%s'", path).hasSize(stored.contains(path) ? 1 : 0);
         }
         assertThat(node.entries()).containsExactlyElementsOf(byPrefix.get(prefix));
      }
      for (char c : ALPHABET) {
         boolean someStartWith = stored.stream().anyMatch(p -> !p.isEmpty() && p.charAt(0) == c);
         assertThat(trie != null && trie.child(c) != null).as("a branch for '%s' from the root", c).isEqualTo(someStartWith);
      }
   }

   @Property(tries = 20)
   void anEmptyTrieMeetsNothing(@ForAll("texts") String value) {
      assertThat(walk(PrefixTrie.of(Map.of()), value)).isEmpty();
   }

   /** The entries met walking {@code value}'s characters from the root, exactly as {@link ValueIndex#route} walks. */
   private static List<IndexEntry> walk(PrefixTrie root, String value) {
      List<IndexEntry> met = new ArrayList<>();
      PrefixTrie node = root;
      for (int i = 0; node != null; i++) {
         met.addAll(List.of(node.entries()));
         node = i < value.length() ? node.child(value.charAt(i)) : null;
      }
      return met;
   }

   @Provide
   Arbitrary<String> texts() {
      return Arbitraries.strings().withChars(ALPHABET).ofMaxLength(7);
   }

   @Provide
   Arbitrary<List<String>> prefixSets() {
      return texts().list().ofMaxSize(12).uniqueElements();
   }
}

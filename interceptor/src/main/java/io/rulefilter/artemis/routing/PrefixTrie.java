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

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Index entries by value-text prefix. Walking a value's characters from the root passes exactly the nodes of the
 * prefixes it starts with, so finding the rules whose prefix a value has costs one step per character, not one
 * test per rule. Immutable.
 */
final class PrefixTrie {

   private static final IndexEntry[] NONE = new IndexEntry[0];

   private final char[] labels;
   private final PrefixTrie[] children;
   private final IndexEntry[] entries;

   private PrefixTrie(char[] labels, PrefixTrie[] children, IndexEntry[] entries) {
      this.labels = labels;
      this.children = children;
      this.entries = entries;
   }

   /** The entries anchored on exactly the prefix that leads here (may be empty). */
   IndexEntry[] entries() {
      return entries;
   }

   /** The node one character further, or null when no prefix continues with {@code c}. */
   PrefixTrie child(char c) {
      int at = Arrays.binarySearch(labels, c);
      return at < 0 ? null : children[at];
   }

   static PrefixTrie of(Map<String, List<IndexEntry>> byPrefix) {
      return build(byPrefix, 0);
   }

   /** The node for depth {@code depth}; every key of {@code byPrefix} shares its first {@code depth} characters. */
   private static PrefixTrie build(Map<String, List<IndexEntry>> byPrefix, int depth) {
      List<IndexEntry> here = new ArrayList<>();
      TreeMap<Character, Map<String, List<IndexEntry>>> below = new TreeMap<>();
      byPrefix.forEach((prefix, entries) -> {
         if (prefix.length() == depth) {
            here.addAll(entries);
         } else {
            below.computeIfAbsent(prefix.charAt(depth), c -> new TreeMap<>()).put(prefix, entries);
         }
      });
      char[] labels = new char[below.size()];
      PrefixTrie[] children = new PrefixTrie[below.size()];
      int i = 0;
      for (Map.Entry<Character, Map<String, List<IndexEntry>>> branch : below.entrySet()) {
         labels[i] = branch.getKey();
         children[i++] = build(branch.getValue(), depth + 1);
      }
      return new PrefixTrie(labels, children, here.isEmpty() ? NONE : here.toArray(IndexEntry[]::new));
   }
}

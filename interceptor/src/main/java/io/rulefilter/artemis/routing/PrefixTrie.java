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

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Index entries by value-text prefix. Walking a value's characters from the root passes exactly the nodes of the
 * prefixes it starts with, so finding the rules whose prefix a value has costs one step per character, not one
 * test per rule. Immutable: {@link #with} copies only the path to the prefix it changes and shares the rest, so a
 * subscription joining or leaving costs the length of its prefix, not the size of the trie.
 */
final class PrefixTrie {

   private static final IndexEntry[] NONE = new IndexEntry[0];
   private static final PrefixTrie EMPTY = new PrefixTrie(new char[0], new PrefixTrie[0], NONE);

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

   /** The trie of {@code byPrefix}, or null when it is empty. */
   static PrefixTrie of(Map<String, List<IndexEntry>> byPrefix) {
      PrefixTrie trie = null;
      for (Map.Entry<String, List<IndexEntry>> prefix : byPrefix.entrySet()) {
         trie = with(trie, prefix.getKey(), prefix.getValue().toArray(IndexEntry[]::new));
      }
      return trie;
   }

   /**
    * {@code trie} (null: empty) with {@code entries} anchored on {@code prefix} instead of what was there; no entries
    * remove the prefix. Returns null when nothing is left.
    */
   static PrefixTrie with(PrefixTrie trie, String prefix, IndexEntry[] entries) {
      return (trie == null ? EMPTY : trie).with(prefix, 0, entries);
   }

   private PrefixTrie with(String prefix, int depth, IndexEntry[] replacement) {
      if (depth == prefix.length()) {
         return node(labels, children, replacement);
      }
      char c = prefix.charAt(depth);
      int at = Arrays.binarySearch(labels, c);
      PrefixTrie next = (at >= 0 ? children[at] : EMPTY).with(prefix, depth + 1, replacement);
      if (at >= 0 && next != null) {
         PrefixTrie[] replaced = children.clone();
         replaced[at] = next;
         return node(labels, replaced, entries);
      }
      if (at >= 0) { // the branch emptied: drop it
         return node(CopiedArrays.removed(labels, at), CopiedArrays.removed(children, at), entries);
      }
      if (next == null) {
         return node(labels, children, entries); // removing a prefix that was not there
      }
      int insert = -at - 1;
      return node(CopiedArrays.inserted(labels, insert, c), CopiedArrays.inserted(children, insert, next), entries);
   }

   private static PrefixTrie node(char[] labels, PrefixTrie[] children, IndexEntry[] entries) {
      return labels.length == 0 && entries.length == 0 ? null : new PrefixTrie(labels, children, entries);
   }
}

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
package io.rulefilter.internal.eval;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * A set of texts that answers "is this text one of them?" for any {@link CharSequence} in one hash lookup, without
 * turning the text into a {@code String}: the hash is computed over the text's code points (folded, for a
 * case-insensitive set) and candidates are compared in place. Open addressing, at most half full.
 */
final class TextSet {

   private final String[] slots;
   private final int[] hashes;
   private final boolean ignoreCase;

   TextSet(Collection<String> texts, boolean ignoreCase) {
      this.ignoreCase = ignoreCase;
      Set<String> distinct = new LinkedHashSet<>();
      for (String text : texts) {
         distinct.add(ignoreCase ? CaseFold.fold(text) : text);
      }
      int capacity = Integer.highestOneBit(Math.max(2, distinct.size()) * 2) * 2;
      this.slots = new String[capacity];
      this.hashes = new int[capacity];
      for (String text : distinct) {
         int hash = hash(text);
         int at = hash & (capacity - 1);
         while (slots[at] != null) {
            at = (at + 1) & (capacity - 1);
         }
         slots[at] = text;
         hashes[at] = hash;
      }
   }

   boolean contains(CharSequence text) {
      int hash = hash(text);
      int mask = slots.length - 1;
      for (int at = hash & mask; slots[at] != null; at = (at + 1) & mask) {
         if (hashes[at] == hash && same(text, slots[at])) {
            return true;
         }
      }
      return false;
   }

   private int hash(CharSequence text) {
      int hash = 0;
      for (int i = 0; i < text.length(); ) {
         int cp = Character.codePointAt(text, i);
         i += Character.charCount(cp);
         hash = 31 * hash + (ignoreCase ? CaseFold.fold(cp) : cp);
      }
      return hash ^ (hash >>> 16);
   }

   /** {@code stored} is already folded for a case-insensitive set. */
   private boolean same(CharSequence text, String stored) {
      if (!ignoreCase) {
         return text.length() == stored.length() && Texts.regionEquals(text, 0, stored);
      }
      int at = 0;
      int from = 0;
      while (at < text.length() && from < stored.length()) {
         int cp = Character.codePointAt(text, at);
         int expected = stored.codePointAt(from);
         if (CaseFold.fold(cp) != expected) {
            return false;
         }
         at += Character.charCount(cp);
         from += Character.charCount(expected);
      }
      return at == text.length() && from == stored.length();
   }
}

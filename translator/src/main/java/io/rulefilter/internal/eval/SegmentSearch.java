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

import java.util.Arrays;
import java.util.TreeSet;

/**
 * Finds the leftmost place where a fixed-length segment of a {@code weq} pattern (code points, {@code ?} standing for
 * any one) occurs in a text, in one pass over the text: a bit-parallel automaton (shift-and) keeps, for every prefix
 * of the segment, whether it ends at the current code point. Cost is the text's length times the segment's length
 * in 64-bit words, whatever the text holds. No search allocates: a segment of up to 64 code points keeps its state in
 * one long, a longer one in its thread's scratch array (see {@link #SCRATCH}).
 */
final class SegmentSearch {

   /** Stands for {@code ?} in a segment. */
   static final int ANY = -1;

   /**
    * The state of a long segment's search. A compiled rule is shared by every thread that routes messages, so the
    * state cannot live in the segment; one array per thread, grown to the longest segment seen, serves every segment
    * (a search never starts another before it ends).
    */
   private static final ThreadLocal<long[]> SCRATCH = ThreadLocal.withInitial(() -> new long[0]);

   private final int length;
   private final int[] symbols;      // distinct code points of the segment, sorted
   private final long[][] masks;     // per symbol: bit i set when position i accepts it
   private final long[] anyMask;     // bit i set when position i is '?'
   private final boolean ignoreCase; // the segment's code points are folded; fold the text's as they are read

   SegmentSearch(int[] segment) {
      this(segment, false);
   }

   SegmentSearch(int[] segment, boolean ignoreCase) {
      this.ignoreCase = ignoreCase;
      this.length = segment.length;
      int words = Math.max(1, (length + 63) / 64);
      TreeSet<Integer> distinct = new TreeSet<>();
      for (int cp : segment) {
         if (cp != ANY) {
            distinct.add(cp);
         }
      }
      this.symbols = distinct.stream().mapToInt(Integer::intValue).toArray();
      this.anyMask = new long[words];
      this.masks = new long[symbols.length][words];
      for (int i = 0; i < length; i++) {
         if (segment[i] == ANY) {
            anyMask[i >>> 6] |= 1L << (i & 63);
            for (long[] mask : masks) {
               mask[i >>> 6] |= 1L << (i & 63);
            }
         } else {
            masks[Arrays.binarySearch(symbols, segment[i])][i >>> 6] |= 1L << (i & 63);
         }
      }
   }

   int length() {
      return length;
   }

   /** The end of the leftmost occurrence at or after {@code from}, or -1. */
   int endOfFirst(CharSequence text, int from) {
      if (length == 0) {
         return from;
      }
      return length <= 64 ? endOfFirstShort(text, from) : endOfFirstLong(text, from);
   }

   private int endOfFirstShort(CharSequence text, int from) {
      long state = 0;
      long done = 1L << (length - 1);
      for (int at = from; at < text.length(); ) {
         int cp = Character.codePointAt(text, at);
         at += Character.charCount(cp);
         state = ((state << 1) | 1L) & mask(cp)[0];
         if ((state & done) != 0) {
            return at;
         }
      }
      return -1;
   }

   private int endOfFirstLong(CharSequence text, int from) {
      int words = anyMask.length;
      long[] state = SCRATCH.get();
      if (state.length < words) {
         state = new long[words];
         SCRATCH.set(state);
      }
      Arrays.fill(state, 0, words, 0L);
      int last = length - 1;
      for (int at = from; at < text.length(); ) {
         int cp = Character.codePointAt(text, at);
         at += Character.charCount(cp);
         long[] mask = mask(cp);
         long carry = 1L;
         for (int w = 0; w < words; w++) {
            long next = (state[w] << 1) | carry;
            carry = state[w] >>> 63;
            state[w] = next & mask[w];
         }
         if ((state[last >>> 6] & (1L << (last & 63))) != 0) {
            return at;
         }
      }
      return -1;
   }

   private long[] mask(int cp) {
      int i = Arrays.binarySearch(symbols, ignoreCase ? CaseFold.fold(cp) : cp);
      return i >= 0 ? masks[i] : anyMask;
   }
}

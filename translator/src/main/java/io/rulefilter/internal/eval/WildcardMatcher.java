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

import io.rulefilter.rule.WildcardPattern;

import java.util.ArrayList;
import java.util.List;

/**
 * Matches a {@code weq} pattern without backtracking: the pattern is split at {@code *} into segments of fixed
 * code-point length; the first is anchored at the start, the last at the end, and each middle segment takes its
 * leftmost place, which always leaves the most room for the rest. Middle segments are found by
 * {@link SegmentSearch}, which reads the text once, so a match costs time linear in the text (times the number of
 * 64-code-point words of the pattern).
 */
final class WildcardMatcher {

   private static final int ANY = SegmentSearch.ANY;

   private final int[] head;
   private final SegmentSearch[] middles;
   private final int[] tail;
   private final boolean hasStar;
   private final boolean ignoreCase;

   WildcardMatcher(WildcardPattern pattern) {
      this(pattern, false);
   }

   /** A matcher that, when {@code ignoreCase}, compares code points through {@link CaseFold}. */
   WildcardMatcher(WildcardPattern pattern, boolean ignoreCase) {
      this.ignoreCase = ignoreCase;
      List<int[]> segments = new ArrayList<>();
      List<Integer> current = new ArrayList<>();
      boolean star = false;
      for (WildcardPattern.Element e : pattern.elements()) {
         if (e instanceof WildcardPattern.Literal l) {
            l.text().codePoints().map(cp -> ignoreCase ? CaseFold.fold(cp) : cp).forEach(current::add);
         } else if (e instanceof WildcardPattern.AnyChar) {
            current.add(ANY);
         } else {
            segments.add(toArray(current));
            current.clear();
            star = true;
         }
      }
      segments.add(toArray(current));
      this.hasStar = star;
      this.head = segments.get(0);
      this.tail = segments.get(segments.size() - 1);
      this.middles = star ? segments.subList(1, segments.size() - 1).stream().map(s -> new SegmentSearch(s, ignoreCase))
            .toArray(SegmentSearch[]::new) : new SegmentSearch[0];
   }

   boolean matches(CharSequence text) {
      int length = text.length();
      int at = matchAt(head, text, 0);
      if (at < 0) {
         return false;
      }
      if (!hasStar) {
         return at == length;
      }
      for (SegmentSearch middle : middles) {
         at = middle.endOfFirst(text, at);
         if (at < 0) {
            return false;
         }
      }
      int tailStart = startOfLast(text, tail.length, at);
      return tailStart >= 0 && matchAt(tail, text, tailStart) == length;
   }

   /** The end of {@code segment} matched at {@code from}, or -1. */
   private int matchAt(int[] segment, CharSequence text, int from) {
      int at = from;
      int length = text.length();
      for (int expected : segment) {
         if (at >= length) {
            return -1;
         }
         int cp = Character.codePointAt(text, at);
         if (expected != ANY && expected != (ignoreCase ? CaseFold.fold(cp) : cp)) {
            return -1;
         }
         at += Character.charCount(cp);
      }
      return at;
   }

   /** Where a segment of {@code codePoints} code points must start to end with the text, or -1 if before {@code min}. */
   private static int startOfLast(CharSequence text, int codePoints, int min) {
      int at = text.length();
      for (int i = 0; i < codePoints; i++) {
         if (at <= min) {
            return -1;
         }
         at -= Character.isLowSurrogate(text.charAt(at - 1)) && at - 2 >= min
               && Character.isHighSurrogate(text.charAt(at - 2)) ? 2 : 1;
      }
      return at;
   }

   private static int[] toArray(List<Integer> codePoints) {
      return codePoints.stream().mapToInt(Integer::intValue).toArray();
   }
}

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
package io.rulefilter.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** The numbers of the input lines answered with an error, the first few of them kept to be named. */
final class BadLines {

   static final int NAMED = 10;

   private final List<Long> first = new ArrayList<>();
   private long lines;
   private long bad;

   /** Counts the next line (numbered from 1), bad or not. */
   void count(boolean isBad) {
      lines++;
      if (isBad) {
         bad++;
         if (first.size() < NAMED) {
            first.add(lines);
         }
      }
   }

   boolean any() {
      return bad > 0;
   }

   /** E.g. {@code 2 of 5 input lines were answered with an error: lines 3, 4}. */
   @Override
   public String toString() {
      String named = first.stream().map(String::valueOf).collect(Collectors.joining(", "));
      return bad + " of " + lines + " input lines " + (bad == 1 ? "was" : "were") + " answered with an error: line"
            + (bad == 1 ? " " : "s ") + named + (bad > first.size() ? " and " + (bad - first.size()) + " more" : "");
   }
}

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
package io.rulefilter.parse;

/**
 * Bounds on a rule, so that one bad rule cannot cost the broker unbounded memory or time.
 *
 * @param maxLength     characters (Unicode code points) in the rule text
 * @param maxConditions conditions in the rule
 * @param maxDepth      nesting of parentheses and {@code not}, at most {@link #MAX_DEPTH}
 * @param maxListItems  items in one value list (version 2); a list counts as one condition
 */
public record RuleLimits(int maxLength, int maxConditions, int maxDepth, int maxListItems) {

   /**
    * The deepest nesting any limits allow. Parsing, printing, comparing, compiling, evaluating and translating a rule
    * recurse once per level; at this depth they fit in a quarter of a thread's default stack, so no rule can
    * overflow the stack of the thread that handles it, whatever the limits.
    */
   public static final int MAX_DEPTH = 64;

   public static final int DEFAULT_LIST_ITEMS = 1024;

   public static final RuleLimits DEFAULT = new RuleLimits(4096, 64, 16, DEFAULT_LIST_ITEMS);

   public RuleLimits {
      requirePositive("maxLength", maxLength);
      requirePositive("maxConditions", maxConditions);
      requirePositive("maxDepth", maxDepth);
      requirePositive("maxListItems", maxListItems);
      if (maxDepth > MAX_DEPTH) {
         throw new IllegalArgumentException("maxDepth must be at most " + MAX_DEPTH + ", was " + maxDepth);
      }
   }

   /** Limits with the default bound on list items. */
   public RuleLimits(int maxLength, int maxConditions, int maxDepth) {
      this(maxLength, maxConditions, maxDepth, DEFAULT_LIST_ITEMS);
   }

   private static void requirePositive(String name, int value) {
      if (value < 1) {
         throw new IllegalArgumentException(name + " must be at least 1, was " + value);
      }
   }
}

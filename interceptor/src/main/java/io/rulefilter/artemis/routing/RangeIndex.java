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

import io.rulefilter.internal.eval.DecimalComparison;
import io.rulefilter.message.AttributeKey;
import io.rulefilter.rule.Operator;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.core.server.RoutingContext;

import java.math.BigDecimal;
import java.util.List;

/**
 * The rules with a {@link RangeAnchor} on one key (or on the tag), sorted by their constants so that a message's
 * value finds the rules whose bound it meets by binary search: {@code gt}/{@code ge} bounds ascending, so those met
 * are a prefix; {@code lt}/{@code le} bounds descending, likewise; {@code eq} bounds ascending, those met a run. Only
 * they are evaluated. Values are compared by the evaluator's own {@link DecimalComparison}, so a bound is met exactly
 * when the rule's condition holds; a value that is no number meets none. A rule {@code eq (1, 2, 5)} has one
 * {@code eq} bound per distinct number; a value equals at most one of them, so the rule is still evaluated at most once.
 * <p>
 * Immutable; a change finds its place by binary search and copies the one sorted array it touches.
 */
final class RangeIndex {

   /** A rule's bound: its entry, key (null: the tag), operator and constant, the comparison, whether equality meets it. */
   record Bound(IndexEntry entry, String key, Operator operator, BigDecimal constant, DecimalComparison comparison,
                boolean inclusive) {

      /** One bound per constant of {@code anchor} (several for a list {@code eq (1, 2, 5)}), all for {@code entry}. */
      static List<Bound> allOf(IndexEntry entry, RangeAnchor anchor) {
         Operator op = anchor.operator();
         Side.of(op); // rejects an operator that is no bound before anything changes
         return anchor.constants().stream().map(constant -> new Bound(entry, anchor.key(), op, constant,
               new DecimalComparison(constant), op == Operator.GE || op == Operator.LE || op == Operator.EQ)).toList();
      }

      /** Whether a value whose comparison with the constant gave {@code sign} meets this bound from above. */
      boolean metFromAbove(int sign) {
         return inclusive ? sign >= 0 : sign > 0;
      }

      boolean metFromBelow(int sign) {
         return inclusive ? sign <= 0 : sign < 0;
      }
   }

   private static final Bound[] NONE = new Bound[0];

   private final String keyName;
   private final AttributeKey key;
   private final Bound[] above;
   private final Bound[] below;
   private final Bound[] equal;

   private RangeIndex(String keyName, AttributeKey key, Bound[] above, Bound[] below, Bound[] equal) {
      this.keyName = keyName;
      this.key = key;
      this.above = above;
      this.below = below;
      this.equal = equal;
   }

   /** No bound on {@code keyName} (null: the tag) yet. */
   static RangeIndex empty(String keyName) {
      return new RangeIndex(keyName, keyName == null ? null : new AttributeKey(keyName), NONE, NONE, NONE);
   }

   /** The index of {@code bounds} on {@code keyName} (null: the tag), sorted once. */
   static RangeIndex of(String keyName, List<Bound> bounds) {
      return new RangeIndex(keyName, keyName == null ? null : new AttributeKey(keyName), sorted(bounds, Side.ABOVE),
            sorted(bounds, Side.BELOW), sorted(bounds, Side.EQUAL));
   }

   private static Bound[] sorted(List<Bound> bounds, Side side) {
      return bounds.stream().filter(b -> Side.of(b.operator()) == side)
            .sorted((x, y) -> side.compare(x, y.constant(), y.inclusive())).toArray(Bound[]::new);
   }

   String keyName() {
      return keyName;
   }

   @Override
   public String toString() {
      return "the numeric bounds on " + (keyName == null ? "the tag" : "'" + keyName + "'");
   }

   boolean isEmpty() {
      return above.length == 0 && below.length == 0 && equal.length == 0;
   }

   /** This index with {@code bound} added, after the bounds that order with it. */
   RangeIndex with(Bound bound) {
      Side side = Side.of(bound.operator());
      Bound[] bounds = side.of(this);
      int at = search(bounds, side, bound.constant(), bound.inclusive(), true);
      return side.replace(this, CopiedArrays.inserted(bounds, at, bound));
   }

   /** This index without {@code bound} (the very one added); itself when it does not hold it. */
   RangeIndex without(Bound bound) {
      Side side = Side.of(bound.operator());
      Bound[] bounds = side.of(this);
      int at = search(bounds, side, bound.constant(), bound.inclusive(), false);
      while (at < bounds.length && bounds[at] != bound && side.compare(bounds[at], bound.constant(), bound.inclusive()) == 0) {
         at++;
      }
      if (at == bounds.length || bounds[at] != bound) {
         return this;
      }
      return side.replace(this, CopiedArrays.removed(bounds, at));
   }

   /** The first place whose bound orders after ({@code after}) or not before {@code (constant, inclusive)}. */
   private static int search(Bound[] bounds, Side side, BigDecimal constant, boolean inclusive, boolean after) {
      int lo = 0;
      int hi = bounds.length;
      while (lo < hi) {
         int mid = (lo + hi) >>> 1;
         int order = side.compare(bounds[mid], constant, inclusive);
         if (order < 0 || (after && order == 0)) {
            lo = mid + 1;
         } else {
            hi = mid;
         }
      }
      return lo;
   }

   void route(Message message, RoutingContext context, ArtemisMessageView view) throws Exception {
      Object value;
      try {
         value = key == null ? view.tag() : view.attribute(key);
      } catch (RuntimeException unreadable) {
         EvaluationFailures.reject(this, unreadable); // as each rule would, had it read the value itself
         return;
      }
      if (value == null) {
         return; // a missing value fails every positive numeric condition
      }
      int aboveMet = prefixMet(above, value, true);
      int belowMet = aboveMet < 0 ? -1 : prefixMet(below, value, false);
      int equalFrom = belowMet < 0 ? -1 : firstNotBelow(value);
      if (equalFrom < 0) {
         return; // not a number, which does not depend on the constant
      }
      routeEach(above, 0, aboveMet, message, context, view);
      routeEach(below, 0, belowMet, message, context, view);
      routeEach(equal, equalFrom, equalRunEnd(value, equalFrom), message, context, view);
   }

   /** How many bounds from the start {@code value} meets ({@code fromAbove}: a gt/ge side); -1: not a number. */
   private static int prefixMet(Bound[] bounds, Object value, boolean fromAbove) {
      int lo = 0;
      int hi = bounds.length; // bounds[0, lo) are met, bounds[hi, n) are not
      while (lo < hi) {
         int mid = (lo + hi) >>> 1;
         int sign = bounds[mid].comparison().compare(value);
         if (sign == DecimalComparison.NOT_A_NUMBER) {
            return -1;
         }
         if (fromAbove ? bounds[mid].metFromAbove(sign) : bounds[mid].metFromBelow(sign)) {
            lo = mid + 1;
         } else {
            hi = mid;
         }
      }
      return lo;
   }

   /** The first {@code eq} constant not below {@code value}, where the run of those it equals starts; -1: not a number. */
   private int firstNotBelow(Object value) {
      int lo = 0;
      int hi = equal.length;
      while (lo < hi) {
         int mid = (lo + hi) >>> 1;
         int sign = equal[mid].comparison().compare(value);
         if (sign == DecimalComparison.NOT_A_NUMBER) {
            return -1;
         }
         if (sign > 0) {
            lo = mid + 1;
         } else {
            hi = mid;
         }
      }
      return lo;
   }

   private int equalRunEnd(Object value, int from) {
      int end = from;
      while (end < equal.length && equal[end].comparison().compare(value) == 0) {
         end++;
      }
      return end;
   }

   private static void routeEach(Bound[] bounds, int from, int to, Message message, RoutingContext context,
                                 ArtemisMessageView view) throws Exception {
      for (int i = from; i < to; i++) {
         bounds[i].entry().routeIfAccepted(message, context, view);
      }
   }

   /**
    * The three sorted arrays, and which operators each holds. Among equal constants the inclusive bound comes first,
    * so the bounds a value meets stay a prefix.
    */
   private enum Side {
      ABOVE, BELOW, EQUAL;

      static Side of(Operator op) {
         return switch (op) {
            case GT, GE -> ABOVE;
            case LT, LE -> BELOW;
            case EQ -> EQUAL;
            default -> throw new IllegalArgumentException("not a range operator: " + op);
         };
      }

      /** How {@code bound} orders against a bound of {@code constant} and {@code inclusive} on this side. */
      int compare(Bound bound, BigDecimal constant, boolean inclusive) {
         int byConstant = bound.constant().compareTo(constant);
         if (byConstant != 0) {
            return this == BELOW ? -byConstant : byConstant;
         }
         return Boolean.compare(!bound.inclusive(), !inclusive);
      }

      Bound[] of(RangeIndex index) {
         return switch (this) {
            case ABOVE -> index.above;
            case BELOW -> index.below;
            case EQUAL -> index.equal;
         };
      }

      RangeIndex replace(RangeIndex index, Bound[] bounds) {
         return switch (this) {
            case ABOVE -> new RangeIndex(index.keyName, index.key, bounds, index.below, index.equal);
            case BELOW -> new RangeIndex(index.keyName, index.key, index.above, bounds, index.equal);
            case EQUAL -> new RangeIndex(index.keyName, index.key, index.above, index.below, bounds);
         };
      }
   }
}

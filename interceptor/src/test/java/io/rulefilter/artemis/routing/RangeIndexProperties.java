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

import io.rulefilter.eval.CompiledRule;
import io.rulefilter.eval.RuleCompiler;
import io.rulefilter.message.MapMessage;
import io.rulefilter.message.MessageModel;
import io.rulefilter.rule.Condition;
import io.rulefilter.rule.Operand;
import io.rulefilter.rule.Operator;
import io.rulefilter.rule.Subject;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A range index finds, for any value a message can carry, exactly the bounds whose condition the evaluator says
 * holds: integers, floating-point numbers, decimal strings and non-numbers against constants that tie, differ in the
 * last digit or lie beyond the long and double ranges. The same holds for an index changed bound by bound (with some
 * removed and added back) as for one built at once.
 */
class RangeIndexProperties {

   private static final MessageModel MODEL = MessageModel.DEFAULT;
   private static final List<Operator> OPERATORS = List.of(Operator.GT, Operator.GE, Operator.LT, Operator.LE, Operator.EQ);
   private static final List<String> CONSTANTS = List.of("0", "-1", "1", "7", "7.0", "7.00", "7.5", "0.1", "0.10",
         "0.7", "18", "1e3", "-2.5", "9007199254740992", "9007199254740993", "9223372036854775808", "1e400", "-1e-400");
   private static final List<Object> VALUES = List.of(0, 7, 18, -1, 1000, 7L, 9007199254740993L, Long.MAX_VALUE,
         Long.MIN_VALUE, (short) 7, (byte) -1, 7.0, 7.5, 0.1, 0.7, -2.5, 1e300, Double.NaN, Double.POSITIVE_INFINITY,
         0.7f, 0.1f, 7.5f, "7", "7.000", "0.10", "1E3", "18", "-2.50", "9007199254740993", "1e400", "abc", " 7", "",
         true, false);

   /** One rule's numeric condition: {@code n <operator> <constant>}. */
   record Spec(Operator operator, String constant) {

      RangeAnchor anchor() {
         return new RangeAnchor("n", operator, new BigDecimal(constant));
      }

      CompiledRule compiled() {
         return new RuleCompiler(MODEL).compile(new Condition(Subject.attribute("n"), operator,
               new Operand.Number(new BigDecimal(constant))));
      }
   }

   @Property(tries = 2000)
   void theBoundsAValueMeetsAreExactlyTheConditionsThatHold(@ForAll("specs") List<Spec> specs, @ForAll("values") Object value,
                                                           @ForAll long seed) {
      List<IndexEntry> entries = new ArrayList<>();
      List<RangeIndex.Bound> bounds = new ArrayList<>();
      List<IndexEntry> expected = new ArrayList<>();
      MapMessage message = new MapMessage(null, Map.of("n", value));
      for (Spec spec : specs) {
         IndexEntry entry = new IndexEntry(null, null, null);
         entries.add(entry);
         bounds.add(RangeIndex.Bound.of(entry, spec.anchor()));
         if (spec.compiled().matches(message)) {
            expected.add(entry);
         }
      }
      Statistics.label("some bound met").collect(!expected.isEmpty());
      RangeIndex atOnce = RangeIndex.of("n", bounds);
      assertThat(atOnce.met(value)).as("built at once, %s for %s", value, specs).containsExactlyInAnyOrderElementsOf(expected);
      assertThat(stepByStep(specs, entries, new Random(seed)).met(value)).as("changed step by step, %s for %s", value, specs)
            .containsExactlyInAnyOrderElementsOf(expected);
   }

   /** The index made by adding the bounds in a shuffled order, removing some and adding them back. */
   private static RangeIndex stepByStep(List<Spec> specs, List<IndexEntry> entries, Random random) {
      List<Integer> order = new ArrayList<>();
      for (int i = 0; i < specs.size(); i++) {
         order.add(i);
      }
      Collections.shuffle(order, random);
      RangeIndex index = RangeIndex.empty("n");
      for (int i : order) {
         index = index.with(RangeIndex.Bound.of(entries.get(i), specs.get(i).anchor()));
      }
      for (int i : order.subList(0, order.size() / 2)) {
         index = index.without(entries.get(i), specs.get(i).operator());
      }
      assertThat(index.isEmpty()).isEqualTo(order.size() == order.size() / 2);
      for (int i : order.subList(0, order.size() / 2)) {
         index = index.with(RangeIndex.Bound.of(entries.get(i), specs.get(i).anchor()));
      }
      return index;
   }

   @Property(tries = 200)
   void removingEveryBoundLeavesAnEmptyIndex(@ForAll("specs") List<Spec> specs) {
      List<IndexEntry> entries = specs.stream().map(s -> new IndexEntry(null, null, null)).toList();
      RangeIndex index = RangeIndex.empty("n");
      for (int i = 0; i < specs.size(); i++) {
         index = index.with(RangeIndex.Bound.of(entries.get(i), specs.get(i).anchor()));
      }
      for (int i = specs.size() - 1; i >= 0; i--) {
         assertThat(index.isEmpty()).isFalse();
         index = index.without(entries.get(i), specs.get(i).operator());
      }
      assertThat(index.isEmpty()).isTrue();
   }

   @Provide
   Arbitrary<List<Spec>> specs() {
      return Combinators.combine(Arbitraries.of(OPERATORS), Arbitraries.of(CONSTANTS)).as(Spec::new)
            .list().ofMinSize(1).ofMaxSize(24);
   }

   @Provide
   Arbitrary<Object> values() {
      return Arbitraries.frequencyOf(Tuple.of(4, Arbitraries.of(VALUES)),
            Tuple.of(1, Arbitraries.integers().between(-20, 20).map(Object.class::cast)),
            Tuple.of(1, Arbitraries.of(CONSTANTS).map(Object.class::cast)));
   }
}

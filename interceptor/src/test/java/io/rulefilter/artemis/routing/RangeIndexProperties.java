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
import io.rulefilter.internal.eval.RuleCompiler;
import io.rulefilter.generators.TestMessage;
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
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.filter.Filter;
import org.apache.activemq.artemis.selector.filter.Filterable;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A range index offers a message to exactly the rules whose bound its value meets, as the evaluator decides the
 * bound's condition: integers, floating-point numbers (signed zeros, extremes, NaN, infinities), decimal strings in
 * and out of range, and non-numbers, against constants that tie, differ in the last digit, or lie beyond the long
 * and double ranges. The same holds for an index changed bound by bound (some removed and added back) as for one
 * built at once. Version 2 lists {@code n eq (7, 7.0, 0.1, 1e400)} (duplicates by value included) are offered the
 * message once when it equals one of their numbers, as the evaluator's list test decides. Each rule here records
 * being offered the message and declines it, so {@code route} itself is checked, on real Artemis core messages.
 */
class RangeIndexProperties {

   private static final MessageModel MODEL = MessageModel.DEFAULT;
   private static final List<Operator> OPERATORS = List.of(Operator.GT, Operator.GE, Operator.LT, Operator.LE, Operator.EQ);
   private static final List<String> CONSTANTS = List.of("0", "-1", "1", "7", "7.0", "7.00", "7.5", "0.1", "0.10",
         "0.1000000000000000055511151231257827021181583404541015625", "0.7", "0.699999988079071044921875", "18", "1e3",
         "-2.5", "9007199254740992", "9007199254740993", "9223372036854775808", "-9223372036854775809", "1e400",
         "-1e-400", "1e9999", "-1e-9999", "1.7976931348623157e308");
   private static final List<Object> VALUES = List.of(0, 7, 18, -1, 1000, 7L, 9007199254740993L, Long.MAX_VALUE,
         Long.MIN_VALUE, (short) 7, (byte) -1, 7.0, 7.5, 0.1, 0.7, -2.5, 1e300, -0.0, 0.0, Double.MIN_VALUE,
         Double.MAX_VALUE, -Double.MAX_VALUE, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.7f, 0.1f,
         7.5f, -0.0f, Float.MAX_VALUE, Float.NaN, Float.NEGATIVE_INFINITY, "7", "7.000", "0.10", "1E3", "18", "-2.50",
         "9007199254740993", "1e400", "1e10000", "0e99999999999", "-0", "abc", " 7", "", true, false);

   /** One rule's numeric condition: {@code n <operator> <constant>}, or (eq only) {@code n eq (<constants>)}. */
   record Spec(Operator operator, List<String> constants) {

      static Spec of(Operator operator, List<String> constants) {
         return new Spec(operator, operator == Operator.EQ ? constants : constants.subList(0, 1));
      }

      RangeAnchor anchor() {
         return new RangeAnchor("n", operator, constants.stream().map(BigDecimal::new).toList());
      }

      CompiledRule compiled() {
         List<Operand> numbers = constants.stream().map(c -> (Operand) new Operand.Number(new BigDecimal(c))).toList();
         return new RuleCompiler(MODEL).compile(new Condition(Subject.attribute("n"), operator,
               numbers.size() == 1 ? numbers.get(0) : new Operand.ValueList(numbers)));
      }
   }

   /** A rule's stand-in: it notes each message it is offered, and declines it. */
   private static final class Offered implements Filter {
      private final List<Offered> log;

      Offered(List<Offered> log) {
         this.log = log;
      }

      @Override
      public boolean match(Message message) {
         log.add(this);
         return false;
      }

      @Override
      public boolean match(Map<String, String> map) {
         throw new UnsupportedOperationException();
      }

      @Override
      public boolean match(Filterable filterable) {
         throw new UnsupportedOperationException();
      }

      @Override
      public SimpleString getFilterString() {
         return SimpleString.of("offered");
      }
   }

   @Property(tries = 3000)
   void aMessageIsOfferedToExactlyTheRulesWhoseBoundItsValueMeets(@ForAll("specs") List<Spec> specs,
                                                                  @ForAll("values") Object value, @ForAll long seed)
         throws Exception {
      List<Offered> offered = new ArrayList<>();
      List<RangeIndex.Bound> bounds = new ArrayList<>();
      List<Offered> expected = new ArrayList<>();
      TestMessage message = new TestMessage(null, Map.of("n", value));
      ArtemisMessageView view = new ArtemisMessageView(MODEL.tagProperty()).of(message.toCore());
      for (Spec spec : specs) {
         Offered rule = new Offered(offered);
         IndexEntry entry = new IndexEntry(null, new SubscriptionPolicy(null, rule, null, true), null, false);
         bounds.addAll(RangeIndex.Bound.allOf(entry, spec.anchor()));
         if (spec.compiled().matches(view)) {
            expected.add(rule);
         }
      }
      Statistics.label("some bound met").collect(!expected.isEmpty());
      Statistics.label("a list of numbers met")
            .collect(specs.stream().anyMatch(spec -> spec.constants().size() > 1 && spec.compiled().matches(view)))
            .coverage(check -> check.check(true).count(c -> c >= 30));
      for (RangeIndex index : List.of(RangeIndex.of("n", bounds), stepByStep(bounds, new Random(seed)))) {
         offered.clear();
         index.route(message.toCore(), null, view);
         assertThat(offered).as("%s offered for %s", value, specs).containsExactlyInAnyOrderElementsOf(expected);
      }
   }

   /** The index made by adding the bounds in a shuffled order, removing some and adding them back. */
   private static RangeIndex stepByStep(List<RangeIndex.Bound> bounds, Random random) {
      List<RangeIndex.Bound> order = new ArrayList<>(bounds);
      Collections.shuffle(order, random);
      RangeIndex index = RangeIndex.empty("n");
      for (RangeIndex.Bound bound : order) {
         index = index.with(bound);
      }
      List<RangeIndex.Bound> churned = order.subList(0, order.size() / 2);
      for (RangeIndex.Bound bound : churned) {
         index = index.without(bound);
      }
      assertThat(index.isEmpty()).isEqualTo(churned.size() == order.size());
      for (RangeIndex.Bound bound : churned) {
         index = index.with(bound);
      }
      return index;
   }

   @Property(tries = 200)
   void removingEveryBoundLeavesAnEmptyIndex(@ForAll("specs") List<Spec> specs) {
      List<RangeIndex.Bound> bounds = specs.stream()
            .flatMap(s -> RangeIndex.Bound.allOf(new IndexEntry(null, null, null, false), s.anchor()).stream()).toList();
      RangeIndex index = RangeIndex.empty("n");
      for (RangeIndex.Bound bound : bounds) {
         index = index.with(bound);
      }
      for (int i = bounds.size() - 1; i >= 0; i--) {
         assertThat(index.isEmpty()).isFalse();
         assertThat(index.without(bounds.get(i))).as("removing a bound changes the index").isNotSameAs(index);
         index = index.without(bounds.get(i));
         assertThat(index.without(bounds.get(i))).as("a bound no longer held").isSameAs(index);
      }
      assertThat(index.isEmpty()).isTrue();
   }

   @Provide
   Arbitrary<List<Spec>> specs() {
      return Combinators.combine(Arbitraries.of(OPERATORS), Arbitraries.of(CONSTANTS).list().ofMinSize(1).ofMaxSize(5))
            .as(Spec::of).list().ofMinSize(1).ofMaxSize(24);
   }

   @Provide
   Arbitrary<Object> values() {
      return Arbitraries.frequencyOf(Tuple.of(4, Arbitraries.of(VALUES)),
            Tuple.of(1, Arbitraries.integers().between(-20, 20).map(Object.class::cast)),
            Tuple.of(1, Arbitraries.doubles().map(Object.class::cast)),
            Tuple.of(1, Arbitraries.floats().map(Object.class::cast)),
            Tuple.of(1, Arbitraries.of(CONSTANTS).map(Object.class::cast)));
   }
}

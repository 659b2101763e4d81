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
package io.rulefilter.eval;

import io.rulefilter.generators.ReferenceSemantics;
import io.rulefilter.generators.RuleArbitraries;
import io.rulefilter.generators.TestMessage;
import io.rulefilter.internal.eval.RuleCompiler;
import io.rulefilter.internal.parse.RuleParser;
import io.rulefilter.rule.And;
import io.rulefilter.rule.Condition;
import io.rulefilter.rule.Operand;
import io.rulefilter.rule.Operator;
import io.rulefilter.rule.Or;
import io.rulefilter.rule.Rule;
import io.rulefilter.rule.Subject;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Differential: a condition with a value list means exactly what the contract says it abbreviates, the {@code or} of
 * its items for a positive op and the {@code and} of the negated items for {@code nweq}, {@code nweqi}, {@code neq} and
 * {@code nex}. The list is compiled through its own paths (a hash set of whole values, a sorted array of numbers, key
 * lookups), the expansion through version 1's, so any disagreement is a defect of one of them.
 */
class ValueListProperties {

   private final ReferenceSemantics reference = new ReferenceSemantics();

   @Property(tries = 3000)
   void aListMeansTheOrOfItsItems(@ForAll("lists") Condition list, @ForAll("messages") List<TestMessage> messages) {
      Rule expansion = expand(list);
      CompiledRule compiledList = RuleCompiler.compileDefault(list);
      CompiledRule compiledExpansion = RuleCompiler.compileDefault(expansion);
      assertThat(RuleParser.parse(list.canonical())).as("the list reads back from its text").isEqualTo(list);
      for (TestMessage message : messages) {
         boolean holds = compiledList.matches(message.view());
         String context = list.canonical() + " vs " + expansion.canonical() + " on " + message;
         assertThat(holds).as(context).isEqualTo(compiledExpansion.matches(message.view()));
         assertThat(holds).as("reference, " + context).isEqualTo(reference.holds(list, message));
         Statistics.label("holds").collect(holds);
      }
   }

   private static Rule expand(Condition list) {
      Rule[] items = list.values().stream().map(item -> new Condition(list.subject(), list.operator(), item))
            .toArray(Rule[]::new);
      if (items.length == 1) {
         return items[0];
      }
      return list.operator().isNegated() ? And.of(items) : Or.of(items);
   }

   @Provide
   Arbitrary<Condition> lists() {
      Arbitrary<Subject> subjects = Arbitraries.frequencyOf(
            Tuple.of(2, Arbitraries.just(Subject.TAG)),
            Tuple.of(2, Arbitraries.just(Subject.KEYS)),
            Tuple.of(6, Arbitraries.of(RuleArbitraries.KEYS).map(Subject::attribute)));
      return Combinators.combine(subjects, Arbitraries.of(Operator.class)).as(Tuple::of)
            .filter(t -> t.get2().takesList())
            .filter(t -> t.get1() instanceof Subject.Keys
                  ? t.get2().kind() != Operator.Kind.NUMBER
                  : t.get2().kind() != Operator.Kind.EXISTENCE)
            .flatMap(t -> RuleArbitraries.operand(t.get1(), t.get2()).list().ofMinSize(1).ofMaxSize(40)
                  .map(items -> new Condition(t.get1(), t.get2(), new Operand.ValueList(items))));
   }

   @Provide
   Arbitrary<List<TestMessage>> messages() {
      return RuleArbitraries.messages().list().ofSize(8);
   }
}

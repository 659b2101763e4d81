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

import io.rulefilter.internal.eval.CaseFold;
import io.rulefilter.internal.eval.RuleCompiler;
import io.rulefilter.message.AttributeKey;
import io.rulefilter.message.MessageModel;
import io.rulefilter.internal.message.ValueText;
import io.rulefilter.rule.And;
import io.rulefilter.rule.Condition;
import io.rulefilter.rule.Not;
import io.rulefilter.rule.Operand;
import io.rulefilter.rule.Operator;
import io.rulefilter.rule.Or;
import io.rulefilter.rule.Rule;
import io.rulefilter.rule.Subject;
import io.rulefilter.rule.WildcardPattern;
import io.rulefilter.generators.RuleArbitraries;
import io.rulefilter.generators.TestMessage;
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

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import java.math.BigDecimal;

/**
 * The index evaluates a rule only when the message's value meets the rule's anchor, and routes a message at most
 * once per rule. So for every rule and message: a matching message meets exactly one anchor item, and no message
 * meets two; a message it accepts meets its numeric anchor (the bound the range index looks up). A rule that is
 * all anchor (the index then routes without evaluating it) holds exactly when the message meets the anchor. Checked on real
 * Artemis core messages, with the evaluator the broker uses. A failing run prints its seed (jqwik's report,
 * {@code seed = ...}); {@code @Property(seed = "...")} replays it.
 */
class AnchorProperties {

   private static final MessageModel MODEL = MessageModel.DEFAULT;

   /** Values with nested prefixes, so overlapping anchors are common. */
   private static final List<String> VALUES = List.of("", "B", "BS", "BSM", "BPM", "C", "CA", "CA1", "CA12", "12", "1",
         "行", "行李", "😀", "😀x");
   private static final List<String> KEYS = List.of("airline", "flight", "bagCount");
   /**
    * Texts that case folding makes equal or not: ß and ẞ (but not SS), İ, I, i and ı, the three Greek sigmas, the
    * Kelvin sign and k, a Deseret capital and small letter (outside the BMP), and half of a surrogate pair.
    */
   private static final List<String> CASE_VALUES = List.of("", "ca", "CA", "Ca1", "cA12", "ß", "ẞ", "SS", "ss", "İ", "I",
         "i", "ı", "iSTANBUL", "İstanbul", "ıstanbul", "Σ", "σ", "ς", "ΣΑΣ", "σας", "\u212A", "k", "K", "\uD801\uDC00",
         "\uD801\uDC28", "\uD801\uDC00x", "\uD801", "\uD801x");

   @Property(tries = 3000)
   void anchorsOfGeneratedRules(@ForAll("anyRules") Rule rule, @ForAll("anyMessages") TestMessage message) {
      check(rule, message);
      requireAnchoredMatches(8);
   }

   /**
    * {@code weqi} and {@code begi} anchors, alone, in lists, in ors and mixed with case-sensitive ones, against values
    * that differ only in case (non-ASCII and outside the BMP included): the folded anchor is met exactly as the
    * evaluator's case-insensitive comparison decides.
    */
   @Property(tries = 20000)
   void anchorsOfCaseInsensitiveRules(@ForAll("caseInsensitiveRules") Rule rule,
                                      @ForAll("caseInsensitiveMessages") TestMessage message) {
      check(rule, message);
      requireAnchoredMatches(300);
      Statistics.label("whole anchor, matches").coverage(check -> {
         check.check(true, true).percentage(p -> p >= 1);
         check.check(true, false).percentage(p -> p >= 1);
      });
   }

   /**
    * Routed through an index (values and prefixes folded once per message value), a rule is evaluated exactly when
    * the message's value meets its anchor, at most once, and always when it holds.
    */
   @Property(tries = 3000)
   void anIndexEvaluatesACaseInsensitiveRuleExactlyWhenItsAnchorIsMet(
         @ForAll("caseInsensitiveRuleLists") List<Rule> rules, @ForAll("caseInsensitiveMessages") TestMessage message)
         throws Exception {
      List<CountedRule> evaluations = new ArrayList<>();
      List<CountedRule> counted = rules.stream().map(rule -> new CountedRule(rule, evaluations)).toList();
      Message core = message.toCore();
      ArtemisMessageView view = new ArtemisMessageView(MODEL.tagProperty()).of(core);
      CountedRule.indexOf(counted).route(core, null, view);
      assertThat(evaluations).as("rules evaluated for %s", message).doesNotHaveDuplicates();
      for (CountedRule rule : counted) {
         boolean evaluated = evaluations.contains(rule);
         boolean holds = rule.holds(core);
         Statistics.label("evaluated, holds").collect(evaluated, holds);
         if (holds) {
            assertThat(evaluated).as("%s holds for %s", rule, message).isTrue();
         }
         Optional<Anchor> anchor = Anchor.of(rule.rule(), MODEL);
         if (anchor.isPresent()) {
            assertThat(evaluated).as("%s evaluated for %s (anchor %s)", rule, message, anchor.get())
                  .isEqualTo(itemsMet(anchor.get(), view) == 1);
         }
      }
      Statistics.label("evaluated, holds").coverage(check -> {
         check.check(true, true).count(c -> c >= 300);
         check.check(true, false).count(c -> c >= 100);
      });
   }

   @Property(tries = 20000)
   void anchorsOfIndexableRules(@ForAll("indexableRules") Rule rule, @ForAll("indexableMessages") TestMessage message) {
      check(rule, message);
      requireAnchoredMatches(300);
      Statistics.label("numeric anchor, matches").coverage(check -> check.check(true, true).percentage(p -> p >= 0.5));
      Statistics.label("whole anchor, matches").coverage(check -> {
         check.check(true, true).percentage(p -> p >= 1);
         check.check(true, false).percentage(p -> p >= 1);
      });
   }

   /**
    * Keeps the test honest: enough cases where a rule with an anchor accepts the message. The bounds sit far below what
    * a run yields (80 runs of random seeds: 81 ± 2 of 3,000 generated rules, 439 ± 20 of 20,000 indexable ones), so
    * only a generator that stopped producing such cases fails them; 2 % of 20,000 (400) failed one run in about 30.
    * Since the shared generators also cover version 2 (value lists, four more operators, case-folding texts, Type B
    * subjects), generated rules yield far fewer: 20 to 23 of 3,000 in 5 runs, hence 8; indexable rules, which now
    * include lists, 587 to 631 of 20,000.
    */
   private static void requireAnchoredMatches(int cases) {
      Statistics.label("anchored, matches").coverage(check -> check.check(true, true).count(c -> c >= cases));
   }

   private static void check(Rule rule, TestMessage message) {
      ArtemisMessageView view = new ArtemisMessageView(MODEL.tagProperty()).of(message.toCore());
      boolean matches = new RuleCompiler(MODEL).compile(rule).matches(view);
      Optional<Anchor> anchor = Anchor.of(rule, MODEL);
      Statistics.label("anchored, matches").collect(anchor.isPresent(), matches);
      Optional<RangeAnchor> range = RangeAnchor.of(rule, MODEL);
      Statistics.label("numeric anchor, matches").collect(range.isPresent(), matches);
      if (range.isPresent()) {
         RangeAnchor bound = range.get();
         List<Operand> numbers = bound.constants().stream().map(n -> (Operand) new Operand.Number(n)).toList();
         Condition condition = new Condition(bound.key() == null ? Subject.TAG : Subject.attribute(bound.key()),
               bound.operator(), numbers.size() == 1 ? numbers.get(0) : new Operand.ValueList(numbers));
         boolean met = new RuleCompiler(MODEL).compile(condition).matches(view);
         if (matches) {
            assertThat(met).as("a message the rule accepts meets its numeric anchor: %s, %s, %s", message,
                  rule.canonical(), bound).isTrue();
         }
         if (RangeAnchor.isWhole(rule, MODEL)) {
            assertThat(met).as("a whole numeric anchor decides %s for %s", rule.canonical(), message).isEqualTo(matches);
         }
      }
      if (anchor.isEmpty()) {
         return;
      }
      int met = itemsMet(anchor.get(), view);
      assertThat(met).as("anchor items met by %s for %s (anchor %s)", message, rule.canonical(), anchor.get())
            .isLessThanOrEqualTo(1);
      if (matches) {
         assertThat(met).as("a message the rule accepts meets its anchor: %s, %s, %s", message, rule.canonical(),
               anchor.get()).isEqualTo(1);
      }
      boolean whole = Anchor.isWhole(rule, MODEL);
      Statistics.label("whole anchor, matches").collect(whole, matches);
      if (whole) {
         assertThat(met).as("a whole anchor decides %s for %s (anchor %s)", rule.canonical(), message, anchor.get())
               .isEqualTo(matches ? 1 : 0);
      }
   }

   /** How many of the anchor's values and prefixes the message's value text meets, read as the index reads it. */
   private static int itemsMet(Anchor anchor, ArtemisMessageView view) {
      CharSequence text = anchor.key() == null ? view.tag() : ValueText.of(view.attribute(new AttributeKey(anchor.key())));
      if (text == null) {
         return 0;
      }
      String value = (anchor.ignoreCase() ? CaseFold.folded(text) : text).toString();
      int met = anchor.values().contains(SimpleString.of(value)) ? 1 : 0;
      for (String prefix : anchor.prefixes()) {
         met += value.startsWith(prefix) ? 1 : 0;
      }
      return met;
   }

   @Provide
   Arbitrary<Rule> anyRules() {
      return RuleArbitraries.rules();
   }

   @Provide
   Arbitrary<TestMessage> anyMessages() {
      return RuleArbitraries.messages();
   }

   @Provide
   Arbitrary<Rule> indexableRules() {
      return indexable(3, VALUES, Arbitraries.frequency(Tuple.of(4, Operator.WEQ), Tuple.of(4, Operator.BEG),
            Tuple.of(1, Operator.NWEQ), Tuple.of(1, Operator.GT), Tuple.of(1, Operator.LE), Tuple.of(1, Operator.EQ),
            Tuple.of(1, Operator.NEQ)));
   }

   @Provide
   Arbitrary<Rule> caseInsensitiveRules() {
      return indexable(3, CASE_VALUES, Arbitraries.frequency(Tuple.of(5, Operator.WEQI), Tuple.of(5, Operator.BEGI),
            Tuple.of(1, Operator.WEQ), Tuple.of(1, Operator.BEG), Tuple.of(1, Operator.NWEQI), Tuple.of(1, Operator.ENDI)));
   }

   private static Arbitrary<Rule> indexable(int depth, List<String> values, Arbitrary<Operator> operators) {
      Arbitrary<Rule> condition = Combinators.combine(
                  Arbitraries.of(Subject.TAG, Subject.attribute("airline"), Subject.attribute("flight"),
                        Subject.attribute("bagCount"), Subject.attribute("JMSCorrelationID")),
                  operators,
                  Arbitraries.of(values).list().ofMinSize(1).ofMaxSize(4),
                  Arbitraries.frequency(Tuple.of(3, false), Tuple.of(1, true)))
            .as(AnchorProperties::condition);
      if (depth == 0) {
         return condition;
      }
      Arbitrary<Rule> sub = Arbitraries.lazy(() -> indexable(depth - 1, values, operators));
      return Arbitraries.frequencyOf(
            Tuple.of(6, condition),
            Tuple.of(2, sub.list().ofMinSize(2).ofMaxSize(3).map(And::new)),
            Tuple.of(4, sub.list().ofMinSize(2).ofMaxSize(4).map(Or::new)),
            Tuple.of(1, sub.map(Not::new)));
   }

   /** One value, or (version 2) a list of them where the operator takes one. */
   private static Rule condition(Subject subject, Operator op, List<String> values, boolean list) {
      if (!list || !op.takesList()) {
         return new Condition(subject, op, operand(op, values.get(0)));
      }
      return new Condition(subject, op, new Operand.ValueList(values.stream().map(value -> operand(op, value)).toList()));
   }

   private static Operand operand(Operator op, String value) {
      return switch (op) {
         case BEG, BEGI, ENDI -> new Operand.Text(value);
         case GT, LE, EQ, NEQ -> new Operand.Number(new BigDecimal(value.isEmpty() ? "1" : "" + value.length()));
         default -> new Operand.Pattern(value.isEmpty()
               ? new WildcardPattern(List.of())
               : new WildcardPattern(List.of(new WildcardPattern.Literal(value))));
      };
   }

   @Provide
   Arbitrary<List<Rule>> caseInsensitiveRuleLists() {
      return caseInsensitiveRules().list().ofMinSize(1).ofMaxSize(12);
   }

   @Provide
   Arbitrary<TestMessage> caseInsensitiveMessages() {
      Arbitrary<Object> values = Arbitraries.of(CASE_VALUES).map(Object.class::cast);
      Arbitrary<Map<String, Object>> attributes = Arbitraries.maps(Arbitraries.of(KEYS), values).ofMinSize(2).ofMaxSize(3)
            .map(LinkedHashMap::new);
      Arbitrary<String> tags = Arbitraries.frequencyOf(Tuple.of(1, Arbitraries.just((String) null)),
            Tuple.of(9, Arbitraries.of(CASE_VALUES)));
      return Combinators.combine(tags, attributes).as(TestMessage::new);
   }

   @Provide
   Arbitrary<TestMessage> indexableMessages() {
      Arbitrary<Object> values = Arbitraries.frequencyOf(
            Tuple.of(6, Arbitraries.of(VALUES).map(Object.class::cast)),
            Tuple.of(2, Arbitraries.of(1, 2, 3, 12, 123, -1).map(Object.class::cast)),
            Tuple.of(1, Arbitraries.of(1.5, 12.0).map(Object.class::cast)),
            Tuple.of(1, Arbitraries.of(true, false).map(Object.class::cast)));
      Arbitrary<Map<String, Object>> attributes = Arbitraries.maps(Arbitraries.of(KEYS), values).ofMinSize(2).ofMaxSize(3)
            .map(LinkedHashMap::new);
      Arbitrary<String> tags = Arbitraries.frequencyOf(Tuple.of(1, Arbitraries.just((String) null)),
            Tuple.of(9, Arbitraries.of(VALUES)));
      return Combinators.combine(tags, attributes).as(TestMessage::new);
   }
}

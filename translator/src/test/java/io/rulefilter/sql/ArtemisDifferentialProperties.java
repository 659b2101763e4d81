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
package io.rulefilter.sql;

import io.rulefilter.eval.CompiledRule;
import io.rulefilter.generators.ReferenceSemantics;
import io.rulefilter.generators.RuleArbitraries;
import io.rulefilter.generators.TestMessage;
import io.rulefilter.internal.eval.RuleCompiler;
import io.rulefilter.internal.sql.SqlTranslator;
import io.rulefilter.rule.And;
import io.rulefilter.rule.Condition;
import io.rulefilter.rule.Not;
import io.rulefilter.rule.Operand;
import io.rulefilter.rule.Or;
import io.rulefilter.rule.Rule;
import io.rulefilter.rule.Subject;
import io.rulefilter.rule.WildcardPattern;
import io.rulefilter.selector.RuleSelector;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import org.apache.activemq.artemis.core.filter.Filter;
import org.apache.activemq.artemis.core.filter.impl.FilterImpl;
import org.apache.activemq.artemis.core.message.impl.CoreMessage;
import org.apache.activemq.artemis.utils.SelectorTranslator;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Our evaluator against Artemis's own filter engine on generated rules and messages, and against the plain
 * reference semantics. The selector goes through the JMS client's rewriting first, as it does on its way to a
 * broker. EXACT translations must agree with us on every message; SUPERSET translations must never reject a message
 * we accept; and no evaluation, ours or Artemis's, may take long.
 */
class ArtemisDifferentialProperties {

   private static final int TRIES = 1500;
   private static final int MESSAGES_PER_RULE = 8;
   private static final AtomicInteger PAIRS = new AtomicInteger();
   private static final AtomicInteger RULES = new AtomicInteger();
   private static final AtomicInteger EXACT_RULES = new AtomicInteger();
   private static final AtomicInteger CONDITIONS = new AtomicInteger();
   private static final AtomicInteger EXACT_CONDITIONS = new AtomicInteger();
   private static final AtomicLong LONGEST_NANOS = new AtomicLong();
   /** Generous against a GC pause on a busy 2-core machine; an exploding regex costs seconds. */
   private static final long BOUND_NANOS = 200_000_000L;

   private final ReferenceSemantics reference = new ReferenceSemantics();

   @Provide
   Arbitrary<Rule> rules() {
      return RuleArbitraries.rules();
   }

   @Provide
   Arbitrary<Rule> conditions() {
      return RuleArbitraries.conditions().map(Rule.class::cast);
   }

   @Provide
   Arbitrary<Rule> largeRules() {
      return RuleArbitraries.largeRules();
   }

   @Provide
   Arbitrary<List<TestMessage>> longValueMessages() {
      return Arbitraries.oneOf(RuleArbitraries.messages(), RuleArbitraries.longValueMessages()).list()
            .ofSize(MESSAGES_PER_RULE);
   }

   @Provide
   Arbitrary<List<TestMessage>> messages() {
      return RuleArbitraries.messages().list().ofSize(MESSAGES_PER_RULE);
   }

   @Property(tries = TRIES)
   void artemisVerdictFitsTheTranslationsExactness(@ForAll("rules") Rule rule,
                                                   @ForAll("messages") List<TestMessage> messages) throws Exception {
      SqlFilter sql = check(rule, messages);
      RULES.incrementAndGet();
      if (sql.isExact()) {
         EXACT_RULES.incrementAndGet();
      }
   }

   @Property(tries = 600)
   void singleConditionsToo(@ForAll("conditions") Rule rule, @ForAll("messages") List<TestMessage> messages)
         throws Exception {
      SqlFilter sql = check(rule, messages);
      CONDITIONS.incrementAndGet();
      if (sql.isExact()) {
         EXACT_CONDITIONS.incrementAndGet();
      }
   }

   /** Rules near the limits, whose long patterns the translation must cut down to what Artemis affords. */
   @Property(tries = 150)
   void largeRulesToo(@ForAll("largeRules") Rule rule, @ForAll("longValueMessages") List<TestMessage> messages,
                      @ForAll long seed) throws Exception {
      List<TestMessage> all = new ArrayList<>(messages);
      Random random = new Random(seed);
      for (int i = 0; i < 4; i++) {
         all.add(witness(rule, random, i % 2 == 1));
      }
      // the reference semantics backtracks, exponentially on 200-element patterns: Artemis against our evaluator only
      check(rule, all, false);
   }

   /**
    * A message whose attributes match the rule's patterns (a later pattern on the same key wins), or nearly: one
    * character changed. Such messages take every piece of a long pattern's translation, where a piece left out shows.
    */
   private static TestMessage witness(Rule rule, Random random, boolean nearly) {
      Map<String, Object> attributes = new LinkedHashMap<>();
      collectWitnesses(rule, random, attributes);
      if (nearly) {
         attributes.replaceAll((key, value) -> {
            String text = (String) value;
            int at = random.nextInt(text.length() + 1);
            return text.substring(0, at) + "z" + text.substring(Math.min(text.length(), at + (random.nextBoolean() ? 1 : 0)));
         });
      }
      attributes.remove("JMSType");
      return new TestMessage("CA", attributes);
   }

   private static void collectWitnesses(Rule rule, Random random, Map<String, Object> attributes) {
      if (rule instanceof And and) {
         and.operands().forEach(r -> collectWitnesses(r, random, attributes));
      } else if (rule instanceof Or or) {
         or.operands().forEach(r -> collectWitnesses(r, random, attributes));
      } else if (rule instanceof Not not) {
         collectWitnesses(not.operand(), random, attributes);
      } else if (rule instanceof Condition c && c.subject() instanceof Subject.Attribute a
            && c.operand() instanceof Operand.Pattern p) {
         StringBuilder value = new StringBuilder();
         for (WildcardPattern.Element e : p.pattern().elements()) {
            if (e instanceof WildcardPattern.Literal l) {
               value.append(l.text());
            } else if (e instanceof WildcardPattern.AnyChar) {
               value.append(random.nextBoolean() ? "?" : "行");
            } else if (random.nextBoolean()) {
               value.append(RuleArbitraries.TEXTS.get(random.nextInt(RuleArbitraries.TEXTS.size())));
            }
         }
         attributes.put(a.key(), value.toString());
      }
   }

   private SqlFilter check(Rule rule, List<TestMessage> messages) throws Exception {
      return check(rule, messages, true);
   }

   private SqlFilter check(Rule rule, List<TestMessage> messages, boolean againstReference) throws Exception {
      SqlFilter sql = SqlTranslator.translateDefault(rule);
      String selector = RuleSelector.of(rule);
      String sent = SelectorTranslator.convertToActiveMQFilterString(selector);
      assertThat(sent).as("the JMS client must send the selector unchanged").isEqualTo(selector);
      Filter artemis = FilterImpl.createFilter(sent);
      CompiledRule compiled = RuleCompiler.compileDefault(rule);
      for (TestMessage message : messages) {
         boolean ours = compiled.matches(message.view());
         String context = "rule: " + rule.canonical() + "\nfilter: " + sql.filter() + "\nmessage: " + message;
         if (againstReference) {
            assertThat(ours).as("evaluator vs reference semantics\n" + context)
                  .isEqualTo(reference.holds(rule, message));
         }
         CoreMessage core = message.toCore();
         long start = System.nanoTime();
         boolean theirs = artemis.match(core);
         long took = System.nanoTime() - start;
         LONGEST_NANOS.accumulateAndGet(took, Math::max);
         assertThat(took).as("Artemis's evaluation time\n" + context).isLessThan(BOUND_NANOS);
         if (sql.isExact()) {
            assertThat(theirs).as("Artemis vs us on an EXACT translation\n" + context).isEqualTo(ours);
         } else if (ours) {
            assertThat(theirs).as("Artemis rejected a message we accept on a SUPERSET translation\n" + context)
                  .isTrue();
         }
         PAIRS.incrementAndGet();
      }
      return sql;
   }

   @AfterContainer
   static void report() {
      System.out.printf("differential: %d (rule, message) pairs; EXACT translations: %d of %d generated rules"
                  + " (%.1f%%), %d of %d single conditions (%.1f%%); longest Artemis evaluation %.2f ms%n",
            PAIRS.get(), EXACT_RULES.get(), RULES.get(), 100.0 * EXACT_RULES.get() / Math.max(1, RULES.get()),
            EXACT_CONDITIONS.get(), CONDITIONS.get(), 100.0 * EXACT_CONDITIONS.get() / Math.max(1, CONDITIONS.get()),
            LONGEST_NANOS.get() / 1e6);
      if (RULES.get() == TRIES) {
         assertThat(PAIRS.get()).isGreaterThanOrEqualTo(10_000);
      }
   }
}

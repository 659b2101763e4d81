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
package io.rulefilter.internal.sql;

import io.rulefilter.generators.TestMessage;
import io.rulefilter.internal.eval.RuleCompiler;
import io.rulefilter.internal.parse.RuleParser;
import io.rulefilter.rule.Rule;
import io.rulefilter.selector.RuleSelector;
import io.rulefilter.sql.Exactness;
import io.rulefilter.sql.SqlFilter;
import org.apache.activemq.artemis.core.filter.Filter;
import org.apache.activemq.artemis.core.filter.impl.FilterImpl;
import org.apache.activemq.artemis.utils.SelectorTranslator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import org.apache.activemq.artemis.selector.impl.SelectorParser;

/**
 * The translation's two promises where they are hardest to keep: what the JMS client rewrites on its way to the
 * broker, and what Artemis's LIKE (a backtracking regex) cannot afford.
 */
class SqlTranslatorTest {

   private static SqlFilter translate(String rule) {
      return SqlTranslator.translateDefault(RuleParser.parse(rule));
   }

   /** The message the rule accepts; Artemis must accept it too, after the client's rewriting. */
   @ParameterizedTest(name = "{0}")
   @CsvSource(delimiter = '|', textBlock = """
         "x-JMSPriority" weq CA                  | x-JMSPriority | CA
         name beg "PERSISTENT'"                  | name          | PERSISTENT'x
         name weq "''PERSISTENT"                 | name          | ''PERSISTENT
         name weq "x'PERSISTENT'"                | name          | x'PERSISTENT'
         name weq NON?PERSISTENT                 | name          | NON_PERSISTENT
         name weq 'NON_PERSISTENT'               | name          | NON_PERSISTENT
         name weq PERSISTENT                     | name          | PERSISTENT
         "a JMSTimestamp" gt 5                   | a JMSTimestamp | 6
         "it's" ex and name weq JMSPriority      | it's          | x
         "x-JMSDeliveryMode" beg a               | x-JMSDeliveryMode | abc
         """)
   void theClientsRewritingNeverChangesWhatTheSqlMeans(String rule, String key, String value) throws Exception {
      Rule parsed = RuleParser.parse(rule);
      Map<String, Object> attributes = new LinkedHashMap<>();
      attributes.put(key, value);
      if (rule.contains("and name")) {
         attributes.put("name", "JMSPriority");
      }
      TestMessage message = new TestMessage(null, attributes);
      assertThat(RuleCompiler.compileDefault(parsed).matches(message.view())).as("the rule accepts it").isTrue();

      String selector = RuleSelector.of(parsed);
      String sent = SelectorTranslator.convertToActiveMQFilterString(selector);
      assertThat(sent).as("what the client sends").isEqualTo(selector);
      assertThat(FilterImpl.createFilter(sent).match(message.toCore())).as(sent).isTrue();
   }

   @Test
   void namesTheClientRewritesOrArtemisReadsElsewhereAreNotClaimedExact() {
      assertThat(translate("\"x-JMSPriority\" weq CA")).isEqualTo(new SqlFilter("TRUE", Exactness.SUPERSET));
      assertThat(translate("\"it's\" ex")).isEqualTo(new SqlFilter("TRUE", Exactness.SUPERSET));
      assertThat(translate("m.x weq CA")).as("AMQP message annotation").isEqualTo(new SqlFilter("TRUE", Exactness.SUPERSET));
      assertThat(translate("AMQPriority ex")).as("Artemis header name").isEqualTo(new SqlFilter("TRUE", Exactness.SUPERSET));
      assertThat(translate("name weq PERSISTENT").isExact()).isTrue();
      assertThat(translate("name weq JMSPriority")).as("inside a literal the client leaves names alone")
            .isEqualTo(new SqlFilter("name LIKE 'JMSPriority'", Exactness.EXACT));
      assertThat(translate("name beg \"PERSISTENT'\"").isExact()).isFalse();
   }

   @Test
   void namesAreBareWherePossibleSoEveryJmsClientParsesTheSelector() {
      assertThat(translate("bagCount gt 2").filter()).isEqualTo("(bagCount >= 2.0 OR bagCount LIKE '%')");
      assertThat(translate("\"flight-no\" ex").filter()).isEqualTo("\"flight-no\" IS NOT NULL");
      assertThat(translate("\"and\" ex").filter()).as("a keyword").isEqualTo("\"and\" IS NOT NULL");
      assertThat(translate("$x_1 ex").filter()).isEqualTo("$x_1 IS NOT NULL");
      for (String keyword : List.of("and", "OR", "Not", "like", "escape", "in", "between", "is", "null", "true",
            "false", "xpath", "XQuery")) {
         String filter = translate("\"" + keyword + "\" ex").filter();
         assertThat(filter).isEqualTo("\"" + keyword + "\" IS NOT NULL");
         assertThatCode(() -> SelectorParser.parse(filter)).doesNotThrowAnyException();
      }
   }

   @Test
   void commonAirportRulesStayExact() {
      assertThat(translate("airline weq CA")).isEqualTo(new SqlFilter("airline LIKE 'CA'", Exactness.EXACT));
      assertThat(translate("@tag beg BS")).isEqualTo(new SqlFilter("JMSType LIKE 'BS%'", Exactness.EXACT));
      assertThat(translate("flight weq *A981").isExact()).isTrue();
      assertThat(translate("flight weq *981").isExact()).as("a number's text may end in 981").isFalse();
      assertThat(translate("remark weq *破损*").isExact()).isTrue();
      assertThat(translate("flight weq CA??1").isExact()).isTrue();
   }

   @Test
   void patternsArtemisCannotAffordBecomeAffordableSupersets() {
      assertThat(translate("x weq *a*a*a*a*a*b")).as("each piece once")
            .isEqualTo(new SqlFilter("(x LIKE '%b' AND x LIKE '%a%')", Exactness.SUPERSET));
      assertThat(translate("x weq a*b*c")).isEqualTo(new SqlFilter("(x LIKE 'a%c' AND x LIKE '%b%')", Exactness.SUPERSET));
      assertThat(translate("x nweq a*b*c")).as("a negation needs the exact pattern").isEqualTo(new SqlFilter("TRUE", Exactness.SUPERSET));
      String longTail = "z".repeat(40);
      assertThat(translate("x end " + longTail).filter()).isEqualTo("x LIKE '%" + "z".repeat(32) + "'");
      assertThat(translate("x end " + longTail).isExact()).isFalse();
      assertThat(translate("x end " + "z".repeat(32)).isExact()).isTrue();
   }

   /**
    * Every filter the translator emits costs Artemis time linear in the value: adversarial 64 KB values against the
    * patterns that made Artemis spend seconds (13 s, 28 s, 2.4 s on 120 characters) before, and against rules near the
    * length and condition limits whose pieces are each affordable but, before a rule's pieces had a budget, added up
    * to 300-740 ms per message. Each rule comes with a value that satisfies every piece, so Artemis evaluates them all.
    */
   @ParameterizedTest(name = "{0}")
   @MethodSource("rulesWithWorstValues")
   void artemisAffordsEveryTranslationOnAdversarialValues(String name, String rule, String worst) throws Exception {
      Rule parsed = RuleParser.parse(rule);
      Filter filter = FilterImpl.createFilter(SqlTranslator.translateDefault(parsed).filter());
      for (String value : List.of("a".repeat(65_536), "ab".repeat(32_768), "a".repeat(65_535) + "c", "?".repeat(65_536),
            worst)) {
         TestMessage message = new TestMessage(null, Map.of("x", value));
         boolean theirs = false;
         long millis = Long.MAX_VALUE;
         for (int attempt = 0; attempt < 3 && millis >= 250; attempt++) { // a busy machine only adds time: the fastest
            long start = System.nanoTime();
            theirs = filter.match(message.toCore());
            millis = Math.min(millis, (System.nanoTime() - start) / 1_000_000);
         }
         assertThat(millis).as("Artemis on %s for %d characters, fastest of up to 3", name, value.length()).isLessThan(250);
         if (RuleCompiler.compileDefault(parsed).matches(message.view())) {
            assertThat(theirs).as("a superset never rejects what the rule accepts").isTrue();
         }
      }
   }

   static Stream<Arguments> rulesWithWorstValues() {
      String endsInB = "a".repeat(65_535) + "b";
      List<Arguments> cases = new ArrayList<>();
      for (String rule : List.of("x weq *a*a*a*a*a*b", "x weq *a*b*a*b*a*b*c", "x weq ?*?*?*?*?*z", "x nweq *a*a*a*a*a*b",
            "x weq *aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab", "x end aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab",
            "x weq a*aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab", "x weq *aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab*",
            "x weq ?*a?a?a?a?a?a?a?a?b", "x weq *aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa*", "not (x weq *a* and x weq *b*c)")) {
         cases.add(Arguments.of(rule, rule, endsInB));
      }
      // one pattern near the length limit: 2,040 identical (or distinct) middle pieces
      cases.add(Arguments.of("x weq *?*?…*?b", "x weq " + "*?".repeat(2_040) + "b", endsInB));
      cases.add(Arguments.of("x weq *a*a…*ab", "x weq " + "*a".repeat(2_040) + "b", endsInB));
      StringBuilder distinct = new StringBuilder("x weq ");
      StringBuilder allOfThem = new StringBuilder();
      for (int i = 0; i < 1_360; i++) {
         String middle = "" + (char) ('c' + i % 24) + (char) ('c' + i / 24 % 24);
         distinct.append('*').append(middle);
         allOfThem.append(middle);
      }
      cases.add(Arguments.of("x weq *cc*dc…*ab, distinct middles", distinct.append("b").toString(),
            "a".repeat(65_535 - allOfThem.length()) + allOfThem + "b"));
      // every piece at the most Artemis retries after a '%', 130 of them
      String costly = "?".repeat(LikePattern.MAX_AFTER_ANY - 1);
      StringBuilder wide = new StringBuilder("x weq ");
      StringBuilder wideValue = new StringBuilder();
      for (int i = 0; i < 123; i++) {
         wide.append('*').append(costly).append((char) ('一' + i));
         wideValue.append(costly.replace('?', 'a')).append((char) ('一' + i));
      }
      cases.add(Arguments.of("x weq *???…?c*???…?d…b", wide.append("*b").toString(),
            "a".repeat(65_535 - wideValue.length()) + wideValue + "b"));
      // 64 conditions, each as costly as an exact piece can be, all holding or (negated) all failing on the value
      List<String> conditions = new ArrayList<>();
      List<String> negated = new ArrayList<>();
      for (int i = 0; i < 64; i++) {
         conditions.add("x weq *" + costly + (char) ('一' + i) + "*");
         negated.add("x nweq *" + costly + (char) ('一' + i) + "*");
      }
      StringBuilder letters = new StringBuilder();
      for (int i = 0; i < 64; i++) {
         letters.append((char) ('一' + i));
      }
      cases.add(Arguments.of("64 × x weq *???…?c*", String.join(" and ", conditions), "a".repeat(65_536 - 64) + letters));
      cases.add(Arguments.of("64 × x nweq *???…?c*", String.join(" and ", negated), "a".repeat(65_536)));
      cases.add(Arguments.of("64 × x weq *a*a…*ab", String.join(" and ", Collections.nCopies(64, "x weq " + "*a".repeat(26) + "b")),
            endsInB));
      cases.add(Arguments.of("64 × x gt 1", String.join(" or ", Collections.nCopies(64, "x gt 1")), endsInB));
      return cases.stream();
   }
}

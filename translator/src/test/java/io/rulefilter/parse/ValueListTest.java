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

import io.rulefilter.internal.parse.RuleParser;
import io.rulefilter.internal.sql.SqlTranslator;
import io.rulefilter.rule.Condition;
import io.rulefilter.rule.Operand;
import io.rulefilter.rule.Operator;
import io.rulefilter.rule.Subject;
import io.rulefilter.rule.WildcardPattern;
import io.rulefilter.sql.Exactness;
import io.rulefilter.sql.SqlFilter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** Version 2 value lists as the contract's section "Value lists" states them: syntax, errors, limits, translation. */
class ValueListTest {

   private static Operand.Pattern literal(String text) {
      return new Operand.Pattern(WildcardPattern.literal(text));
   }

   private static RuleSyntaxException error(String rule) {
      return catchThrowableOfType(() -> RuleParser.parse(rule), RuleSyntaxException.class);
   }

   private static SqlFilter translate(String rule) {
      return SqlTranslator.translateDefault(RuleParser.parse(rule));
   }

   @Test
   void aListIsOneConditionWithItemsInTheirWrittenOrder() {
      assertThat(RuleParser.parse("station weq (PEK, PVG,PEK)")).isEqualTo(new Condition(Subject.attribute("station"),
            Operator.WEQ, new Operand.ValueList(List.of(literal("PEK"), literal("PVG"), literal("PEK")))));
      assertThat(RuleParser.parse("bagCount eq(1, 2.0 ,3)")).isEqualTo(new Condition(Subject.attribute("bagCount"),
            Operator.EQ, new Operand.ValueList(List.of(new Operand.Number(BigDecimal.ONE),
                  new Operand.Number(new BigDecimal("2")), new Operand.Number(new BigDecimal("3"))))));
      assertThat(RuleParser.parse("@attr ex (flight, bagCount)").canonical()).isEqualTo("@attr ex (flight, bagCount)");
      assertThat(RuleParser.parse("@tag end ( SM )").canonical()).isEqualTo("@tag end (SM)");
   }

   @Test
   void quotedAndEscapedItemsMayHoldCommasSpacesAndParentheses() {
      Condition c = (Condition) RuleParser.parse("remark weq ('a, b', c\\,d, \"(x)\")");
      assertThat(c.values()).containsExactly(literal("a, b"), literal("c,d"), literal("(x)"));
      assertThat(RuleParser.parse(c.canonical())).as("the canonical text reads back the same").isEqualTo(c);
   }

   @ParameterizedTest(name = "[{index}] «{0}»")
   @CsvSource(delimiter = '|', textBlock = """
         bagCount eq (1, x)       | 17 | expected a number in the list after 'eq', found 'x'
         bagCount eq (1,2,1e)     | 18 | expected a number in the list after 'eq', found '1e'
         bagCount gt (1, 2)       | 13 | 'gt' takes one number, not a list: say 'gt' the smallest bound instead
         bagCount le (1, 2)       | 13 | 'le' takes one number, not a list: say 'le' the largest bound instead
         station weq ()           | 14 | an empty list: expected a value in the list after 'weq'
         station weq (PEK,, PVG)  | 18 | expected a value in the list after 'weq', found ','
         station weq (PEK, )      | 19 | expected a value in the list after 'weq', found ')'
         station weq (PEK PVG)    | 18 | expected ',' or ')' in the list opened at 13, found 'PVG'
         station weq (PEK, PVG    | 22 | the list opened at 13 is never closed
         @attr ex (a, '')         | 14 | expected a key in the list after 'ex', found an empty key
         """)
   void anErrorPointsAtTheItemAndNamesIt(String rule, int column, String detail) {
      RuleSyntaxException e = error(rule);
      assertThat(e.getMessage()).startsWith("rule error at " + column + ": " + detail);
      assertThat(e.column()).isEqualTo(column);
   }

   @Test
   void aListHoldsAtMostTheLimitOfItemsAndCountsAsOneCondition() {
      String items1024 = IntStream.range(0, 1024).mapToObj(Integer::toString).collect(Collectors.joining(","));
      RuleParser roomy = new RuleParser(new RuleLimits(100_000, 1, 16));
      assertThat(((Condition) roomy.parseRule("n eq (" + items1024 + ")")).values()).hasSize(1024);
      RuleSyntaxException tooMany = catchThrowableOfType(() -> roomy.parseRule("n eq (" + items1024 + ",1024)"),
            RuleSyntaxException.class);
      assertThat(tooMany.getMessage()).contains("more than the limit of 1024 items");
      assertThat(tooMany.column()).as("at the first item past the limit").isEqualTo(7 + items1024.length() + 1);

      RuleParser three = new RuleParser(new RuleLimits(4096, 64, 16, 3));
      assertThat(catchThrowableOfType(() -> three.parseRule("a weq (w, x, y, z)"), RuleSyntaxException.class).getMessage())
            .isEqualTo("rule error at 17: the list has more than the limit of 3 items");
      assertThat(error("a weq (" + String.join(",", Collections.nCopies(2100, "x")) + ")").getMessage())
            .as("the length limit counts every item").contains("longer than the limit of 4096 characters");
   }

   @Test
   void aBareValueStartingWithAParenthesisOpensAListButAStoredV1RuleKeepsItsMeaning() {
      RuleSyntaxException e = error("a weq (x");
      assertThat(e.getMessage()).contains("never closed").contains("quote the value, as in a weq '(x'");
      RuleParser parser = new RuleParser(RuleLimits.DEFAULT);
      assertThat(parser.parseStored("a weq (x")).isEqualTo(new Condition(Subject.attribute("a"), Operator.WEQ,
            literal("(x")));
      assertThat(parser.parseStored("a weq (x)")).as("v1 cannot read it: a list").isEqualTo(RuleParser.parse("a weq (x)"));
      assertThat(parser.parseStored("a weq (x").canonical()).as("printed quoted, as v1 did").isEqualTo("a weq '(x'");
      assertThat(catchThrowableOfType(() -> parser.parseStored("a weq"), RuleSyntaxException.class))
            .as("neither version reads it: version 2's error")
            .hasMessage("rule error at 6: expected a value after 'weq', found end of rule");
   }

   @Test
   void wildcardFreeWeqItemsTranslateToAnExactIn() {
      assertThat(translate("station weq (PEK, PVG)")).isEqualTo(new SqlFilter("station IN ('PEK', 'PVG')",
            Exactness.EXACT));
      assertThat(translate("@tag weq (BSM, BPM)").filter()).isEqualTo("JMSType IN ('BSM', 'BPM')");
      assertThat(translate("station weq (PEK, P?G)").isExact()).as("a wildcard item is a LIKE of its own").isTrue();
      assertThat(translate("station weq (PEK, P?G)").filter()).contains("LIKE").doesNotContain(" IN ");
      assertThat(translate("bagCount eq (1, 2)")).as("eq also holds for a text that reads as the number, as in v1")
            .isEqualTo(translate("bagCount eq 1 or bagCount eq 2"));
      assertThat(translate("station nweq (PEK, PVG)").isExact()).isTrue();
      assertThat(translate("x weq (12, CA)").isExact()).as("'12' may be the text of a number: a superset").isFalse();
   }
}

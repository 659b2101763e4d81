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
package io.rulefilter.internal.parse;

import io.rulefilter.RuleLanguage;
import io.rulefilter.parse.RuleLimits;
import io.rulefilter.parse.RuleSyntaxException;
import io.rulefilter.rule.And;
import io.rulefilter.rule.Condition;
import io.rulefilter.rule.Not;
import io.rulefilter.rule.Operand;
import io.rulefilter.rule.Operator;
import io.rulefilter.rule.Or;
import io.rulefilter.rule.Rule;
import io.rulefilter.rule.Subject;
import io.rulefilter.rule.WildcardPattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import java.util.Collections;

class RuleParserTest {

   private static Condition cond(String key, Operator op, Operand operand) {
      return new Condition(Subject.attribute(key), op, operand);
   }

   private static Condition ex(String key) {
      return cond(key, Operator.EX, Operand.NONE);
   }

   @Test
   void theSeedFormIsOneCondition() {
      assertThat(RuleParser.parse("@tag beg BS"))
            .isEqualTo(new Condition(Subject.TAG, Operator.BEG, new Operand.Text("BS")));
      assertThat(RuleParser.parse("airline weq CA"))
            .isEqualTo(cond("airline", Operator.WEQ, new Operand.Pattern(WildcardPattern.literal("CA"))));
   }

   @Test
   void notBindsTighterThanAndTighterThanOr() {
      assertThat(RuleParser.parse("a ex or b ex and c ex")).isEqualTo(Or.of(ex("a"), And.of(ex("b"), ex("c"))));
      assertThat(RuleParser.parse("not a ex and b ex")).isEqualTo(And.of(new Not(ex("a")), ex("b")));
      assertThat(RuleParser.parse("!(a ex || b ex) && c ex")).isEqualTo(And.of(new Not(Or.of(ex("a"), ex("b"))), ex("c")));
      assertThat(RuleParser.parse("(a ex or b ex) and c ex")).isEqualTo(And.of(Or.of(ex("a"), ex("b")), ex("c")));
   }

   @Test
   void keywordsIgnoreCaseButKeysAndValuesKeepIt() {
      assertThat(RuleParser.parse("@TAG BEG BS AND Type WEQ Ca OR NOT x EX"))
            .isEqualTo(Or.of(And.of(new Condition(Subject.TAG, Operator.BEG, new Operand.Text("BS")),
                  cond("Type", Operator.WEQ, new Operand.Pattern(WildcardPattern.literal("Ca")))), new Not(ex("x"))));
      assertThat(RuleParser.parse("@Attr Ex type")).isEqualTo(new Condition(Subject.KEYS, Operator.EX, new Operand.Text("type")));
   }

   @Test
   void attrPrefixAndQuotedKeysNameAttributes() {
      assertThat(RuleParser.parse("attr.flight ex")).isEqualTo(RuleParser.parse("flight ex"));
      assertThat(RuleParser.parse("\"flight-no\" weq CA*"))
            .isEqualTo(cond("flight-no", Operator.WEQ, new Operand.Pattern(new WildcardPattern(
                  List.of(new WildcardPattern.Literal("CA"), WildcardPattern.ANY_RUN)))));
      assertThat(RuleParser.parse("'not' ex")).isEqualTo(ex("not"));
      assertThat(RuleParser.parse("\"attr.x\" ex")).isEqualTo(ex("attr.x"));
   }

   @Test
   void attrPrefixTakesQuotedKeysToo() {
      assertThat(RuleParser.parse("attr.\"flight-no\" weq CA*")).isEqualTo(RuleParser.parse("\"flight-no\" weq CA*"));
      assertThat(RuleParser.parse("attr.'flight-no' ex")).isEqualTo(ex("flight-no"));
      assertThat(RuleParser.parse("attr.'x y' ex")).isEqualTo(ex("x y"));
      assertThat(RuleParser.parse("ATTR.flight ex")).as("the prefix is lower case only").isEqualTo(ex("ATTR.flight"));
   }

   @Test
   void onlyAsciiWhiteSpaceSeparatesTokens() {
      assertThat(RuleParser.parse("a\u00a0b ex")).as("a no-break space is part of the key").isEqualTo(ex("a\u00a0b"));
      assertThat(text("x beg 行李\u3000箱")).as("an ideographic space is part of the value").isEqualTo("行李\u3000箱");
      assertThat(RuleParser.parse("a ex\tand\r\nb ex")).isEqualTo(And.of(ex("a"), ex("b")));
      assertThat(error("x ex\u00a0and y ex").getMessage()).as("'ex\u00a0and' is no operator")
            .contains("expected an operator");
   }

   @Test
   void limitsCountCodePoints() {
      RuleParser tight = new RuleParser(new RuleLimits(12, 64, 16));
      assertThat(tight.parseRule("x beg " + "😀".repeat(6))).isNotNull(); // 12 code points, 18 UTF-16 units
      assertThatThrownBy(() -> tight.parseRule("x beg " + "😀".repeat(7))).hasMessageContaining("longer than the limit of 12");
   }

   @Test
   void numbersWithinTheExponentBoundsParse() {
      assertThat(number("x gt 1e9999")).isEqualByComparingTo("1e9999");
      assertThat(number("x gt -9.999e9999")).isEqualByComparingTo("-9.999e9999");
      assertThat(number("x gt 1e-9999")).isEqualByComparingTo("1e-9999");
      assertThat(number("x gt 0.01e10001")).as("normalised: 1e9999").isEqualByComparingTo("1e9999");
      assertThat(number("x gt 0e99999999999")).as("zero whatever its exponent").isZero();
   }

   @Test
   void escapesQuotesAndBareValues() {
      assertThat(text("name beg 'it\\'s'")).isEqualTo("it's");
      assertThat(text("name beg a\\ b")).isEqualTo("a b");
      assertThat(text("name beg \"say \\\"hi\\\"\"")).isEqualTo("say \"hi\"");
      assertThat(text("name beg 'a (b) c'")).isEqualTo("a (b) c");
      assertThat(text("name beg it's")).isEqualTo("it's");
      assertThat(text("name beg 行李")).isEqualTo("行李");
      assertThat(RuleParser.parse("(name beg a(b)")).isEqualTo(cond("name", Operator.BEG, new Operand.Text("a(b")));
      assertThat(text("name beg and")).as("a keyword in value position is a value").isEqualTo("and");
      assertThat(text("name beg ''")).isEmpty();
   }

   @Test
   void backslashMakesWildcardsLiteralAndQuotingDoesNot() {
      assertThat(pattern("x weq a\\*b")).isEqualTo(WildcardPattern.literal("a*b"));
      assertThat(pattern("x weq 'a *'")).isEqualTo(new WildcardPattern(
            List.of(new WildcardPattern.Literal("a "), WildcardPattern.ANY_RUN)));
      assertThat(pattern("x weq CA???").elements()).hasSize(4);
      assertThat(text("x beg a*")).as("beg is literal").isEqualTo("a*");
   }

   @Test
   void numbersAreExactDecimals() {
      assertThat(number("x gt 0.10")).isEqualByComparingTo("0.1");
      assertThat(RuleParser.parse("x eq 0.10")).isEqualTo(RuleParser.parse("x eq 0.1"));
      assertThat(RuleParser.parse("x eq 1e3")).isEqualTo(RuleParser.parse("x eq 1000"));
      assertThat(number("x gt 9007199254740993")).isEqualTo(new BigDecimal("9007199254740993"));
      assertThat(number("x lt -12")).isEqualByComparingTo("-12");
      assertThat(number("x lt 3.5E-2")).isEqualByComparingTo("0.035");
   }

   /** docs/rule-language.md: {@code digits [. [digits]]}, so a number may end in its point, in rules and in strings. */
   @Test
   void aNumberMayEndInItsDecimalPoint() {
      assertThat(number("x eq 5.")).isEqualByComparingTo("5");
      assertThat(number("x eq -5.e2")).isEqualByComparingTo("-500");
      assertThat(DecimalSyntax.isNumber("5.")).isTrue();
      assertThat(DecimalSyntax.isNumber(".")).isFalse();
      assertThat(DecimalSyntax.isNumber("5.e")).isFalse();
   }

   @Test
   void existenceTakesNoValueExceptOnAttrKeys() {
      assertThat(RuleParser.parse("@tag ex and x nex"))
            .isEqualTo(And.of(new Condition(Subject.TAG, Operator.EX, Operand.NONE), cond("x", Operator.NEX, Operand.NONE)));
      assertThat(RuleParser.parse("@attr nex type")).isEqualTo(new Condition(Subject.KEYS, Operator.NEX, new Operand.Text("type")));
   }

   @Test
   void theSpecsErrorExample() {
      RuleSyntaxException e = error("count gt abc");
      assertThat(e).hasMessage("rule error at 10: expected a number after 'gt', found 'abc'");
      assertThat(e.column()).isEqualTo(10);
      assertThat(e.expected()).isEqualTo("a number");
      assertThat(e.found()).isEqualTo("'abc'");
      assertThat(e.render()).isEqualTo(e.getMessage() + System.lineSeparator() + "  count gt abc"
            + System.lineSeparator() + "           ^");
   }

   @Test
   void caretAccountsForWideCharacters() {
      RuleSyntaxException e = error("行李 gt abc");
      assertThat(e.column()).isEqualTo(7);
      assertThat(e.render()).endsWith("  " + " ".repeat(4 + 4) + "^");
   }

   @Test
   void aLongRuleIsShownOnlyAroundTheSpot() {
      RuleSyntaxException tooLong = error("x weq " + "a".repeat(100_000));
      String[] lines = tooLong.render().split(System.lineSeparator());
      assertThat(lines).hasSize(3);
      assertThat(lines[1]).isEqualTo("  …" + "a".repeat(RuleSyntaxException.WINDOW) + "…");
      assertThat(lines[2]).isEqualTo("  " + " ".repeat(1 + RuleSyntaxException.WINDOW / 2) + "^");
      assertThat(lines[1].charAt(lines[2].length() - 1)).isEqualTo('a');

      String word = "a".repeat(4000);
      for (String rule : List.of(word + " zz 1", "x " + word, "x gt " + word, word)) {
         assertThat(error(rule).render().length()).as(rule.substring(0, 10)).isLessThan(400);
      }

      String head = "x gt abc and " + "y ex and ".repeat(20) + "z ex";
      RuleSyntaxException early = error(head);
      assertThat(early.render()).endsWith("  " + head.substring(0, RuleSyntaxException.WINDOW) + "…"
            + System.lineSeparator() + "       ^");
      String tail = "y ex and ".repeat(20) + "z gt";
      RuleSyntaxException atTheEnd = error(tail);
      assertThat(atTheEnd.render()).endsWith("  …" + tail.substring(tail.length() - RuleSyntaxException.WINDOW)
            + System.lineSeparator() + "   " + " ".repeat(RuleSyntaxException.WINDOW) + "^");
   }

   @ParameterizedTest(name = "[{index}] «{0}»")
   @CsvSource(delimiter = '|', textBlock = """
         ''                      | 1  | the rule is empty: expected a condition
         '   '                   | 4  | the rule is empty: expected a condition
         x gt                    | 5  | expected a number after 'gt', found end of rule
         x weq                   | 6  | expected a value after 'weq', found end of rule
         (x weq)                 | 7  | expected a value after 'weq', found ')'
         @attr ex                | 9  | expected a key after 'ex', found end of rule
         @attr gt 5              | 7  | 'gt' compares numbers and cannot apply to @attr (attribute keys)
         x foo 1                 | 3  | expected an operator (beg, end, weq, nweq, ex, nex, gt, ge, lt, le, eq, neq, begi, endi, weqi, nweqi) after 'x', found 'foo'
         x                       | 2  | expected an operator (beg, end, weq, nweq, ex, nex, gt, ge, lt, le, eq, neq, begi, endi, weqi, nweqi) after 'x', found end of rule
         @foo ex                 | 1  | unknown subject '@foo': expected @tag, @attr, @typeb or an attribute key
         (x ex                   | 6  | expected ')' to close the '(' at 1, found end of rule
         x ex)                   | 5  | unbalanced parentheses: ')' closes nothing
         x ex y ex               | 6  | expected 'and', 'or' or end of rule, found 'y'
         @tag ex BS              | 9  | expected 'and', 'or' or end of rule, found 'BS'
         x ex and                | 9  | expected a condition, found end of rule
         x ex and or y ex        | 10 | expected a condition, found 'or'
         ()                      | 2  | expected a condition, found ')'
         x beg 'abc              | 7  | unterminated quoted value: the ' at 7 is never closed
         x beg abc\\             | 10 | a backslash at the end of the rule escapes nothing
         x gt 1e99999999999      | 6  | the number '1e99999999999' is out of range: its exponent in scientific notation must lie within ±9999
         x gt 1e10000            | 6  | the number '1e10000' is out of range: its exponent in scientific notation must lie within ±9999
         x gt 0.1e-9999          | 6  | the number '0.1e-9999' is out of range: its exponent in scientific notation must lie within ±9999
         x gt 1e9999999999999999999999999 | 6 | the number '1e9999999999999999999999999' is out of range: its exponent in scientific notation must lie within ±9999
         x gt ' 7'               | 6  | expected a number after 'gt', found ' 7'
         x gt 1e                 | 6  | expected a number after 'gt', found '1e'
         attr. ex                | 6  | an attribute key must not be empty
         "" ex                   | 1  | an attribute key must not be empty
         not                     | 4  | expected a condition, found end of rule
         """)
   void everyErrorNamesThePlaceAndWhatWasExpected(String rule, int column, String detail) {
      RuleSyntaxException e = error(rule);
      assertThat(e.getMessage()).isEqualTo("rule error at " + column + ": " + detail);
      assertThat(e.render()).contains(rule.isBlank() ? "^" : rule);
   }

   @Test
   void limitsHaveTheSpecsDefaultsAndCanBeChanged() {
      assertThat(RuleLimits.DEFAULT).isEqualTo(new RuleLimits(4096, 64, 16));
      String sixtyFive = String.join(" and ", Collections.nCopies(65, "x ex"));
      assertThat(error(sixtyFive).getMessage()).contains("more than the limit of 64 conditions");
      RuleParser.parse(String.join(" and ", Collections.nCopies(64, "x ex")));
      assertThat(error("(".repeat(17) + "x ex" + ")".repeat(17)).getMessage()).contains("deeper than the limit of 16");
      RuleParser.parse("(".repeat(16) + "x ex" + ")".repeat(16));
      assertThat(error("x beg " + "a".repeat(4091)).getMessage()).contains("longer than the limit of 4096 characters");

      RuleParser strict = new RuleParser(new RuleLimits(100, 2, 1));
      assertThatThrownBy(() -> strict.parseRule("a ex and b ex and c ex")).hasMessageContaining("limit of 2 conditions");
      assertThatThrownBy(() -> strict.parseRule("((a ex))")).hasMessageContaining("limit of 1 levels");
      assertThatThrownBy(() -> new RuleLimits(0, 1, 1)).hasMessageContaining("maxLength must be at least 1");
   }

   @Test
   void noLimitsLetTheParserNestDeeperThanItsCeiling() {
      assertThatThrownBy(() -> new RuleLimits(Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE))
            .hasMessageContaining("maxDepth must be at most " + RuleLimits.MAX_DEPTH + ", was " + Integer.MAX_VALUE);
      RuleParser loosest = new RuleParser(new RuleLimits(Integer.MAX_VALUE, Integer.MAX_VALUE, RuleLimits.MAX_DEPTH));
      String deep = "(".repeat(20_000) + "x ex" + ")".repeat(20_000);
      assertThatThrownBy(() -> loosest.parseRule(deep)).isInstanceOf(RuleSyntaxException.class)
            .hasMessageContaining("deeper than the limit of " + RuleLimits.MAX_DEPTH + " levels");
      String notNot = "not ".repeat(20_000) + "x ex";
      assertThatThrownBy(() -> loosest.parseRule(notNot)).isInstanceOf(RuleSyntaxException.class);
   }

   @Test
   void aRuleAtTheCeilingIsParsedPrintedCompiledAndTranslatedOnASmallStack() throws Exception {
      RuleLanguage language = RuleLanguage.of("JMSType", new RuleLimits(100_000, 1_000, RuleLimits.MAX_DEPTH));
      StringBuilder rule = new StringBuilder("x ex");
      for (int level = 0; level < RuleLimits.MAX_DEPTH; level++) {
         if (level % 3 == 0) {
            rule.insert(0, "not ");
         } else {
            rule.insert(0, level % 3 == 1 ? "(y ex or " : "(z ex and ").append(')');
         }
      }
      AtomicReference<Throwable> failure = new AtomicReference<>();
      Thread small = new Thread(null, () -> {
         try {
            Rule parsed = language.parse(rule.toString());
            assertThat(language.parse(parsed.canonical())).isEqualTo(parsed);
            assertThat(parsed.hashCode()).isEqualTo(language.parse(rule.toString()).hashCode());
            language.compile(parsed).matches(RuleLanguage.message("BSM", Map.of("x", 1, "z", 2)));
            language.explain(parsed, RuleLanguage.message("BSM", Map.of("x", 1)));
            assertThat(language.ruleOf(language.selector(parsed))).contains(parsed);
         } catch (Throwable e) {
            failure.set(e);
         }
      }, "small-stack", 256 * 1024);
      small.start();
      small.join();
      assertThat(failure.get()).as("on a 256 KB stack").isNull();
   }

   private static RuleSyntaxException error(String rule) {
      RuleSyntaxException e = catchThrowableOfType(RuleSyntaxException.class, () -> RuleParser.parse(rule));
      assertThat(e).as("'" + rule + "' must be rejected").isNotNull();
      return e;
   }

   private static Operand operand(String rule) {
      Rule r = RuleParser.parse(rule);
      return ((Condition) r).operand();
   }

   private static String text(String rule) {
      return ((Operand.Text) operand(rule)).text();
   }

   private static WildcardPattern pattern(String rule) {
      return ((Operand.Pattern) operand(rule)).pattern();
   }

   private static BigDecimal number(String rule) {
      return ((Operand.Number) operand(rule)).value();
   }
}

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

import io.rulefilter.internal.eval.RuleCompiler;
import io.rulefilter.internal.message.MapMessage;
import io.rulefilter.rule.Condition;
import io.rulefilter.rule.Operand;
import io.rulefilter.rule.Operator;
import io.rulefilter.rule.Subject;
import io.rulefilter.rule.WildcardPattern;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The case-insensitive operators against the contract's definition, taken literally: two code points are equal ignoring
 * case exactly when {@code String.regionMatches(true, …)} says so. Every code point is tried against each of its case
 * relatives and a neighbour, as a whole value ({@code weqi}), a prefix ({@code begi}) and a suffix ({@code endi}).
 */
class CaseInsensitiveTest {

   private static final Subject X = Subject.attribute("x");

   @Test
   void everyCodePointAgainstItsCaseRelativesAsJavaComparesThem() {
      int[] checked = {0};
      IntStream.rangeClosed(0, Character.MAX_CODE_POINT).filter(cp -> Character.getType(cp) != Character.SURROGATE)
            .forEach(cp -> {
               String rule = new String(Character.toChars(cp));
               CompiledRule weqi = compile(Operator.WEQI, literal(rule));
               CompiledRule begi = compile(Operator.BEGI, new Operand.Text(rule));
               CompiledRule endi = compile(Operator.ENDI, new Operand.Text(rule));
               for (int other : relatives(cp)) {
                  String value = new String(Character.toChars(other));
                  boolean java = rule.length() == value.length() && rule.regionMatches(true, 0, value, 0, rule.length());
                  String context = String.format("rule U+%04X, value U+%04X", cp, other);
                  assertThat(weqi.matches(message(value))).as("weqi, " + context).isEqualTo(java);
                  assertThat(begi.matches(message(value + "z"))).as("begi, " + context).isEqualTo(java);
                  assertThat(endi.matches(message("z" + value))).as("endi, " + context).isEqualTo(java);
                  checked[0]++;
               }
            });
      assertThat(checked[0]).as("pairs checked").isGreaterThan(2 * 1_000_000);
   }

   @Test
   void noExpansionAndWildcardsStillStandForOneCodePoint() {
      assertThat(compile(Operator.WEQI, literal("ß")).matches(message("SS"))).isFalse();
      assertThat(compile(Operator.WEQI, literal("straße")).matches(message("STRASSE"))).isFalse();
      assertThat(compile(Operator.WEQI, new Operand.Pattern(new WildcardPattern(List.of(new WildcardPattern.Literal("ca"),
            WildcardPattern.ANY_CHAR)))).matches(message("CA😀"))).isTrue();
      assertThat(compile(Operator.NWEQI, literal("ca")).matches(message("Ca"))).isFalse();
      assertThat(compile(Operator.NWEQI, literal("ca")).matches(new MapMessage(null, Map.of()))).isTrue();
   }

   /** The code point itself, its upper, lower and title case, the round trips through them, and a neighbour. */
   private static int[] relatives(int cp) {
      int upper = Character.toUpperCase(cp);
      int lower = Character.toLowerCase(cp);
      return IntStream.of(cp, upper, lower, Character.toTitleCase(cp), Character.toLowerCase(upper),
                  Character.toUpperCase(lower), cp + 1 <= Character.MAX_CODE_POINT ? cp + 1 : 0)
            .filter(other -> Character.getType(other) != Character.SURROGATE).distinct().toArray();
   }

   private static Operand literal(String text) {
      return new Operand.Pattern(new WildcardPattern(List.of(new WildcardPattern.Literal(text))));
   }

   private static CompiledRule compile(Operator op, Operand operand) {
      return RuleCompiler.compileDefault(new Condition(X, op, operand));
   }

   private static MapMessage message(String value) {
      return new MapMessage(null, Map.of("x", value));
   }
}

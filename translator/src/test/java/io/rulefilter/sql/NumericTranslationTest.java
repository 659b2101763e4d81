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

import io.rulefilter.generators.TestMessage;
import io.rulefilter.internal.eval.RuleCompiler;
import io.rulefilter.internal.parse.RuleParser;
import io.rulefilter.internal.sql.SqlTranslator;
import io.rulefilter.parse.RuleLimits;
import io.rulefilter.rule.Rule;
import org.apache.activemq.artemis.core.filter.impl.FilterImpl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Numbers beyond the double range: a string such as "1e400" is a number to the rule and +Infinity to Artemis, so a
 * bound that would have to be infinite must not be replaced by Double.MAX_VALUE. Found by the differential test.
 */
class NumericTranslationTest {

   @ParameterizedTest(name = "{0} for x=''{1}''")
   @CsvSource({
         "x le 1e400, 1e400", "x lt 1e401, 1e400", "x eq 1e400, 1e400", "x ge 1e400, 1e400",
         "x ge -1e400, -1e400", "x gt -1e401, -1e400", "x eq -1e400, -1e400", "x le -1e400, -1e400",
         "not x gt 1e400, 1e300", "not x lt -1e400, -1e300", "x neq 1e400, 1e300"})
   void artemisAcceptsEveryHugeNumberTheRuleAccepts(String rule, String value) throws Exception {
      Rule parsed = RuleParser.parse(rule);
      TestMessage message = new TestMessage(null, Map.of("x", value));
      assertThat(RuleCompiler.compileDefault(parsed).matches(message.view())).as("the rule accepts it").isTrue();
      String filter = SqlTranslator.translateDefault(parsed).filter();
      assertThat(FilterImpl.createFilter(filter).match(message.toCore())).as(filter).isTrue();
   }

   /**
    * The contract: checking, translating and compiling a rule within the limits takes a few milliseconds, also with
    * numbers at the ends of the range, whose exact integer form has ten thousand digits (1E9999 took 1.4 ms per
    * condition warm, the whole rule 45 ms warm and 340 ms cold, before bounds stopped computing with them).
    */
   @Test
   void numbersAtTheEndsOfTheRangeTranslateInAFewMilliseconds() {
      List<String> numbers = List.of("1e9999", "-1e9999", "1e-9999", "-1e-9999", "9.999e9999", "-9.999999e9999",
            "1.0000001e-9999", "1e9998", "-1e-9998", "0.01e10001", "12e9998", "1e309", "-1e-330", "1e-331");
      List<String> ops = List.of("gt", "ge", "lt", "le", "eq", "neq");
      List<String> conditions = new ArrayList<>();
      for (int i = 0; i < RuleLimits.DEFAULT.maxConditions(); i++) {
         conditions.add("x" + i % 5 + " " + ops.get(i % ops.size()) + " " + numbers.get(i % numbers.size()));
      }
      String rule = String.join(" and ", conditions);
      long[] nanos = new long[25];
      for (int i = 0; i < nanos.length; i++) {
         long start = System.nanoTime();
         Rule parsed = RuleParser.parse(rule);
         SqlTranslator.translateDefault(parsed);
         RuleCompiler.compileDefault(parsed);
         nanos[i] = System.nanoTime() - start;
      }
      // the fastest run after warm-up: a busy machine only adds time, while an expansion of 1e9999 into its digits
      // costs every run hundreds of milliseconds
      long fastest = Arrays.stream(nanos, 15, nanos.length).min().orElseThrow();
      assertThat(fastest / 1e6).as("fastest ms after warm-up, of %s", rule).isLessThan(10.0);
   }
}

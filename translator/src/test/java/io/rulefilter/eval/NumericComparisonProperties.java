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

import io.rulefilter.generators.TestMessage;
import io.rulefilter.internal.eval.RuleCompiler;
import io.rulefilter.internal.message.MapMessage;
import io.rulefilter.internal.parse.RuleParser;
import io.rulefilter.internal.parse.RulePrinter;
import io.rulefilter.internal.sql.SqlTranslator;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import org.apache.activemq.artemis.core.filter.impl.FilterImpl;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import org.apache.activemq.artemis.api.core.ActiveMQException;

/**
 * Exact decimal comparison of every numeric attribute type against constants placed where binary floating point
 * goes wrong: a value's own shortest decimal, its exact binary expansion, and decimals a hair above and below.
 */
class NumericComparisonProperties {

   private static final List<String> OPS = List.of("gt", "ge", "lt", "le", "eq", "neq");

   @Provide
   Arbitrary<Object> values() {
      return Arbitraries.oneOf(
            Arbitraries.doubles().map(Object.class::cast),
            Arbitraries.of(0.1, 0.7, 1e23, 2e-3, 9007199254740993.0, Double.MIN_VALUE, Double.MAX_VALUE, -0.0, 0.0)
                  .map(Object.class::cast),
            Arbitraries.floats().map(Object.class::cast),
            Arbitraries.of(0.1f, 0.7f, 16777217f, Float.MIN_VALUE, Float.MAX_VALUE, -0.0f, 0.0f).map(Object.class::cast),
            Arbitraries.longs().map(Object.class::cast),
            Arbitraries.of(Long.MAX_VALUE, Long.MIN_VALUE, 9007199254740993L).map(Object.class::cast),
            Arbitraries.integers().map(Object.class::cast),
            Arbitraries.longs().map(l -> (Object) Long.toString(l)),
            Arbitraries.doubles().map(d -> (Object) Double.toString(d)));
   }

   @Provide
   Arbitrary<Integer> offsets() {
      return Arbitraries.integers().between(-2, 2);
   }

   @Property(tries = 3000)
   void comparisonIsExact(@ForAll("values") Object value, @ForAll("offsets") int offset,
                          @ForAll("exactnessSource") boolean binaryExpansion) {
      BigDecimal exact = decimalOf(value);
      if (exact == null) {
         return;
      }
      BigDecimal base = binaryExpansion && (value instanceof Double || value instanceof Float)
            ? new BigDecimal(((Number) value).doubleValue()) : exact;
      BigDecimal ulpish = base.ulp().multiply(BigDecimal.valueOf(offset));
      BigDecimal constant = base.add(ulpish);
      for (String op : OPS) {
         String rule = "n " + op + " " + RulePrinter.number(constant);
         boolean ours = RuleCompiler.compileDefault(RuleParser.parse(rule)).matches(new MapMessage("T", Map.of("n", value)));
         int sign = exact.compareTo(constant);
         boolean expected = switch (op) {
            case "gt" -> sign > 0;
            case "ge" -> sign >= 0;
            case "lt" -> sign < 0;
            case "le" -> sign <= 0;
            case "eq" -> sign == 0;
            default -> sign != 0;
         };
         String context = rule + " for " + value + " (" + value.getClass().getSimpleName() + ")";
         assertThat(ours).as(context).isEqualTo(expected);
         assertArtemisAcceptsAtLeast(rule, value, ours);
         assertArtemisAcceptsAtLeast("not " + rule, value, !ours);
      }
   }

   /** The SQL translation of a numeric condition is a superset: Artemis never rejects what we accept. */
   private static void assertArtemisAcceptsAtLeast(String rule, Object value, boolean ours) {
      if (!ours) {
         return;
      }
      String filter = SqlTranslator.translateDefault(RuleParser.parse(rule)).filter();
      TestMessage message = new TestMessage("T", Map.of("n", value));
      try {
         assertThat(FilterImpl.createFilter(filter).match(message.toCore()))
               .as("Artemis rejects what we accept: " + rule + " for " + value + " (" + value.getClass().getSimpleName()
                     + ")\nfilter: " + filter).isTrue();
      } catch (ActiveMQException e) {
         throw new AssertionError("Artemis cannot parse " + filter, e);
      }
   }

   @Provide
   Arbitrary<Boolean> exactnessSource() {
      return Arbitraries.of(true, false);
   }

   /** The decimal a value stands for in the rule language; null when it is not a number. */
   private static BigDecimal decimalOf(Object value) {
      if (value instanceof Double d) {
         return d.isNaN() || d.isInfinite() ? null : new BigDecimal(Double.toString(d));
      }
      if (value instanceof Float f) {
         return f.isNaN() || f.isInfinite() ? null : new BigDecimal(Float.toString(f));
      }
      if (value instanceof String s) {
         return new BigDecimal(s);
      }
      return BigDecimal.valueOf(((Number) value).longValue());
   }
}

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

import io.rulefilter.generators.ReferenceSemantics;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.math.BigDecimal;

import static org.assertj.core.api.Assertions.assertThat;
import java.util.Objects;

/**
 * The one-pass comparison of number text ({@link DecimalSyntax#compare}) against {@link BigDecimal} arithmetic and
 * the contract's syntax and bounds as the reference semantics writes them: on text built from signs, leading and
 * trailing zeros, fractions and exponents up to and beyond the bounds, and on text that is almost a number.
 */
class DecimalSyntaxProperties {

   @Provide
   Arbitrary<String> texts() {
      Arbitrary<String> digits = Arbitraries.strings().withChars("0000123456789").ofMinLength(0).ofMaxLength(30);
      Arbitrary<String> exponent = Arbitraries.oneOf(
            Arbitraries.integers().between(-10_040, 10_040).map(Object::toString),
            Arbitraries.of("9999", "-9999", "10000", "-10000", "09999", "0000000000009", "99999999999", "-99999999999"));
      return Combinators.combine(Arbitraries.of("", "", "-", "+", "--"), digits, Arbitraries.of("", ".", ".", ". "),
                  digits, Arbitraries.of("", "", "e", "E", "e+"), exponent, Arbitraries.of("", "", "", " ", "x", "d"))
            .as((sign, whole, point, fraction, e, exp, tail) -> sign + whole + point + fraction + (e.isEmpty() ? "" : e + exp) + tail);
   }

   @Provide
   Arbitrary<BigDecimal> constants() {
      return texts().map(ReferenceSemantics::decimal).filter(Objects::nonNull);
   }

   @Property(tries = 5000)
   void comparesAsExactDecimalsWithinTheBounds(@ForAll("texts") String text, @ForAll("constants") BigDecimal constant) {
      BigDecimal value = ReferenceSemantics.decimal(text);
      int expected = value == null ? DecimalSyntax.NOT_A_NUMBER : Integer.signum(value.compareTo(constant));
      assertThat(DecimalSyntax.compare(text, new DecimalSyntax.Constant(constant))).as(text + " vs " + constant)
            .isEqualTo(expected);
      assertThat(DecimalSyntax.isNumber(text)).as(text).isEqualTo(value != null);
      if (value != null) {
         assertThat(DecimalSyntax.parse(text)).isEqualByComparingTo(value);
      }
   }
}

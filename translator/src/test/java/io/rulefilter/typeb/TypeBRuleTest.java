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
package io.rulefilter.typeb;

import io.rulefilter.RuleLanguage;
import io.rulefilter.internal.message.MapMessage;
import io.rulefilter.internal.parse.LanguageVersion;
import io.rulefilter.parse.RuleLimits;
import io.rulefilter.internal.parse.RuleParser;
import io.rulefilter.parse.RuleSyntaxException;
import io.rulefilter.rule.Condition;
import io.rulefilter.rule.Subject;
import io.rulefilter.sql.Exactness;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** {@code @typeb} subjects as the contract's section "Type B content" states them, on the contract's own examples. */
class TypeBRuleTest {

   private static final RuleLanguage LANGUAGE = RuleLanguage.standard();

   /** A BSM: heading, SMI, outbound flight to PEK, two bag tags of carrier 999, an onward CA flight, a RUSH mark. */
   private static final String BSM = String.join("\r\n", "QU PEKXXCA", ".SHAXXCA 051200", "BSM", ".V/1LSHA",
         ".F/CA1234/05FEB/PEK/Y", ".N/0999123456001", ".N/0999123457001", ".O/CA981/06FEB/JFK//  ", ".E/rush",
         "ENDBSM", ".F/MU5101/05FEB/PVG");

   private static boolean holds(String rule, String body) {
      return LANGUAGE.compile(LANGUAGE.parse(rule)).matches(new MapMessage("BTM", Map.of("typeb.F", "x"), body));
   }

   @ParameterizedTest(name = "[{index}] {0}")
   @CsvSource(delimiter = '|', textBlock = """
         @typeb weq BSM and @typeb.F.3 weq PEK          | true
         @typeb weq (BPM, BSM)                          | true
         @typeb ex                                      | true
         @TYPEB.F.1 weq CA1234                          | true
         @typeb.F weq CA1234/05FEB/PEK/Y                | true
         @typeb.N.1 beg 0999                            | true
         @typeb.N.1 weq 0999123457001                   | true
         @typeb.F.1 weq (CA1234, CA1236) or @typeb.O.1 beg CA | true
         @typeb.E weqi RUSH                             | true
         @typeb.O.4 weq ''                              | true
         @typeb.O.5 weq ''                              | true
         @typeb.O.6 ex                                  | false
         @typeb.O weq CA981/06FEB/JFK//                 | true
         @typeb.F.1 weq MU5101                          | false
         @typeb.F.3 nweq PVG                            | true
         @typeb.N.1 nweq 0999123456001                  | false
         @typeb.X nex                                   | true
         @typeb.Z.99 ex                                 | false
         @tag weq BTM and @typeb weq BSM                | true
         @attr weq typeb*                               | true
         typeb.F weq x                                  | true
         """)
   void theContractsExamplesOnABsm(String rule, boolean expected) {
      assertThat(holds(rule, BSM)).isEqualTo(expected);
   }

   @Test
   void withoutTypeBContentEveryTypeBSubjectIsMissing() {
      for (String body : new String[] {null, "", "just text", "BSM\r\nno elements\r\nENDBSM", "bsm\n.F/CA1234"}) {
         assertThat(holds("@typeb ex", body)).as(String.valueOf(body)).isFalse();
         assertThat(holds("@typeb.F.1 nweq CA1234", body)).as("a negated op holds where the subject is missing").isTrue();
         assertThat(holds("@typeb nex", body)).isTrue();
      }
   }

   @ParameterizedTest(name = "[{index}] «{0}»")
   @CsvSource(delimiter = '|', textBlock = """
         @typeb.f ex      | 8  | unknown Type B element 'f' in '@typeb.f': element letters are upper case, @typeb.F
         @typeb.FN ex     | 8  | unknown Type B element 'FN' in '@typeb.FN': expected one letter A-Z, as in @typeb.F
         @typeb. ex       | 8  | unknown Type B element '' in '@typeb.': expected one letter A-Z, as in @typeb.F
         @typeb.F.0 ex    | 10 | expected a field number from 1 to 99 after '@typeb.F.', found '0'
         @typeb.F.100 ex  | 10 | expected a field number from 1 to 99 after '@typeb.F.', found '100'
         @typeb.F.x ex    | 10 | expected a field number from 1 to 99 after '@typeb.F.', found 'x'
         """)
   void aBadSubjectIsNamedWhereItIs(String rule, int column, String detail) {
      RuleSyntaxException e = catchThrowableOfType(() -> RuleParser.parse(rule), RuleSyntaxException.class);
      assertThat(e.column()).isEqualTo(column);
      assertThat(e.getMessage()).contains(detail);
   }

   @Test
   void aPlaceThatReadsNoBodyRefusesTypeBRulesAndVersion1NeverKnewThem() {
      RuleLanguage noBodies = LANGUAGE.withoutTypeB("no body is read here");
      RuleSyntaxException e = catchThrowableOfType(() -> noBodies.parse("airline weq CA and @typeb.F.1 weq CA1"),
            RuleSyntaxException.class);
      assertThat(e.getMessage()).isEqualTo("rule error at 20: '@typeb.F.1' is not available here: no body is read here");
      assertThat(noBodies.parse("airline weq (CA, MU)").canonical()).isEqualTo("airline weq (CA, MU)");
      RuleParser v1 = new RuleParser(RuleLimits.DEFAULT, LanguageVersion.V1);
      assertThat(catchThrowableOfType(() -> v1.parseRule("@typeb ex"), RuleSyntaxException.class).getMessage())
            .contains("unknown subject '@typeb'");
   }

   @Test
   void typeBConditionsAreASupersetInArtemisAndPrintAsWritten() {
      assertThat(LANGUAGE.translate(LANGUAGE.parse("@typeb.F.1 weq CA1234")).exactness()).isEqualTo(Exactness.SUPERSET);
      assertThat(LANGUAGE.translate(LANGUAGE.parse("airline weq CA and @typeb ex")).filter()).isEqualTo("airline LIKE 'CA'");
      assertThat(LANGUAGE.parse("@TYPEB.N.1 BEG 0999").canonical()).isEqualTo("@typeb.N.1 beg 0999");
      assertThat(((Condition) LANGUAGE.parse("@typeb.N ex")).subject())
            .isEqualTo(new Subject.TypeB('N', Subject.TypeB.WHOLE));
   }
}

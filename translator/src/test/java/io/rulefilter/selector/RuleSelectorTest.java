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
package io.rulefilter.selector;

import io.rulefilter.internal.parse.RuleParser;
import io.rulefilter.parse.RuleSyntaxException;
import org.apache.activemq.artemis.selector.impl.SelectorParser;
import org.apache.activemq.artemis.utils.SelectorTranslator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RuleSelectorTest {

   @Test
   void anOperatorCanReadTheRuleInTheSelector() {
      assertThat(RuleSelector.of("@tag beg BS")).isEqualTo("JMSType LIKE 'BS%' /*rulefilter: @tag beg BS*/");
      assertThat(RuleSelector.of("remark weq 行李*")).isEqualTo("remark LIKE '行李%' /*rulefilter: remark weq 行李*/"
            .replace("行李*/", "行李%2a*/"));
   }

   @ParameterizedTest
   @ValueSource(strings = {"@tag beg BS", "name beg 'it\\'s'", "x weq '*/'", "x beg a\\\\b", "remark weq 行李*",
         "JMSPriority ex or x weq 'PERSISTENT'", "x beg %41", "x weq '/*rulefilter: y ex*/'", "x beg 'a\nb'",
         "\"flight-no\" weq CA* and bagCount gt 2"})
   void everyRuleRoundTripsAndParsesAsArtemisSql(String rule) throws Exception {
      String selector = RuleSelector.of(rule);
      assertThat(RuleSelector.parse(selector)).contains(RuleParser.parse(rule));
      assertThat(SelectorTranslator.convertToActiveMQFilterString(selector)).isEqualTo(selector);
      SelectorParser.parse(selector);
   }

   @Test
   void plainSqlIsNotARuleSelector() {
      assertThat(RuleSelector.parse("JMSType = 'BSM'")).isEmpty();
      assertThat(RuleSelector.parse("x = '/*rulefilter: y ex*/'")).isEmpty();
      assertThat(RuleSelector.parse(null)).isEmpty();
      assertThat(RuleSelector.isRuleSelector("TRUE /*something else*/")).isFalse();
   }

   @Test
   void aDamagedRuleIsAnErrorNotASilentMiss() {
      assertThatThrownBy(() -> RuleSelector.parse("TRUE /*rulefilter: x gt abc*/"))
            .isInstanceOf(RuleSyntaxException.class).hasMessageContaining("expected a number");
      assertThatThrownBy(() -> RuleSelector.parse("TRUE /*rulefilter: x beg %zz*/"))
            .hasMessageContaining("not followed by two hex digits");
   }
}

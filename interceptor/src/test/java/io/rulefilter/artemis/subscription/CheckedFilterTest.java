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
package io.rulefilter.artemis.subscription;

import io.rulefilter.RuleLanguage;
import io.rulefilter.parse.RuleLimits;
import io.rulefilter.internal.parse.RuleParser;
import io.rulefilter.rule.Rule;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.filter.Filter;
import org.apache.activemq.artemis.core.filter.impl.FilterImpl;
import org.junit.jupiter.api.Test;

import java.util.Collections;

import static org.assertj.core.api.Assertions.assertThat;

/** The rule checked before a queue's creation is handed on to its binding once, and only for its very filter. */
class CheckedFilterTest {

   private static final RuleParser STORED = StoredState.STORED;
   private static final RuleLanguage LANGUAGE = RuleLanguage.standard();

   @Test
   void theCheckedRuleIsTakenOnceAndOnlyForTheFilterItWasParsedFrom() throws Exception {
      SimpleString bags = SimpleString.of(LANGUAGE.selector(LANGUAGE.parse("@tag beg BS")));
      Rule checkedRule = LANGUAGE.parse("@tag beg BS");
      CheckedFilter checked = new CheckedFilter();
      checked.remember(bags, checkedRule);
      assertThat(checked.ruleOf("bags", FilterImpl.createFilter(SimpleString.of(bags.toString())), STORED)).isSameAs(checkedRule);
      Rule parsedAgain = checked.ruleOf("bags", FilterImpl.createFilter(bags), STORED);
      assertThat(parsedAgain).as("taken once, then parsed").isNotSameAs(checkedRule).isEqualTo(checkedRule);

      checked.remember(bags, checkedRule);
      SimpleString other = SimpleString.of(LANGUAGE.selector(LANGUAGE.parse("@tag beg BP")));
      assertThat(checked.ruleOf("other", FilterImpl.createFilter(other), STORED)).isEqualTo(LANGUAGE.parse("@tag beg BP"));
      assertThat(checked.ruleOf("bags", FilterImpl.createFilter(bags), STORED)).as("forgotten by the binding that did not take it")
            .isNotSameAs(checkedRule);

      checked.remember(bags, checkedRule);
      assertThat(checked.ruleOf("plain", null, STORED)).isNull();
      checked.remember(SimpleString.of("JMSType = 'BSM'"), null);
      assertThat(checked.ruleOf("sql", FilterImpl.createFilter(SimpleString.of("JMSType = 'BSM'")), STORED)).isNull();
   }

   @Test
   void aRuleIsParsedWithTheLimitsItIsGivenAndNeverOverflowsTheStack() throws Exception {
      CheckedFilter checked = new CheckedFilter();
      Filter tooMany = FilterImpl.createFilter("TRUE /*rulefilter: " + String.join(" or ", Collections.nCopies(65, "x ex")) + "*/");
      assertThat(checked.ruleOf("q", tooMany, new RuleParser(RuleLimits.DEFAULT))).as("beyond the limits: plain SQL").isNull();
      assertThat(checked.ruleOf("q", tooMany, StoredState.STORED)).as("stored: valid when stored").isNotNull();
      Filter deep = FilterImpl.createFilter("TRUE /*rulefilter: " + "(".repeat(20_000) + "x ex" + ")".repeat(20_000) + "*/");
      assertThat(checked.ruleOf("q", deep, StoredState.STORED)).as("no limits let a rule nest 20,000 levels").isNull();
   }
}

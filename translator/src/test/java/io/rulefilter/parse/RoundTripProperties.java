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

import io.rulefilter.generators.RuleArbitraries;
import io.rulefilter.internal.parse.RuleParser;
import io.rulefilter.rule.Rule;
import io.rulefilter.selector.RuleSelector;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.activemq.artemis.selector.impl.SelectorParser;
import org.apache.activemq.artemis.utils.SelectorTranslator;

import static org.assertj.core.api.Assertions.assertThat;

/** Printing, the selector form and the JMS client's selector rewriting all keep a rule exactly. */
class RoundTripProperties {

   @Provide
   Arbitrary<Rule> rules() {
      return RuleArbitraries.rules();
   }

   @Property(tries = 2000)
   void parsingTheCanonicalTextGivesTheSameRule(@ForAll("rules") Rule rule) {
      String canonical = rule.canonical();
      assertThat(RuleParser.parse(canonical)).as(canonical).isEqualTo(rule);
      assertThat(RuleParser.parse(canonical).canonical()).isEqualTo(canonical);
   }

   /** A rule tests Type B exactly when a parser for an address where Type B is off refuses its text. */
   @Property(tries = 2000)
   void aRuleTestsTypeBExactlyWhenAParserWithoutTypeBRefusesIt(@ForAll("rules") Rule rule) {
      RuleParser withoutTypeB = new RuleParser(RuleLimits.DEFAULT).withoutTypeB("off here");
      boolean refused;
      try {
         withoutTypeB.parseRule(rule.canonical());
         refused = false;
      } catch (RuleSyntaxException e) {
         refused = e.getMessage().contains("off here");
      }
      assertThat(rule.testsTypeB()).as(rule.canonical()).isEqualTo(refused);
   }

   @Property(tries = 2000)
   void theSelectorFormCarriesTheExactRuleThroughTheJmsClient(@ForAll("rules") Rule rule) throws Exception {
      String selector = RuleSelector.of(rule);
      assertThat(RuleSelector.parse(selector)).contains(rule);
      // What the JMS client sends to the broker after renaming JMS header names:
      String sent = SelectorTranslator.convertToActiveMQFilterString(selector);
      assertThat(RuleSelector.parse(sent)).as(sent).contains(rule);
      assertThat(sent).as("the client must not change the selector").isEqualTo(selector);
      SelectorParser.parse(sent);
   }
}

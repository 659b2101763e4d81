package io.rulefilter.parse;

import io.rulefilter.parse.RuleParser;
import io.rulefilter.rule.Rule;
import io.rulefilter.selector.RuleSelector;
import io.rulefilter.testing.RuleArbitraries;
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

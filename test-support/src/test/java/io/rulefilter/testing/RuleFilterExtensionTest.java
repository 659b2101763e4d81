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
package io.rulefilter.testing;

import io.rulefilter.RuleLanguage;
import io.rulefilter.parse.RuleSyntaxException;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import java.util.Arrays;
import java.util.Date;

/** The extension and its assertions, with the rules the README shows, on a real in-VM broker. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RuleFilterExtensionTest {

   @RegisterExtension
   static RuleFilterExtension broker = new RuleFilterExtension();

   /** Rules the README and the manual's docs/developers.md show users (the test checks they are still there). */
   static final List<String> README_RULES = List.of("@tag beg BS", "airline weq CA and bagCount gt 2",
         "@tag beg BS and airline weq CA", "@attr ex type", "type weq CA???", "airline weq CA* and bagCount gt 2",
         "\"flight-no\" weq CA* or attr.remark weq 行李*");

   static final AirportMessage BSM = AirportMessage.tagged("BSM").with("airline", "CA").with("bagCount", 3);
   static final AirportMessage BSM_MU = AirportMessage.tagged("BSM").with("airline", "MU").with("bagCount", 5);
   static final AirportMessage BPM = AirportMessage.tagged("BPM").with("airline", "CA981").with("bagCount", 1L);
   static final AirportMessage MVT = AirportMessage.tagged("MVT").with("airline", "CA").with("type", "CA320");
   static final AirportMessage TYPED = AirportMessage.tagged("LDM").with("type", "CA3");
   static final AirportMessage FLIGHT = AirportMessage.tagged("BSM").with("flight-no", "CA981").with("bagCount", 2.5);
   static final AirportMessage REMARK = AirportMessage.untagged().with("remark", "行李转盘").with("bagCount", 7);
   static final AirportMessage EMPTY = AirportMessage.untagged();
   static final AirportMessage[] ALL = {BSM, BSM_MU, BPM, MVT, TYPED, FLIGHT, REMARK, EMPTY};

   @Test
   @Order(1)
   void everyReadmeRuleDeliversWhatTheRuleAccepts() throws Exception {
      String readme = Files.readString(Path.of("../README.md"), StandardCharsets.UTF_8)
            + Files.readString(Path.of("../docs/developers.md"), StandardCharsets.UTF_8);
      RuleLanguage language = RuleLanguage.standard();
      int partial = 0;
      for (String rule : README_RULES) {
         assertThat(readme).as("the README or docs/developers.md still shows %s", rule).contains(rule);
         AirportMessage[] accepted = Arrays.stream(ALL)
               .filter(m -> language.compile(language.parse(rule)).matches(m.view())).toArray(AirportMessage[]::new);
         partial += accepted.length > 0 && accepted.length < ALL.length ? 1 : 0;
         broker.assertThatRule(rule).delivers(accepted).of(ALL);
      }
      assertThat(partial).as("rules that deliver some but not all of the messages").isEqualTo(README_RULES.size());
   }

   @Test
   @Order(2)
   void aWrongExpectationSaysWhichMessageWentWhereAndWhyByTheRule() {
      assertThatThrownBy(() -> broker.assertThatRule("airline weq CA and bagCount gt 2").delivers(MVT).of(BSM, MVT))
            .isInstanceOf(AssertionError.class)
            .hasMessageContaining("(rule: airline weq CA and bagCount gt 2)")
            .hasMessageContaining("received: [BSM{airline=CA, bagCount=3}]")
            .hasMessageContaining("BSM{airline=CA, bagCount=3}: received, not expected; the rule says:")
            .hasMessageContaining("MVT{airline=CA, type=CA320}: expected, not received; the rule says:")
            .hasMessageContaining("[no match] bagCount gt 2")
            .hasMessageNotContaining("RuleFilter defect");
   }

   @Test
   @Order(3)
   void aSubscriberLeavesItsQueueAndAnAddressRuleBehind() throws Exception {
      Subscriber sorter = broker.subscribe("airport.events", "sorter", "@tag beg BS");
      broker.management().setAddressRule("airport.events", "airline nweq MU");
      broker.publish("airport.events", BSM, BSM_MU, MVT);
      sorter.assertReceived(BSM);
      assertThat(broker.locateQueue("sorter")).isNotNull();
   }

   @Test
   @Order(4)
   void theNextTestStartsOnAnEmptyBroker() throws Exception {
      assertThat(broker.locateQueue("sorter")).as("the last test's subscription").isNull();
      assertThatThrownBy(() -> broker.management().getAddressRule("airport.events")).as("the last test's address")
            .hasMessageContaining("no address named 'airport.events'");
      Subscriber sorter = broker.subscribe("airport.events", "sorter", "airline weq MU");
      broker.publish("airport.events", BSM, BSM_MU, MVT);
      sorter.assertReceived(BSM_MU);
   }

   @Test
   @Order(5)
   void aChangedRuleDecidesTheNextMessageAndTheReportShowsTheRuleInForce() throws Exception {
      Subscriber sorter = broker.subscribe("airport.events", "sorter", "@tag beg BS");
      broker.publish("airport.events", BSM, MVT);
      sorter.assertReceived(BSM);
      broker.setRule(sorter, "airline weq MU");
      broker.publish("airport.events", BSM, BSM_MU);
      assertThatThrownBy(() -> sorter.assertReceived(BSM, BSM_MU)).isInstanceOf(AssertionError.class)
            .hasMessageContaining("subscriber 'sorter' on 'airport.events' (rule: airline weq MU)")
            .hasMessageContaining("BSM{airline=CA, bagCount=3}: expected, not received; the rule says:")
            .hasMessageContaining("[no match] airline weq MU");
      broker.publish("airport.events", BSM_MU);
      sorter.assertReceived(BSM_MU);
   }

   @Test
   @Order(6)
   void badInputIsRefusedWithItsReason() {
      assertThatThrownBy(() -> broker.assertThatRule("airline weq"))
            .isInstanceOf(RuleSyntaxException.class).hasMessageContaining("at 12: expected a value after 'weq'");
      assertThatThrownBy(() -> broker.subscribe("airport.events", "bad", "bagCount gt many"))
            .isInstanceOf(RuleSyntaxException.class);
      assertThatThrownBy(() -> broker.assertThatRule("@tag beg BS").delivers(BSM).of(MVT))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("does not publish");
      assertThatThrownBy(() -> AirportMessage.tagged("BSM").with("when", new Date()))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'when'");
   }

   /** In an instance field the broker is the test's own; settings are those of broker.xml. */
   @Nested
   class PerTestBroker {

      @RegisterExtension
      RuleFilterExtension own = new RuleFilterExtension(Map.of("tag-property", "msgType"));

      @Test
      void theTagIsReadFromTheConfiguredProperty() throws Exception {
         own.assertThatRule("@tag weq BSM").delivers(BSM, BSM_MU, FLIGHT).of(ALL);
         Subscriber any = own.subscribe("airport.events", "any", null);
         assertThat(own.locateQueue("any")).as("Artemis's own EmbeddedActiveMQExtension operations").isNotNull();
         own.publish("airport.events", MVT);
         any.assertReceived(MVT);
      }
   }
}

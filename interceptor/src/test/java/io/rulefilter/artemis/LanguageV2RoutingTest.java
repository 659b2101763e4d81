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
package io.rulefilter.artemis;

import io.rulefilter.artemis.internal.PluginParts;
import io.rulefilter.artemis.testing.InVmBroker;
import io.rulefilter.internal.parse.RuleParser;
import io.rulefilter.selector.RuleSelector;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Version 2 rules on a broker: value lists and case-insensitive operators route as the translator evaluates them; rules
 * on Type B content are refused wherever a rule comes in on an address where the setting typeb-addresses does not turn
 * Type B on, and accepted where it does (routing by them: TypeBRoutingTest).
 */
class LanguageV2RoutingTest {

   private static final String EVENTS = "airport.events";

   @Test
   void listsAndCaseInsensitiveOperatorsRoute() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         broker.subscription(EVENTS, "stations", "station weq (PEK, PVG, S?A)");
         broker.subscription(EVENTS, "airlines", "airline weqi (ca, mu)");
         broker.subscription(EVENTS, "counts", "bagCount eq (1, 3) and @tag begi bs");
         broker.subscription(EVENTS, "others", "station nweq (PEK, PVG)");
         assertThat(broker.routes(broker.message(EVENTS, "BSM", Map.of("station", "SHA", "airline", "Ca", "bagCount", 3))))
               .containsExactly("airlines", "counts", "others", "stations");
         assertThat(broker.routes(broker.message(EVENTS, "bpm", Map.of("station", "PEK", "airline", "CZ", "bagCount", 2))))
               .containsExactly("stations");
         assertThat(broker.routes(broker.message(EVENTS, "bsm", Map.of("bagCount", "1")))).containsExactly("counts", "others");
      }
   }

   @Test
   void typeBRulesAreRefusedWhereTypeBIsOffNamingTheAddressAndTheSetting() throws Exception {
      try (InVmBroker broker = InVmBroker.start(Map.of("typeb-addresses", "airport.bags.#"), config -> { })) {
         assertThatThrownBy(() -> broker.subscription(EVENTS, "bsm", "@typeb weq BSM"))
               .hasMessageContaining("'@typeb' is not available here: Type B content is off on address 'airport.events' "
                     + "(the plugin setting typeb-addresses turns it on");
         broker.subscription(EVENTS, "flights", "flight weq CA1234");
         assertThatThrownBy(() -> PluginParts.management(broker.plugin()).setRule(EVENTS, "flights", "@typeb.F.1 weq CA1234", false))
               .hasMessageContaining("'@typeb.F.1' is not available here: Type B content is off on address 'airport.events'");
         assertThatThrownBy(() -> PluginParts.management(broker.plugin()).setAddressRule(EVENTS, "@typeb ex"))
               .hasMessageContaining("typeb-addresses");
         assertThatThrownBy(() -> broker.client().createConsumer("flights", "@typeb.F.1 weq CA1234"))
               .hasMessageContaining("Type B content is off on address 'airport.events'");
         assertThat(broker.routes(broker.message(EVENTS, null, Map.of("flight", "CA1234")))).containsExactly("flights");
      }
   }

   /**
    * A filter Artemis puts on a queue itself (updateQueue, a broker.xml reload: no plugin is asked first) whose rule
    * tests Type B where it is off changes nothing: its SQL part translates each {@code @typeb} condition to TRUE, and
    * would take every message.
    */
   @Test
   void aTypeBRuleGivenThroughUpdateQueueWhereTypeBIsOffChangesNothing() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         broker.subscription(EVENTS, "flights", "flight weq CA1234");
         String refused = RuleSelector.of(RuleParser.parse("@typeb.F.1 weq CA1234"));
         broker.server().updateQueue(QueueConfiguration.of("flights").setAddress(EVENTS)
               .setRoutingType(RoutingType.MULTICAST).setFilterString(refused), false);
         assertThat(broker.routes(broker.message(EVENTS, null, Map.of("flight", "MU1")))).as("not every message").isEmpty();
         assertThat(broker.routes(broker.message(EVENTS, null, Map.of("flight", "CA1234")))).containsExactly("flights");
         assertThat(PluginParts.management(broker.plugin()).get(EVENTS, "flights").rule()).isEqualTo("flight weq CA1234");
         assertThat(broker.queue("flights").getFilter().getFilterString().toString()).as("the filter it had")
               .doesNotContain("@typeb");
      }
   }

   @Test
   void typeBRulesAreOffByDefault() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         assertThatThrownBy(() -> broker.subscription("airport.bags.in", "bsm", "@typeb weq BSM"))
               .hasMessageContaining("Type B content is off on address 'airport.bags.in'");
      }
   }

   @Test
   void typeBRulesAreAcceptedWhereTheSettingMatchesTheAddress() throws Exception {
      String bags = "airport.bags.in";
      try (InVmBroker broker = InVmBroker.start(Map.of("typeb-addresses", "airport.crew, airport.bags.#"), config -> { })) {
         broker.subscription(bags, "bsm", "@typeb weq BSM");
         broker.subscription(bags, "flights", "flight weq CA1234");
         PluginParts.management(broker.plugin()).setRule(bags, "flights", "@typeb.F.1 weq CA1234", false);
         PluginParts.management(broker.plugin()).setAddressRule(bags, "@typeb ex");
         assertThat(PluginParts.management(broker.plugin()).addressRule(bags)).isPresent();
         broker.client().createConsumer("bsm", "@typeb.N.1 beg 0999").close();
         broker.subscription("airport.crew", "crew", "@typeb.F.1 weq CA1234");
      }
   }
}

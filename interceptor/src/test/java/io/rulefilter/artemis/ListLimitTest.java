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
import io.rulefilter.artemis.management.RuleManagement;
import io.rulefilter.artemis.testing.InVmBroker;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The plugin setting {@code max-list-items} bounds the value lists of every rule that comes in; a rule stored under a
 * higher bound keeps working after the bound is lowered (it was valid when it was set).
 */
class ListLimitTest {

   private static final String EVENTS = "airport.events";
   /** 1,100 stations: over the default bound of 1,024 items. */
   private static final String MANY = IntStream.range(0, 1_100).mapToObj(i -> String.format("S%04d", i))
         .collect(Collectors.joining(", ", "station weq (", ")"));

   @Test
   void theSettingBoundsNewRulesAndStoredOnesStillLoad() throws Exception {
      Map<String, String> roomy = Map.of(PluginSettings.MAX_LIST_ITEMS, "2000", PluginSettings.MAX_RULE_LENGTH, "20000");
      try (InVmBroker broker = InVmBroker.start(roomy, config -> { })) {
         broker.subscription(EVENTS, "stations", "@tag beg BS");
         PluginParts.management(broker.plugin()).setRule(EVENTS, "stations", MANY, false);

         broker.restart(Map.of(PluginSettings.MAX_LIST_ITEMS, "3"));
         RuleManagement restarted = PluginParts.management(broker.plugin());
         assertThat(restarted.get(EVENTS, "stations").rule()).as("stored under the higher bound").isEqualTo(MANY);
         assertThat(broker.routes(broker.message(EVENTS, "BSM", Map.of("station", "S1099")))).containsExactly("stations");
         assertThat(broker.routes(broker.message(EVENTS, "BSM", Map.of("station", "S1100")))).isEmpty();

         assertThatThrownBy(() -> restarted.setRule(EVENTS, "stations", "station weq (PEK, PVG, SHA, CAN)", false))
               .hasMessageContaining("more than the limit of 3 items");
         assertThat(restarted.get(EVENTS, "stations").rule()).as("nothing changed").isEqualTo(MANY);
         restarted.setRule(EVENTS, "stations", "station weq (PEK, PVG, SHA)", false);
      }
   }
}

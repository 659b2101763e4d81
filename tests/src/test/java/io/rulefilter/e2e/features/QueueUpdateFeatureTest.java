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
package io.rulefilter.e2e.features;

import io.rulefilter.RuleLanguage;
import io.rulefilter.e2e.features.FeatureBroker.Kind;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import org.apache.activemq.artemis.api.core.SimpleString;

/**
 * Artemis replaces a queue's filter on {@code updateQueue} (management, or a broker.xml change): the rule follows the
 * new filter at once, whichever form it takes; an update that leaves the filter as it is leaves the rules alone; and
 * after a restart (Artemis 2.56 does not keep an updated filter) the queue and its stored state come back as they
 * were, just as plain Artemis's queue does.
 */
class QueueUpdateFeatureTest {

   private static final String EVENTS = "airport.events";
   private static final RuleLanguage LANGUAGE = RuleLanguage.standard();

   private static void update(FeatureBroker broker, String queue, String filter) throws Exception {
      broker.serverControl().updateQueue(QueueConfiguration.of(queue).setAddress(EVENTS)
            .setRoutingType(RoutingType.MULTICAST).setFilterString(filter).toJSON());
   }

   @ParameterizedTest
   @EnumSource(value = Kind.class, names = {"INDEX_ON", "INDEX_OFF"})
   void updateQueueReplacesTheRuleWithTheNewFilterUntilARestart(Kind kind) throws Exception {
      Scenario.verify(kind, () -> new Scenario() {
         @Override
         Map<String, List<Integer>> run(FeatureBroker broker) throws Exception {
            boolean rules = broker.kind().hasRules();
            for (int i = 0; i < Traffic.RULES.size(); i++) {
               broker.subscribe(EVENTS, "u" + i, Traffic.RULES.get(i));
            }
            broker.subscribe(EVENTS, "u5", null);
            if (rules) {
               broker.rules().setRule(EVENTS, "u3", "station weq CAN", false);
               broker.rules().setEnabled(EVENTS, "u4", false);
            }
            this.rules.put("u0", RuleTimeline.of(Traffic.RULES.get(0)));
            this.rules.put("u1", RuleTimeline.of(Traffic.RULES.get(1)).then(101, "bagCount gt 7").then(201, Traffic.RULES.get(1)));
            this.rules.put("u2", RuleTimeline.of(Traffic.RULES.get(2)).then(101, null).then(201, Traffic.RULES.get(2)));
            this.rules.put("u3", RuleTimeline.of("station weq CAN").then(101, "airline weq CZ").then(201, "station weq CAN"));
            this.rules.put("u4", RuleTimeline.of(null));
            broker.publish(EVENTS, publishing(Traffic.airport(1, 100, 41)));

            if (rules) {
               update(broker, "u1", LANGUAGE.selector(LANGUAGE.parse("bagCount gt 7"))); // inexact in SQL: only the rule says exactly
               // updateQueue parses the filter before any plugin sees it: a raw rule is refused, nothing changes...
               assertThatThrownBy(() -> update(broker, "u3", "airline weq CZ")).hasMessageContaining("airline weq CZ");
            }
            update(broker, "u2", "bagCount > 3"); // plain SQL: Artemis filters by it on both brokers
            if (rules) {
               update(broker, "u3", LANGUAGE.selector(LANGUAGE.parse("airline weq CZ"))); // ...the selector form works
               update(broker, "u4", broker.server().locateQueue(SimpleString.of("u4"))
                     .getFilter().getFilterString().toString()); // unchanged filter: the switch stays off
            }
            broker.publish(EVENTS, publishing(Traffic.airport(101, 100, 42)));

            broker.restart();
            broker.publish(EVENTS, publishing(Traffic.airport(201, 100, 43)));
            Map<String, List<Integer>> held = new LinkedHashMap<>();
            for (String queue : List.of("u0", "u1", "u2", "u3", "u4", "u5")) {
               held.put(queue, broker.held(queue));
            }
            return held;
         }
      });
   }
}

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

import io.rulefilter.artemis.store.StoredAddressRule;
import io.rulefilter.e2e.features.FeatureBroker.Kind;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.config.CoreAddressConfiguration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Artemis gives an address a new id whenever its routing types change (management {@code updateAddress}, broker.xml
 * at start): its address rule, and the removal of one, stay in force across restarts, over TCP with JMS clients.
 */
class AddressUpdateFeatureTest {

   private static final String EVENTS = "airport.events";
   private static final String RULE = "airline weq CA";

   private static void assertFilteredByTheAddressRule(FeatureBroker broker) throws Exception {
      assertThat(broker.rules().addressRule(EVENTS)).map(StoredAddressRule::rule).contains(RULE);
      List<Traffic.Out> published = Traffic.airport(1, 60, 17);
      broker.publish(EVENTS, published);
      List<Integer> expected = published.stream().filter(m -> Traffic.accepts(RULE, m)).map(Traffic.Out::seq).toList();
      assertThat(expected).isNotEmpty().hasSizeLessThan(published.size());
      assertThat(broker.held("all")).containsExactlyElementsOf(expected);
   }

   @ParameterizedTest
   @EnumSource(value = Kind.class, names = {"INDEX_ON", "INDEX_OFF"})
   void anAddressRuleOutlivesUpdateAddressAndARestart(Kind kind) throws Exception {
      try (FeatureBroker broker = FeatureBroker.start(kind, config -> { })) {
         broker.subscribe(EVENTS, "all", null);
         broker.rules().setAddressRule(EVENTS, RULE);
         broker.serverControl().updateAddress(EVENTS, "MULTICAST,ANYCAST");
         broker.restart();
         assertFilteredByTheAddressRule(broker);
      }
   }

   @ParameterizedTest
   @EnumSource(value = Kind.class, names = {"INDEX_ON", "INDEX_OFF"})
   void anAddressRuleOutlivesABrokerXmlChangeOfItsRoutingTypes(Kind kind) throws Exception {
      AtomicBoolean changed = new AtomicBoolean();
      try (FeatureBroker broker = FeatureBroker.start(kind, config -> {
         if (changed.get()) {
            config.addAddressConfiguration(new CoreAddressConfiguration().setName(EVENTS)
                  .addRoutingType(RoutingType.MULTICAST).addRoutingType(RoutingType.ANYCAST));
         }
      })) {
         broker.subscribe(EVENTS, "all", null);
         broker.rules().setAddressRule(EVENTS, RULE);
         changed.set(true);
         broker.restart();
         assertThat(broker.server().getAddressInfo(SimpleString.of(EVENTS))
               .getRoutingTypes()).contains(RoutingType.ANYCAST);
         assertFilteredByTheAddressRule(broker);
      }
   }

   /** A removal must outlast the new id too: it dates the removal for the cluster nodes that still hold the rule. */
   @ParameterizedTest
   @EnumSource(value = Kind.class, names = {"INDEX_ON", "INDEX_OFF"})
   void aRemovalOutlivesUpdateAddressAndARestart(Kind kind) throws Exception {
      try (FeatureBroker broker = FeatureBroker.start(kind, config -> { })) {
         broker.subscribe(EVENTS, "all", null);
         long setAt = broker.rules().setAddressRule(EVENTS, RULE).changedAt();
         broker.rules().removeAddressRule(EVENTS);
         broker.serverControl().updateAddress(EVENTS, "MULTICAST,ANYCAST");
         broker.restart();
         assertThat(broker.rules().storedAddressRules()).containsOnlyKeys(EVENTS);
         assertThat(broker.rules().syncAddressRule(EVENTS, RULE, setAt, "ops")).as("an older rule from another node")
               .isFalse();
         List<Traffic.Out> published = Traffic.airport(1, 20, 17);
         broker.publish(EVENTS, published);
         assertThat(broker.held("all")).containsExactlyElementsOf(published.stream().map(Traffic.Out::seq).toList());
      }
   }
}

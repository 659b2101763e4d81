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

import io.rulefilter.artemis.internal.PluginParts;
import io.rulefilter.e2e.features.FeatureBroker.Kind;
import jakarta.jms.Connection;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.CoreAddressConfiguration;
import org.apache.activemq.artemis.core.config.DivertConfiguration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import jakarta.jms.MessageProducer;
import java.util.ArrayList;
import org.apache.activemq.artemis.api.core.QueueConfiguration;

/**
 * Wildcards: Artemis copies the bindings of a wildcard address (subscriptions, diverts) into every address it
 * matches. Every consumer, subscription and divert, wildcard or not, must get what plain Artemis gives it, with rules
 * applied where they are set.
 */
class WildcardFeatureTest {

   private static final String EVENTS = "airport.events";
   private static final String GATES = "airport.gates";

   /** Rule subscriptions s0..s4 and plain s5 on {@code address}; returns their names. */
   private static List<String> subscribeAll(Scenario scenario, FeatureBroker broker, String address, String prefix)
         throws Exception {
      List<String> names = new ArrayList<>();
      for (int i = 0; i <= Traffic.RULES.size(); i++) {
         String name = prefix + i;
         String rule = i < Traffic.RULES.size() ? Traffic.RULES.get(i) : null;
         broker.subscribe(address, name, rule);
         if (rule != null) {
            scenario.rules.put(name, RuleTimeline.of(rule));
         }
         names.add(name);
      }
      return names;
   }

   @ParameterizedTest
   @EnumSource(value = Kind.class, names = {"INDEX_ON", "INDEX_OFF"})
   void aWildcardConsumerGetsEveryMessageOfEveryAddressItMatches(Kind kind) throws Exception {
      Scenario.verify(kind, () -> new Scenario() {
         @Override
         Map<String, List<Integer>> run(FeatureBroker broker) throws Exception {
            List<String> subscriptions = subscribeAll(this, broker, EVENTS, "s");
            Map<String, List<Integer>> held = new LinkedHashMap<>();
            try (Connection connection = broker.connect(); Session session = connection.createSession()) {
               MessageConsumer everything = session.createConsumer(session.createTopic("airport.#"));
               broker.publish(EVENTS, publishing(Traffic.airport(1, 200, 1)));
               broker.publish(GATES, publishing(Traffic.airport(1001, 40, 2)));
               if (broker.kind() == Kind.INDEX_ON) {
                  assertThat(broker.indexed(EVENTS)).as("the index routes, wildcard queue included").isTrue();
               }
               held.put("consumer on airport.#", FeatureBroker.drain(everything));
            }
            for (String name : subscriptions) {
               held.put(name, broker.held(name));
            }
            return held;
         }
      });
   }

   @ParameterizedTest
   @EnumSource(value = Kind.class, names = {"INDEX_ON", "INDEX_OFF"})
   void wildcardSubscriptionsWithRulesAndPlainOnesOnTheAddressBothGetTheirShare(Kind kind) throws Exception {
      Scenario.verify(kind, () -> new Scenario() {
         @Override
         Map<String, List<Integer>> run(FeatureBroker broker) throws Exception {
            Map<String, List<Integer>> held = new LinkedHashMap<>();
            for (int i = 0; i < 4; i++) {
               broker.subscribe("airport.#", "w" + i, Traffic.RULES.get(i));
               rules.put("w" + i, RuleTimeline.of(Traffic.RULES.get(i)));
            }
            broker.subscribe(EVENTS, "plain", null);
            broker.publish(EVENTS, publishing(Traffic.airport(1, 200, 3)));
            broker.publish(GATES, publishing(Traffic.airport(1001, 40, 4)));
            if (broker.kind() == Kind.INDEX_ON) {
               assertThat(broker.indexed(EVENTS)).as("copies of wildcard subscriptions are indexed like any").isTrue();
               assertThat(PluginParts.registry(broker.plugin()).queries().routing("airport.#").detail()).contains("wildcard address");
            }
            for (String name : List.of("w0", "w1", "w2", "w3", "plain")) {
               held.put(name, broker.held(name));
            }
            return held;
         }
      });
   }

   @ParameterizedTest
   @EnumSource(value = Kind.class, names = {"INDEX_ON", "INDEX_OFF"})
   void wildcardAndExclusiveDivertsTakeTheirCopiesAndDivertedMessagesAreFilteredWhereTheyArrive(Kind kind) throws Exception {
      Scenario.verify(kind, () -> new Scenario() {
         @Override
         void configure(Configuration configuration) {
            configuration.addAddressConfiguration(new CoreAddressConfiguration().setName("archive").addRoutingType(RoutingType.MULTICAST));
            configuration.addAddressConfiguration(new CoreAddressConfiguration().setName("oversize")
                  .addRoutingType(RoutingType.ANYCAST).addQueueConfiguration(QueueConfiguration
                        .of("oversize").setRoutingType(RoutingType.ANYCAST)));
            configuration.addDivertConfiguration(new DivertConfiguration().setName("archive-all").setAddress("airport.#")
                  .setForwardingAddress("archive").setExclusive(false));
            configuration.addDivertConfiguration(new DivertConfiguration().setName("oversize-bags").setAddress(EVENTS)
                  .setForwardingAddress("oversize").setFilterString("bagCount > 8").setExclusive(true));
         }

         @Override
         Map<String, List<Integer>> run(FeatureBroker broker) throws Exception {
            List<String> events = subscribeAll(this, broker, EVENTS, "s");
            List<String> archive = subscribeAll(this, broker, "archive", "a");
            broker.publish(EVENTS, publishing(Traffic.airport(1, 200, 5)));
            broker.publish(GATES, publishing(Traffic.airport(1001, 40, 6)));
            if (broker.kind() == Kind.INDEX_ON) {
               assertThat(broker.indexed(EVENTS)).isFalse();
               assertThat(PluginParts.registry(broker.plugin()).queries().routing(EVENTS).detail()).contains("divert");
               assertThat(broker.indexed("archive")).as("diverted copies are indexed where they arrive").isTrue();
            }
            Map<String, List<Integer>> held = new LinkedHashMap<>();
            for (String name : events) {
               held.put(name, broker.held(name));
            }
            for (String name : archive) {
               held.put(name, broker.held(name));
            }
            held.put("oversize", broker.held("oversize"));
            return held;
         }
      });
   }

   /**
    * Artemis lets a session reuse its routing of an address while every queue there is without a filter. A rule set
    * through management on such a wildcard queue must apply to the very next message of a producer that already
    * published to a matching address.
    */
   @ParameterizedTest
   @EnumSource(value = Kind.class, names = {"INDEX_ON", "INDEX_OFF"})
   void aRuleSetOnAFilterlessWildcardQueueAppliesToProducersAlreadySending(Kind kind) throws Exception {
      Scenario.verify(kind, () -> new Scenario() {
         @Override
         Map<String, List<Integer>> run(FeatureBroker broker) throws Exception {
            broker.subscribe("airport.#", "w", null);
            broker.subscribe(EVENTS, "plain", null);
            rules.put("w", RuleTimeline.of(null).then(101, "@tag weq BSM"));
            try (Connection connection = broker.connect(); Session session = connection.createSession()) {
               MessageProducer producer = session.createProducer(session.createTopic(EVENTS));
               for (Traffic.Out out : publishing(Traffic.airport(1, 100, 7))) {
                  producer.send(out.toJms(session));
               }
               if (broker.kind().hasRules()) {
                  broker.rules().setRule("airport.#", "w", "@tag weq BSM", false);
               }
               for (Traffic.Out out : publishing(Traffic.airport(101, 100, 8))) {
                  producer.send(out.toJms(session));
               }
            }
            Map<String, List<Integer>> held = new LinkedHashMap<>();
            held.put("w", broker.held("w"));
            held.put("plain", broker.held("plain"));
            return held;
         }
      });
   }
}

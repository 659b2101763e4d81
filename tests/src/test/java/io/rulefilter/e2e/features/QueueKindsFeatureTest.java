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
import jakarta.jms.Connection;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.settings.impl.AddressSettings;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import jakarta.jms.Message;
import java.util.ArrayList;
import java.util.Collections;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.settings.impl.AddressFullMessagePolicy;

/**
 * Queues that keep messages their own way (last value, ring), paused queues, fully qualified producers and
 * consumers, large messages and paging with browsers: each holds what plain Artemis would, with the rules applied.
 */
class QueueKindsFeatureTest {

   private static final String EVENTS = "airport.events";
   private static final RuleLanguage LANGUAGE = RuleLanguage.standard();

   /** Rule subscriptions r0..r4 and plain r5, so that the address is indexed. */
   private static void subscriptions(Scenario scenario, FeatureBroker broker) throws Exception {
      for (int i = 0; i < Traffic.RULES.size(); i++) {
         broker.subscribe(EVENTS, "r" + i, Traffic.RULES.get(i));
         scenario.rules.put("r" + i, RuleTimeline.of(Traffic.RULES.get(i)));
      }
      broker.subscribe(EVENTS, "r5", null);
   }

   private static Map<String, List<Integer>> holdings(FeatureBroker broker, String... queues) throws Exception {
      Map<String, List<Integer>> held = new LinkedHashMap<>();
      for (String queue : queues) {
         held.put(queue, broker.held(queue));
      }
      return held;
   }

   /**
    * A last-value queue keeps the last accepted message per key and a ring queue the last accepted few; on plain
    * Artemis they get the rule's exact SQL translation as their filter, which must give the same.
    */
   @ParameterizedTest
   @EnumSource(value = Kind.class, names = {"INDEX_ON", "INDEX_OFF"})
   void lastValueAndRingQueuesKeepTheLastOfWhatTheirRuleAccepts(Kind kind) throws Exception {
      Scenario.verify(kind, () -> new Scenario() {
         @Override
         Map<String, List<Integer>> run(FeatureBroker broker) throws Exception {
            subscriptions(this, broker);
            String rule = "airline weq CA";
            assertThat(LANGUAGE.translate(LANGUAGE.parse(rule)).isExact()).isTrue();
            String filter = broker.kind().hasRules() ? LANGUAGE.selector(LANGUAGE.parse(rule))
                  : LANGUAGE.translate(LANGUAGE.parse(rule)).filter();
            broker.server().createQueue(QueueConfiguration.of("last").setAddress(EVENTS).setRoutingType(RoutingType.MULTICAST)
                  .setLastValueKey("flight").setFilterString(filter));
            broker.server().createQueue(QueueConfiguration.of("ring").setAddress(EVENTS).setRoutingType(RoutingType.MULTICAST)
                  .setRingSize(7L).setFilterString(filter));
            broker.publish(EVENTS, publishing(Traffic.airport(1, 200, 31)));
            if (broker.kind() == Kind.INDEX_ON) {
               assertThat(broker.indexed(EVENTS)).isTrue();
            }
            return holdings(broker, "r0", "r1", "r2", "r3", "r4", "r5", "last", "ring");
         }
      });
   }

   @ParameterizedTest
   @EnumSource(value = Kind.class, names = {"INDEX_ON", "INDEX_OFF"})
   void aPausedSubscriptionGoesOnCollectingAndDeliversAllOnResume(Kind kind) throws Exception {
      Scenario.verify(kind, () -> new Scenario() {
         @Override
         Map<String, List<Integer>> run(FeatureBroker broker) throws Exception {
            subscriptions(this, broker);
            broker.queueControl("r0").pause();
            Map<String, List<Integer>> held;
            try (Connection connection = broker.connect(); Session session = connection.createSession()) {
               MessageConsumer consumer = session.createConsumer(session.createQueue(EVENTS + "::r0"));
               broker.publish(EVENTS, publishing(Traffic.airport(1, 150, 32)));
               assertThat(consumer.receive(300)).as("nothing while paused").isNull();
               held = holdings(broker, "r0", "r1", "r2", "r3", "r4", "r5");
               broker.queueControl("r0").resume();
               held.put("r0 delivered on resume", FeatureBroker.drain(consumer));
               rules.put("r0 delivered on resume", rules.get("r0"));
            }
            return held;
         }
      });
   }

   @ParameterizedTest
   @EnumSource(value = Kind.class, names = {"INDEX_ON", "INDEX_OFF"})
   void fullyQualifiedProducersReachOneQueueThroughItsRuleAndConsumersReadOneQueue(Kind kind) throws Exception {
      Scenario.verify(kind, () -> new Scenario() {
         @Override
         Map<String, List<Integer>> run(FeatureBroker broker) throws Exception {
            subscriptions(this, broker);
            broker.publish(EVENTS, publishing(Traffic.airport(1, 100, 33)));
            try (Connection connection = broker.connect(); Session session = connection.createSession()) {
               MessageProducer toR1 = session.createProducer(session.createTopic(EVENTS + "::r1"));
               for (Traffic.Out out : publishing(Traffic.airport(1001, 60, 34))) {
                  toR1.send(out.toJms(session));
               }
               Map<String, List<Integer>> held = holdings(broker, "r0", "r1", "r2", "r3", "r4", "r5");
               MessageConsumer fromR3 = session.createConsumer(session.createQueue(EVENTS + "::r3"));
               held.put("consumer on " + EVENTS + "::r3", FeatureBroker.drain(fromR3));
               rules.put("consumer on " + EVENTS + "::r3", rules.get("r3"));
               return held;
            }
         }
      });
   }

   @ParameterizedTest
   @EnumSource(value = Kind.class, names = {"INDEX_ON", "INDEX_OFF"})
   void largeMessagesAreRoutedByTheirProperties(Kind kind) throws Exception {
      Scenario.verify(kind, () -> new Scenario() {
         @Override
         Map<String, List<Integer>> run(FeatureBroker broker) throws Exception {
            subscriptions(this, broker);
            List<Traffic.Out> large = Traffic.airport(1, 40, 35).stream().map(m -> m.withBody(150 * 1024)).toList();
            broker.publish(EVENTS, publishing(large));
            return holdings(broker, "r0", "r1", "r2", "r3", "r4", "r5");
         }
      });
   }

   /**
    * With the address paging, a browser of a subscription whose rule was changed (or switched off) sees exactly
    * what its consumer then receives: what the rule in force let in, not what the queue's first filter would.
    */
   @ParameterizedTest
   @EnumSource(value = Kind.class, names = {"INDEX_ON", "INDEX_OFF"})
   void browsersOfAPagedSubscriptionSeeWhatItsConsumerWillReceive(Kind kind) throws Exception {
      Scenario.verify(kind, () -> new Scenario() {
         @Override
         void configure(Configuration configuration) {
            configuration.addAddressSetting(EVENTS, new AddressSettings().setMaxSizeBytes(16 * 1024).setPageSizeBytes(8 * 1024)
                  .setAddressFullMessagePolicy(AddressFullMessagePolicy.PAGE));
         }

         @Override
         Map<String, List<Integer>> run(FeatureBroker broker) throws Exception {
            subscriptions(this, broker);
            if (broker.kind().hasRules()) {
               broker.rules().setRule(EVENTS, "r1", "@tag weq MVT", false);
               broker.rules().setEnabled(EVENTS, "r2", false);
            }
            rules.put("r1", RuleTimeline.of("@tag weq MVT"));
            rules.put("r2", RuleTimeline.of(null));
            broker.publish(EVENTS, publishing(Traffic.airport(1, 400, 36)));
            assertThat(broker.server().getPagingManager().getPageStore(SimpleString.of(EVENTS))
                  .isPaging()).as("the address pages").isTrue();
            Map<String, List<Integer>> held = new LinkedHashMap<>();
            try (Connection connection = broker.connect(); Session session = connection.createSession()) {
               for (String queue : List.of("r1", "r2", "r3")) {
                  List<Integer> browsed = new ArrayList<>();
                  var browser = session.createBrowser(session.createQueue(EVENTS + "::" + queue));
                  for (Object m : Collections.list(browser.getEnumeration())) {
                     browsed.add(((Message) m).getIntProperty(Traffic.SEQ));
                  }
                  browser.close();
                  List<Integer> consumed = FeatureBroker.drain(session.createConsumer(session.createQueue(EVENTS + "::" + queue)));
                  assertThat(browsed).as("browsing %s shows what its consumer receives", queue).isEqualTo(consumed);
                  held.put(queue, consumed);
               }
            }
            return held;
         }
      });
   }
}

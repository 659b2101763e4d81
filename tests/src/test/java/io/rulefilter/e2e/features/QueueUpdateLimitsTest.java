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
import io.rulefilter.artemis.subscription.RuleSource;
import io.rulefilter.e2e.features.FeatureBroker.Kind;
import io.rulefilter.eval.CompiledRule;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientRequestor;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.api.core.management.ManagementHelper;
import org.apache.activemq.artemis.api.core.management.ResourceNames;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code updateQueue} over the wire is one more way a rule comes in, and it meets the same limits as every other: a
 * filter in the selector form whose rule nests deeper (20,000 levels; 2,000 within the length limit) or has more
 * conditions than allowed is not taken, and changes nothing (the queue keeps the filter and rules it had, its
 * management rule included: the SQL part of a rule not taken may accept far more than the rule), the call succeeds
 * as it does on plain Artemis, the other subscriptions keep their rules, and the updated one takes a valid rule
 * afterwards.
 */
class QueueUpdateLimitsTest {

   private static final String EVENTS = "airport.events";
   private static final RuleLanguage LANGUAGE = RuleLanguage.standard();
   /** What the SQL part of both hostile filters accepts. */
   private static final String SQL_PART = "station weq PVG";

   @ParameterizedTest
   @EnumSource(value = Kind.class, names = {"INDEX_ON", "INDEX_OFF"})
   void aRuleBeyondTheLimitsThroughUpdateQueueIsNotTaken(Kind kind) throws Exception {
      try (FeatureBroker broker = FeatureBroker.start(kind, config -> { })) {
         for (int i = 0; i < Traffic.RULES.size(); i++) {
            broker.subscribe(EVENTS, "u" + i, Traffic.RULES.get(i));
         }
         broker.subscribe(EVENTS, "u5", "station weq PEK");
         broker.rules().setRule(EVENTS, "u1", "airline weq CA", false);
         broker.rules().setRule(EVENTS, "u3", "station weq CAN", false);

         String deep = "(".repeat(20_000) + "station weq PEK" + ")".repeat(20_000);
         String deepWithinLength = "(".repeat(2_000) + "station weq PEK" + ")".repeat(2_000);
         String tooMany = String.join(" or ", Collections.nCopies(65, "station weq PEK"));
         updateOverTcp(broker, "u1", "station = 'PVG' /*rulefilter: " + deep + "*/");
         updateOverTcp(broker, "u2", "station = 'PVG' /*rulefilter: " + tooMany + "*/");
         updateOverTcp(broker, "u5", "station = 'PVG' /*rulefilter: " + deepWithinLength + "*/");

         List<Traffic.Out> first = Traffic.airport(1, 100, 41);
         broker.publish(EVENTS, first);
         assertThat(broker.held("u0")).isEqualTo(accepted(Traffic.RULES.get(0), first));
         assertThat(broker.held("u1")).as("its management rule, kept").isEqualTo(accepted("airline weq CA", first))
               .isNotEmpty();
         assertThat(broker.held("u2")).as("its creation rule, kept").isEqualTo(accepted(Traffic.RULES.get(2), first));
         assertThat(broker.held("u3")).as("its management rule").isEqualTo(accepted("station weq CAN", first));
         assertThat(broker.held("u4")).isEqualTo(accepted(Traffic.RULES.get(4), first));
         assertThat(broker.held("u5")).as("its creation rule, kept").isEqualTo(accepted("station weq PEK", first));
         assertThat(accepted(SQL_PART, first)).as("what the SQL parts would have taken").isNotEmpty()
               .isNotEqualTo(broker.held("u5"));
         assertThat(broker.rules().get(EVENTS, "u1").source()).isEqualTo(RuleSource.MANAGEMENT);
         for (String queue : List.of("u2", "u5")) {
            assertThat(broker.rules().get(EVENTS, queue).source()).as("%s keeps its rule", queue).isEqualTo(RuleSource.SELECTOR);
         }

         broker.rules().setRule(EVENTS, "u1", "station weq CAN", false);
         List<Traffic.Out> second = Traffic.airport(101, 100, 42);
         broker.publish(EVENTS, second);
         List<Integer> expected = new ArrayList<>(accepted("airline weq CA", first));
         expected.addAll(accepted("station weq CAN", second));
         assertThat(broker.held("u1")).as("a valid rule set afterwards").isEqualTo(expected);
      }
   }

   /** Calls the broker's {@code updateQueue} through the management address, over TCP, and requires success. */
   private static void updateOverTcp(FeatureBroker broker, String queue, String filter) throws Exception {
      String json = QueueConfiguration.of(queue).setAddress(EVENTS).setRoutingType(RoutingType.MULTICAST)
            .setFilterString(filter).toJSON();
      try (ClientSessionFactory factory = broker.factory().getServerLocator().createSessionFactory();
           ClientSession session = factory.createSession()) {
         session.start();
         ClientRequestor requestor = new ClientRequestor(session, "activemq.management");
         try {
            ClientMessage request = session.createMessage(false);
            ManagementHelper.putOperationInvocation(request, ResourceNames.BROKER, "updateQueue", json);
            ClientMessage reply = requestor.request(request, 30_000);
            assertThat(reply).as("an answer to updateQueue").isNotNull();
            assertThat(ManagementHelper.hasOperationSucceeded(reply))
                  .as("updateQueue of %s: %s", queue, ManagementHelper.getResult(reply)).isTrue();
         } finally {
            requestor.close();
         }
      }
   }

   private static List<Integer> accepted(String rule, List<Traffic.Out> messages) {
      CompiledRule compiled = LANGUAGE.compile(LANGUAGE.parse(rule));
      return messages.stream().filter(m -> compiled.matches(RuleLanguage.message(m.tag(), m.properties())))
            .map(Traffic.Out::seq).toList();
   }
}

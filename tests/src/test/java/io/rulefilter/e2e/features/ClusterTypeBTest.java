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
import io.rulefilter.eval.CompiledRule;
import io.rulefilter.internal.message.MapMessage;
import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Nodes whose {@code typeb-addresses} differ: a node where Type B is off for an address forwards to another node's
 * {@code @typeb} subscriptions exactly the messages their rules accept, judging them by the bodies it reads for them.
 */
class ClusterTypeBTest {

   private static final String BAGS = "airport.bags";
   private static final RuleLanguage LANGUAGE = RuleLanguage.standard();
   private static final Map<String, String> RULES = Map.of(
         "ca", "@typeb.F.1 weq CA1234",
         "notca", "@typeb.F.1 nweq CA1234",
         "tags999", "@typeb weq BSM and @typeb.N.1 beg 0999");
   private static final String[] FLIGHTS = {"CA1234", "MU5101", "CZ3101"};

   @Test
   void aNodeWithTypeBOffForwardsByAnotherNodesTypeBRules() throws Exception {
      try (ClusterNodes cluster = ClusterNodes.startEach(2, "ON_DEMAND",
            node -> node == 1 ? Map.of("typeb-addresses", "airport.#") : Map.of());
           Connection subscriber = cluster.connect(1)) {
         Session session = subscriber.createSession();
         Map<String, MessageConsumer> consumers = new TreeMap<>();
         for (Map.Entry<String, String> rule : RULES.entrySet()) {
            consumers.put(rule.getKey(), session.createSharedDurableConsumer(session.createTopic(BAGS), rule.getKey(),
                  rule.getValue()));
         }
         cluster.awaitCopies(BAGS, true, RULES.size(), 0);

         List<String> bodies = new ArrayList<>();
         for (int i = 0; i < 30; i++) {
            bodies.add(i % 10 == 9 ? "not a Type B message " + i
                  : "BSM\n.V/1LPEK\n.F/" + FLIGHTS[i % FLIGHTS.length] + "/05FEB/SHA/Y\n.N/" + (i % 2 == 0 ? "0999" : "0781")
                  + String.format("%06d", i) + "001\nENDBSM");
         }
         try (Connection publisher = cluster.connect(0); Session out = publisher.createSession()) {
            MessageProducer producer = out.createProducer(out.createTopic(BAGS));
            for (int seq = 0; seq < bodies.size(); seq++) {
               Message message = out.createTextMessage(bodies.get(seq));
               message.setIntProperty(Traffic.SEQ, seq);
               producer.send(message);
            }
         }
         for (Map.Entry<String, MessageConsumer> queue : consumers.entrySet()) {
            List<Integer> expected = expected(RULES.get(queue.getKey()), bodies);
            assertThat(expected).as("a rule that keeps some messages and not others").isNotEmpty().hasSizeLessThan(30);
            assertThat(FeatureBroker.drainForwarded(queue.getValue(), expected.size())).as(queue.getKey())
                  .containsExactlyElementsOf(expected);
         }
      }
   }

   /** The messages {@code rule} accepts, as the translator evaluates it. */
   private static List<Integer> expected(String rule, List<String> bodies) {
      CompiledRule compiled = LANGUAGE.compile(LANGUAGE.parse(rule));
      List<Integer> kept = new ArrayList<>();
      for (int seq = 0; seq < bodies.size(); seq++) {
         if (compiled.matches(new MapMessage(null, Map.of(), bodies.get(seq)))) {
            kept.add(seq);
         }
      }
      return kept;
   }
}

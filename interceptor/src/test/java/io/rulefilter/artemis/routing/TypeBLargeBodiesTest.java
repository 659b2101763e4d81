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
package io.rulefilter.artemis.routing;

import io.rulefilter.RuleLanguage;
import io.rulefilter.artemis.testing.InVmBroker;
import io.rulefilter.internal.message.MapMessage;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.api.core.client.ClientConsumer;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientProducer;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.api.core.client.ServerLocator;
import org.apache.activemq.artemis.reader.TextMessageUtil;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Bodies that a core client sends as large messages (kept in a file by the broker), compressed or not, are read for
 * Type B up to the language's bound like any other: a BSM of 60,000 characters is routed by its elements, one of
 * 70,000 is not a Type B message, and a compressed body that would inflate to megabytes is given up at the bound.
 * Differential: each subscription receives exactly what the translator's evaluation of its rule on the sent body keeps.
 */
@Timeout(120)
class TypeBLargeBodiesTest {

   private static final String BAGS = "bags.large";
   private static final RuleLanguage LANGUAGE = RuleLanguage.standard();
   private static final Map<String, String> RULES = new LinkedHashMap<>();

   static {
      RULES.put("flight", "@typeb.F.1 weq CA1234");
      RULES.put("notca", "@typeb.F.1 nweq CA1234");
      RULES.put("tags", "@typeb.N.1 beg 0999");
      RULES.put("anytypeb", "@typeb ex");
   }

   @ParameterizedTest(name = "compressed={0}")
   @ValueSource(booleans = {false, true})
   void largeBodiesAreReadUpToTheBound(boolean compressed) throws Exception {
      Random random = new Random(25_5L);
      List<String> bodies = new ArrayList<>();
      for (String flight : List.of("CA1234", "MU5101")) {
         bodies.add(bsm(flight, 2_000, random));        // over the large-message size, far under the bound
         bodies.add(bsm(flight, 60_000, random));       // 120,005 bytes as a core text: under the bound of 64 KiB of UTF-8
         bodies.add(bsm(flight, 70_000, random));       // over the bound: not a Type B message
         bodies.add("BSM\n.F/" + flight + "/05FEB/PEK\n.N/0999000001\n" + "NOISE\n".repeat(3_000)); // compressed: not large
      }
      bodies.add("BSM\n.F/CA1234/05FEB/PEK\n" + "PADDING LINE\n".repeat(800_000)); // inflates to 20 MB when compressed
      bodies.add("not a Type B message " + "x".repeat(5_000));

      try (InVmBroker broker = InVmBroker.start(Map.of("typeb-addresses", "bags.#"), config -> { })) {
         RULES.forEach((queue, rule) -> subscribe(broker, queue, rule));
         try (ServerLocator locator = ActiveMQClient.createServerLocator(
                    "vm://0?minLargeMessageSize=1024&compressLargeMessage=" + compressed);
              ClientSessionFactory factory = locator.createSessionFactory();
              ClientSession session = factory.createSession(true, true, 0)) {
            session.start();
            ClientProducer producer = session.createProducer(BAGS);
            for (int i = 0; i < bodies.size(); i++) {
               producer.send(text(session, i, bodies.get(i)));
               producer.send(bytes(session, bodies.size() + i, bodies.get(i)));
            }
            for (Map.Entry<String, String> rule : RULES.entrySet()) {
               List<String> expected = new ArrayList<>();
               for (int i = 0; i < bodies.size(); i++) {
                  if (accepts(rule.getValue(), bodies.get(i))) {
                     expected.add(String.valueOf(i));
                     expected.add(String.valueOf(bodies.size() + i));
                  }
               }
               assertThat(expected).as("the test sends bodies each rule keeps and leaves").isNotEmpty()
                     .hasSizeLessThan(2 * bodies.size());
               try (ClientConsumer consumer = session.createConsumer(rule.getKey())) {
                  assertThat(InVmBroker.receiveAll(consumer, "sent")).as("%s (%s)", rule.getKey(), rule.getValue())
                        .containsExactlyInAnyOrderElementsOf(expected);
               }
            }
         }
      }
   }

   private static void subscribe(InVmBroker broker, String queue, String rule) {
      try {
         broker.subscription(BAGS, queue, rule);
      } catch (Exception e) {
         throw new IllegalStateException(e);
      }
   }

   private static boolean accepts(String rule, String body) {
      return LANGUAGE.compile(LANGUAGE.parse(rule)).matches(new MapMessage(null, Map.of(), body));
   }

   private static ClientMessage text(ClientSession session, int sent, String body) {
      ClientMessage m = session.createMessage(Message.TEXT_TYPE, true);
      TextMessageUtil.writeBodyText(m.getBodyBuffer(), SimpleString.of(body));
      m.putStringProperty("sent", String.valueOf(sent));
      return m;
   }

   private static ClientMessage bytes(ClientSession session, int sent, String body) {
      ClientMessage m = session.createMessage(Message.BYTES_TYPE, true);
      m.getBodyBuffer().writeBytes(body.getBytes(StandardCharsets.UTF_8));
      m.putStringProperty("sent", String.valueOf(sent));
      return m;
   }

   /** A BSM of about {@code length} characters: its elements, then random lines that are no elements (they compress badly). */
   private static String bsm(String flight, int length, Random random) {
      StringBuilder b = new StringBuilder("QU SHAXXMU\r\n.PEKKKCA 041200\r\nBSM\r\n.F/" + flight + "/05FEB/PEK/Y\r\n.N/0999123456001\r\n");
      while (b.length() < length - 40) {
         for (int i = 0; i < 30; i++) {
            b.append((char) ('A' + random.nextInt(26)));
         }
         b.append("\r\n");
      }
      return b.append("ENDBSM\r\n").toString();
   }
}

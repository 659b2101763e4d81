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
package io.rulefilter.bench;

import io.rulefilter.RuleLanguage;
import io.rulefilter.bench.BenchBroker.Kind;
import io.rulefilter.testing.internal.FreePorts;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientProducer;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.api.core.client.ServerLocator;
import org.apache.activemq.artemis.reader.TextMessageUtil;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Issue 25's Type B goal end to end: a core client publishes over TCP, as fast as the broker takes them, raw BSMs that
 * also carry a {@code flight} property, to 1,000 selective subscriptions that take a flight by the property or by
 * {@code @typeb.F.1}; messages a second once every delivery arrived. Alternates the two, three rounds each:
 * {@code java -cp … io.rulefilter.bench.TypeBThroughput [messages]}.
 */
public final class TypeBThroughput {

   private static final int SUBSCRIPTIONS = 1000;
   private static final RuleLanguage LANGUAGE = RuleLanguage.standard();

   private TypeBThroughput() {
   }

   public static void main(String[] args) throws Exception {
      int count = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
      for (int round = 1; round <= 3; round++) {
         for (String by : List.of("property", "typeb")) {
            System.out.printf("round %d, by %-8s: %,.0f messages/s%n", round, by, run(by, count));
         }
      }
   }

   private static double run(String by, int count) throws Exception {
      List<String> filters = new ArrayList<>();
      for (int i = 0; i < SUBSCRIPTIONS; i++) {
         filters.add(LANGUAGE.selector(LANGUAGE.parse(by.equals("typeb") ? "@typeb.F.1 weq FL" + i : "flight weq FL" + i)));
      }
      try (BenchBroker broker = new BenchBroker(Kind.RULEFILTER, 1, FreePorts.any())) {
         broker.subscribe(filters);
         try (ServerLocator locator = ActiveMQClient.createServerLocator("tcp://127.0.0.1:" + broker.port)
                  .setBlockOnNonDurableSend(false).setConfirmationWindowSize(-1);
              ClientSessionFactory factory = locator.createSessionFactory();
              ClientSession session = factory.createSession()) {
            ClientProducer producer = session.createProducer(BenchBroker.ADDRESS);
            Random random = new Random(25);
            int warmup = count / 4;
            send(session, producer, random, warmup);
            RoutingBenchmark.awaitTotal(broker, warmup);
            long start = System.nanoTime();
            send(session, producer, random, count);
            RoutingBenchmark.awaitTotal(broker, warmup + count); // each message reaches exactly one queue
            return count / ((System.nanoTime() - start) / 1e9);
         }
      }
   }

   private static void send(ClientSession session, ClientProducer producer, Random random, int count) throws Exception {
      for (int i = 0; i < count; i++) {
         String flight = "FL" + random.nextInt(SUBSCRIPTIONS);
         ClientMessage m = session.createMessage(Message.TEXT_TYPE, false);
         m.putStringProperty("flight", flight);
         StringBuilder bsm = new StringBuilder("QU SHAXXMU\r\n.PEKKKCA 041200\r\nBSM\r\n.V/1LPEK\r\n.F/")
               .append(flight).append("/05FEB/PEK/Y\r\n.N/0999123456001\r\n.W/K/1/23\r\n.P/1DOE/JOHN\r\nENDBSM\r\n");
         TextMessageUtil.writeBodyText(m.getBodyBuffer(), SimpleString.of(bsm.toString()));
         producer.send(m);
      }
   }
}

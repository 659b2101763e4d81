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
import org.apache.activemq.artemis.core.message.impl.CoreMessage;
import org.apache.activemq.artemis.reader.TextMessageUtil;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * Issue 25's Type B goal, as a routing decision inside a real broker with RuleFilter's index: N selective
 * subscriptions, subscription i taking flight FL{i}, by a {@code flight} property ({@code property}) or by the raw
 * BSM's {@code @typeb.F.1} ({@code typeb}). The same sample messages carry both, a BSM of about 400 bytes with the
 * flight, and each reaches exactly one queue (checked at set-up). The sample has more messages than the view keeps, so
 * every routing of {@code typeb} reads its body once.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class TypeBRoutingBenchmark {

   private static final int SAMPLE = 1024;
   private static final RuleLanguage LANGUAGE = RuleLanguage.standard();

   @Param({"property", "typeb"})
   public String by;

   @Param({"1000"})
   public int subscriptions;

   private BenchBroker server;
   private AddressRouting routing;
   private Message[] messages;
   private int next;

   @Setup(Level.Trial)
   public void setup() throws Exception {
      server = new BenchBroker(Kind.RULEFILTER, 1, FreePorts.any());
      List<String> filters = new ArrayList<>();
      for (int i = 0; i < subscriptions; i++) {
         String rule = by.equals("typeb") ? "@typeb.F.1 weq FL" + i : "flight weq FL" + i;
         filters.add(LANGUAGE.selector(LANGUAGE.parse(rule)));
      }
      server.subscribe(filters);
      routing = new AddressRouting(server);
      Random random = new Random(25);
      messages = new Message[SAMPLE];
      for (int i = 0; i < SAMPLE; i++) {
         messages[i] = message(i + 1, "FL" + random.nextInt(subscriptions));
         if (route() != 1) {
            throw new IllegalStateException("message " + i + " reached " + routing.queueCount() + " queues, not 1");
         }
      }
   }

   private static Message message(long id, String flight) {
      CoreMessage m = AddressRouting.newMessage(id, 1024);
      m.putStringProperty("flight", flight);
      m.setType(Message.TEXT_TYPE);
      StringBuilder bsm = new StringBuilder("QU SHAXXMU\r\n.PEKKKCA 041200\r\nBSM\r\n.V/1LPEK\r\n.F/")
            .append(flight).append("/05FEB/PEK/Y\r\n");
      for (int tag = 0; tag < 12; tag++) {
         bsm.append(".N/0999").append(123400 + tag).append("001\r\n.W/K/1/23\r\n");
      }
      TextMessageUtil.writeBodyText(m.getBodyBuffer(), SimpleString.of(bsm.append("ENDBSM\r\n").toString()));
      return m;
   }

   @Benchmark
   public int route() throws Exception {
      return routing.route(messages[next++ & (SAMPLE - 1)]);
   }

   @TearDown(Level.Trial)
   public void tearDown() throws Exception {
      server.close();
   }
}

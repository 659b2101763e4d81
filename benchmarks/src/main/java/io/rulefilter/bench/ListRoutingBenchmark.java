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
import io.rulefilter.parse.RuleLimits;
import io.rulefilter.testing.internal.FreePorts;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.core.message.impl.CoreMessage;
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
import java.util.StringJoiner;
import java.util.concurrent.TimeUnit;

/**
 * Issue 25's list goal, as a routing decision inside a real broker with RuleFilter's index: N subscriptions, each
 * taking {@code items} flights of its own with one {@code weq} list ({@code list}), against the same N subscriptions
 * taking one flight each ({@code single}). Every sample message carries a flight that exactly one subscription takes
 * (checked at set-up), so both decisions are one value lookup and one route; the goal is {@code list} within 1.2× of
 * {@code single}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ListRoutingBenchmark {

   private static final int SAMPLE = 1024;
   /** A list of 1,000 flights is about 8,000 characters: over the default length limit, as the broker's is. */
   private static final RuleLanguage LANGUAGE = RuleLanguage.of(RuleLanguage.standard().tagProperty(),
         new RuleLimits(BenchBroker.MAX_RULE_LENGTH, RuleLimits.DEFAULT.maxConditions(), RuleLimits.DEFAULT.maxDepth(),
               RuleLimits.DEFAULT.maxListItems()));

   @Param({"single", "list"})
   public String rules;

   @Param({"100"})
   public int subscriptions;

   @Param({"1000"})
   public int items;

   private BenchBroker server;
   private AddressRouting routing;
   private Message[] messages;
   private int next;

   @Setup(Level.Trial)
   public void setup() throws Exception {
      server = new BenchBroker(Kind.RULEFILTER, 1, FreePorts.any());
      List<String> filters = new ArrayList<>();
      for (int i = 0; i < subscriptions; i++) {
         filters.add(LANGUAGE.selector(LANGUAGE.parse(rule(i))));
      }
      server.subscribe(filters);
      routing = new AddressRouting(server);
      Random random = new Random(25);
      messages = new Message[SAMPLE];
      int listed = rules.equals("list") ? items : 1;
      for (int i = 0; i < SAMPLE; i++) {
         CoreMessage m = AddressRouting.newMessage(i + 1, 256);
         m.putStringProperty("flight", flight(random.nextInt(subscriptions), random.nextInt(listed)));
         messages[i] = m;
         if (route() != 1) {
            throw new IllegalStateException("message " + i + " reached " + routing.queueCount() + " queues, not 1");
         }
      }
   }

   private String rule(int subscription) {
      if (rules.equals("single")) {
         return "flight weq " + flight(subscription, 0);
      }
      StringJoiner list = new StringJoiner(", ", "flight weq (", ")");
      for (int item = 0; item < items; item++) {
         list.add(flight(subscription, item));
      }
      return list.toString();
   }

   private static String flight(int subscription, int item) {
      return "F" + subscription + "N" + item;
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

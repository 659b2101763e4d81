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

import io.rulefilter.bench.AirportWorkload.Mix;
import io.rulefilter.bench.BenchBroker.Kind;
import io.rulefilter.testing.internal.FreePorts;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.SimpleString;
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

import java.util.concurrent.TimeUnit;

/**
 * The routing decision of {@link RoutingDecisionBenchmark} (RuleFilter's index) for messages that
 * carry {@code extra} properties no rule reads besides the workload's own: what a publisher can make one message cost
 * the index by sending many properties.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ManyPropertiesBenchmark {

   private static final int SAMPLE = 16;

   @Param({"0", "50000"})
   public int extra;

   @Param({"100"})
   public int subscriptions;

   /** Selective rules are mostly decided by their anchors; broad ones are evaluated and read several properties. */
   @Param({"SELECTIVE", "BROAD"})
   public Mix mix;

   private BenchBroker server;
   private AddressRouting routing;
   private Message[] messages;
   private int next;

   @Setup(Level.Trial)
   public void setup() throws Exception {
      server = new BenchBroker(Kind.RULEFILTER, 1, FreePorts.any());
      DecisionWorkload workload = DecisionWorkload.of(mix, subscriptions, SAMPLE);
      long[] expected = workload.expected();
      server.subscribe(workload.filters(Kind.RULEFILTER));
      routing = new AddressRouting(server);
      messages = new Message[SAMPLE];
      for (int i = 0; i < SAMPLE; i++) {
         CoreMessage message = AddressRouting.newMessage(i + 1, 512);
         for (int p = 0; p < extra; p++) {
            message.putIntProperty(SimpleString.of("filler" + p), p);
         }
         workload.sample().get(i).writeTo(message);
         messages[i] = message;
         if (route() != expected[i]) {
            throw new IllegalStateException("message " + i + " reached " + routing.queueCount()
                  + " queues, its rules accept " + expected[i]);
         }
      }
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

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

import io.rulefilter.bench.AirportWorkload.AirportMessage;
import io.rulefilter.bench.AirportWorkload.Mix;
import io.rulefilter.bench.BenchBroker.Kind;
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

import java.util.Arrays;
import java.util.Collections;
import java.util.concurrent.TimeUnit;

/**
 * The routing decision for one message inside a real broker: the address's bindings choose the queues the message
 * goes to (Artemis's walk over every queue filter, or RuleFilter's index), without the network, the decoding and the
 * enqueueing around it, which cost the same whoever decides. This is the part of a publish that RuleFilter changes,
 * measured without the end-to-end run's noise. The set-up checks that every sample message reaches as many queues as
 * the rules, evaluated one by one, accept.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RoutingDecisionBenchmark {

   private static final int SAMPLE = 1024;

   /**
    * A {@link Kind} name. {@code NO_FILTER} is the floor: Artemis alone, without filters, routing each message into as
    * many queues as the mix's rules accept on average, which is what any broker spends to enqueue the matches.
    */
   @Param({"RULEFILTER", "ARTEMIS_SQL"})
   public String broker;

   @Param({"BROAD", "SELECTIVE"})
   public Mix mix;

   @Param({"1", "10", "100", "1000"})
   public int subscriptions;

   private BenchBroker server;
   private AddressRouting routing;
   private Message[] messages;
   private int next;

   @Setup(Level.Trial)
   public void setup() throws Exception {
      Kind kind = Kind.valueOf(broker);
      server = new BenchBroker(kind, 1, FreePorts.any());
      DecisionWorkload workload = DecisionWorkload.of(mix, subscriptions, SAMPLE);
      long[] expected = workload.expected();
      if (kind == Kind.NO_FILTER) {
         long matches = Math.round(Arrays.stream(expected).average().orElse(0));
         server.subscribe(Collections.nCopies((int) matches, null));
         Arrays.fill(expected, matches);
      } else {
         server.subscribe(workload.filters(kind));
      }
      routing = new AddressRouting(server);
      messages = new Message[SAMPLE];
      for (int i = 0; i < SAMPLE; i++) {
         messages[i] = coreMessage(i + 1, workload.sample().get(i));
         if (route() != expected[i]) {
            throw new IllegalStateException(kind.label + " " + mix + " N=" + subscriptions + ": message " + i
                  + " reached " + routing.queueCount() + " queues, its rules accept " + expected[i]);
         }
      }
   }

   private static Message coreMessage(long id, AirportMessage m) {
      CoreMessage message = AddressRouting.newMessage(id, 512);
      m.writeTo(message);
      return message;
   }

   /** Routes the next sample message (as a new routing even in the floor's case, where every queue is unfiltered). */
   @Benchmark
   public int route() throws Exception {
      return routing.route(messages[next++ & (SAMPLE - 1)]);
   }

   @TearDown(Level.Trial)
   public void tearDown() throws Exception {
      server.close();
   }
}

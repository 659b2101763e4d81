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
import io.rulefilter.bench.AirportWorkload.Subscription;
import io.rulefilter.bench.BenchBroker.Kind;
import io.rulefilter.selector.RuleSelector;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.message.impl.CoreMessage;
import org.apache.activemq.artemis.core.postoffice.Bindings;
import org.apache.activemq.artemis.core.server.RoutingContext;
import org.apache.activemq.artemis.core.server.impl.RoutingContextImpl;
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
import java.util.List;
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
   private Bindings bindings;
   private Message[] messages;
   private final RoutingContext context = new RoutingContextImpl(null);
   private int next;

   @Setup(Level.Trial)
   public void setup() throws Exception {
      Kind kind = Kind.valueOf(broker);
      server = new BenchBroker(kind, 1, BenchBroker.freePort());
      List<Subscription> subs = AirportWorkload.subscriptions(mix, subscriptions, 7L * subscriptions + mix.ordinal());
      List<AirportMessage> sample = AirportWorkload.messages(mix, SAMPLE, subscriptions, 11L * subscriptions + mix.ordinal());
      long[] expected = RoutingBenchmark.expectedPerMessage(subs, sample);
      if (kind == Kind.NO_FILTER) {
         long matches = Math.round(Arrays.stream(expected).average().orElse(0));
         server.subscribe(Collections.nCopies((int) matches, null));
         Arrays.fill(expected, matches);
      } else {
         server.subscribe(subs.stream().map(s -> kind == Kind.ARTEMIS_SQL ? s.sql() : RuleSelector.of(s.rule())).toList());
      }
      bindings = server.server().getPostOffice().getBindingsForAddress(SimpleString.of(BenchBroker.ADDRESS));
      context.setAddress(SimpleString.of(BenchBroker.ADDRESS));
      messages = new Message[SAMPLE];
      for (int i = 0; i < SAMPLE; i++) {
         messages[i] = coreMessage(i + 1, sample.get(i));
         if (route() != expected[i]) {
            throw new IllegalStateException(kind.label + " " + mix + " N=" + subscriptions + ": message " + i
                  + " reached " + context.getQueueCount() + " queues, its rules accept " + expected[i]);
         }
      }
   }

   private static Message coreMessage(long id, AirportMessage m) {
      CoreMessage message = new CoreMessage(id, 512);
      message.setAddress(BenchBroker.ADDRESS);
      m.writeTo(message);
      return message;
   }

   /**
    * Routes the next sample message. The context is marked not reusable first: Artemis reuses the previous routing
    * when every queue is unfiltered (the floor's case), which filtered subscriptions never allow.
    */
   @Benchmark
   public int route() throws Exception {
      context.setReusable(false);
      bindings.route(messages[next++ & (SAMPLE - 1)], context);
      return context.getQueueCount();
   }

   @TearDown(Level.Trial)
   public void tearDown() throws Exception {
      server.close();
   }
}

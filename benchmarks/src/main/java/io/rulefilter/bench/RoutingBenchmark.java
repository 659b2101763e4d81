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
import io.rulefilter.eval.CompiledRule;
import io.rulefilter.internal.eval.RuleCompiler;
import io.rulefilter.internal.message.MapMessage;
import io.rulefilter.internal.parse.RuleParser;
import io.rulefilter.selector.RuleSelector;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientProducer;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.api.core.client.ServerLocator;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.HashMap;
import java.util.Map;

/**
 * End-to-end routing throughput: N subscriptions on one multicast address, a producer publishing the airport
 * workload, and the clock running until every subscription queue holds all its messages. Every run is checked:
 * each queue must hold exactly the number of messages its rule, evaluated on its own, accepts.
 */
final class RoutingBenchmark {

   /** One measured run. */
   record Result(String transport, String mix, int subscriptions, String broker, int messages, double messagesPerSecond,
                 long deliveries) {
   }

   Result run(BenchBroker broker, String transport, Mix mix, int n, int messageCount, int warmup) throws Exception {
      List<Subscription> subscriptions = AirportWorkload.subscriptions(mix, n, 7L * n + mix.ordinal());
      List<AirportMessage> messages = AirportWorkload.messages(mix, warmup + messageCount, n, 11L * n + mix.ordinal());
      boolean filtered = broker.kind != BenchBroker.Kind.NO_FILTER;
      boolean routed = broker.kind == BenchBroker.Kind.ARTEMIS_ROUTED;
      if (routed && mix != Mix.SELECTIVE) {
         throw new IllegalArgumentException("a routed broker takes the selective mix only: one subscription per message");
      }
      List<String> filters = new ArrayList<>();
      for (Subscription s : subscriptions) {
         filters.add(switch (broker.kind) {
            case RULEFILTER, RULEFILTER_NO_INDEX -> RuleSelector.of(s.rule());
            case ARTEMIS_SQL -> s.sql();
            case NO_FILTER, ARTEMIS_ROUTED -> null;
         });
      }
      long afterWarmup = Arrays.stream(expected(mix, n, warmup, subscriptions, messages.subList(0, warmup), filtered)).sum();
      long[] expected = expected(mix, n, messages.size(), subscriptions, messages, filtered);
      long deliveries = Arrays.stream(expected).sum();
      System.gc(); // start every run without the previous run's garbage
      Thread.sleep(200);
      broker.subscribe(filters);
      try (ServerLocator locator = ActiveMQClient.createServerLocator(transport.equals("tcp")
               ? "tcp://127.0.0.1:" + broker.port : "vm://" + broker.vmId)
               .setBlockOnNonDurableSend(false).setConfirmationWindowSize(-1);
           ClientSessionFactory factory = locator.createSessionFactory();
           ClientSession session = factory.createSession()) {
         ClientProducer producer = session.createProducer(BenchBroker.ADDRESS);
         List<byte[]> routeTo = routed ? routeTo(broker.queueIds(), messages) : null;
         send(session, producer, messages, routeTo, 0, warmup);
         awaitTotal(broker, afterWarmup);
         long start = System.nanoTime();
         send(session, producer, messages, routeTo, warmup, messages.size());
         awaitTotal(broker, deliveries);
         double seconds = (System.nanoTime() - start) / 1e9;
         if (!Arrays.equals(broker.added(), expected)) {
            throw new IllegalStateException(broker.kind.label + " " + mix + " N=" + n
                  + ": the queues hold other counts than their rules accept");
         }
         return new Result(transport, mix.name().toLowerCase(), n, broker.kind.label, messageCount, messageCount / seconds,
               deliveries - afterWarmup);
      } finally {
         broker.unsubscribeAll();
      }
   }

   private final Map<String, long[]> expectedCache = new HashMap<>();

   /** The expected counts of one workload, computed once for all brokers that run it. */
   private long[] expected(Mix mix, int n, int count, List<Subscription> subscriptions, List<AirportMessage> messages,
                           boolean filtered) {
      return expectedCache.computeIfAbsent(mix + "/" + n + "/" + count + "/" + filtered,
            key -> expectedCounts(subscriptions, messages, filtered)).clone();
   }

   /** Per subscription, how many of the messages its rule accepts, evaluated on its own; all of them when unfiltered. */
   static long[] expectedCounts(List<Subscription> subscriptions, List<AirportMessage> messages, boolean filtered) {
      long[] counts = new long[subscriptions.size()];
      if (!filtered) {
         Arrays.fill(counts, messages.size());
         return counts;
      }
      if ((long) subscriptions.size() * messages.size() > 20_000_000L && AirportWorkload.isSelective(subscriptions)) {
         return selectiveCounts(subscriptions, messages);
      }
      List<MapMessage> views = views(messages);
      List<CompiledRule> rules = compiled(subscriptions);
      for (int i = 0; i < counts.length; i++) {
         for (MapMessage view : views) {
            counts[i] += rules.get(i).matches(view) ? 1 : 0;
         }
      }
      return counts;
   }

   /**
    * The counts of the selective mix by its construction — subscription i watches flight i alone, so a message counts
    * for the subscription of its flight — checked against the rules, each evaluated on its own, on a sample of 200
    * messages. (Evaluating 10,000 rules on each of 500,000 messages would take minutes.)
    */
   static long[] selectiveCounts(List<Subscription> subscriptions, List<AirportMessage> messages) {
      Map<Object, Integer> byFlight = watchers(subscriptions.size());
      long[] counts = new long[subscriptions.size()];
      for (AirportMessage message : messages) {
         Integer watcher = byFlight.get(message.properties().get("flight"));
         if (watcher != null) {
            counts[watcher]++;
         }
      }
      List<CompiledRule> rules = compiled(subscriptions);
      for (int m = 0; m < messages.size(); m += Math.max(1, messages.size() / 200)) {
         MapMessage view = views(messages.subList(m, m + 1)).get(0);
         Integer watcher = byFlight.get(messages.get(m).properties().get("flight"));
         for (int i = 0; i < rules.size(); i++) {
            if (rules.get(i).matches(view) != Integer.valueOf(i).equals(watcher)) {
               throw new IllegalStateException("the selective mix is not what its counts assume: message " + m
                     + " and the rule of subscription " + i);
            }
         }
      }
      return counts;
   }

   /** Per message, how many of the subscriptions' rules, evaluated one by one, accept it. */
   static long[] expectedPerMessage(List<Subscription> subscriptions, List<AirportMessage> messages) {
      List<MapMessage> views = views(messages);
      List<CompiledRule> rules = compiled(subscriptions);
      long[] counts = new long[messages.size()];
      for (int m = 0; m < counts.length; m++) {
         for (CompiledRule rule : rules) {
            counts[m] += rule.matches(views.get(m)) ? 1 : 0;
         }
      }
      return counts;
   }

   private static List<MapMessage> views(List<AirportMessage> messages) {
      return messages.stream().map(m -> new MapMessage(m.type(), m.properties())).toList();
   }

   private static List<CompiledRule> compiled(List<Subscription> subscriptions) {
      return subscriptions.stream().map(s -> RuleCompiler.compileDefault(RuleParser.parse(s.rule()))).toList();
   }

   static void send(ClientSession session, ClientProducer producer, List<AirportMessage> messages) throws Exception {
      send(session, producer, messages, null, 0, messages.size());
   }

   /** Sends messages [from, to), each naming its queue in {@code _AMQ_ROUTE_TO} when there are such IDs. */
   private static void send(ClientSession session, ClientProducer producer, List<AirportMessage> messages,
                            List<byte[]> routeTo, int from, int to) throws Exception {
      for (int i = from; i < to; i++) {
         ClientMessage message = session.createMessage(false);
         messages.get(i).writeTo(message);
         if (routeTo != null) {
            message.putBytesProperty(Message.HDR_ROUTE_TO_IDS, routeTo.get(i));
         }
         producer.send(message);
      }
   }

   /**
    * Per message of the selective mix, the {@code _AMQ_ROUTE_TO} value naming the queue of the one subscription that
    * watches its flight (subscription i is the i-th queue made).
    */
   private static List<byte[]> routeTo(long[] queueIds, List<AirportMessage> messages) {
      Map<Object, Integer> byFlight = watchers(queueIds.length);
      byte[][] ids = new byte[queueIds.length][];
      for (int i = 0; i < ids.length; i++) {
         ids[i] = ByteBuffer.allocate(Long.BYTES).putLong(queueIds[i]).array();
      }
      List<byte[]> routeTo = new ArrayList<>(messages.size());
      for (AirportMessage message : messages) {
         Integer watcher = byFlight.get(message.properties().get("flight"));
         if (watcher == null) {
            throw new IllegalStateException("a selective message whose flight no subscription watches");
         }
         routeTo.add(ids[watcher]);
      }
      return routeTo;
   }

   /** In the selective mix of {@code n} subscriptions, which subscription watches each flight: i watches flight i. */
   private static Map<Object, Integer> watchers(int n) {
      Map<Object, Integer> byFlight = new HashMap<>();
      for (int i = 0; i < n; i++) {
         byFlight.put(AirportWorkload.flight(i), i);
      }
      return byFlight;
   }

   static void awaitTotal(BenchBroker broker, long total) throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
      while (broker.totalAdded() < total) {
         if (System.nanoTime() > deadline) {
            throw new IllegalStateException(broker.kind.label + ": only " + broker.totalAdded() + " of " + total
                  + " deliveries arrived within 5 minutes");
         }
         // a spinning poll over thousands of queues would take a core from the broker: about 1% of a core at most
         Thread.sleep(Math.max(1, broker.queueCount() / 1000));
      }
   }
}

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
import io.rulefilter.selector.RuleSelector;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * What users of a broker see: N selective JMS subscriptions with a consumer attached to each, and a JMS producer on
 * the same machine (loopback TCP). Two kinds of run on the same subscribers:
 * <ul>
 *    <li><b>paced</b>: the producer publishes at a fixed rate well below what either broker can route, stamping each
 *        message with its send time; each consumer's listener takes the publish-to-deliver time. This is latency, not
 *        saturation: the rate is one plain Artemis sustains at 1,000 subscriptions.</li>
 *    <li><b>flat out</b>: the producer publishes as fast as it can and the clock runs until every consumer has
 *        received all its messages — the routing benchmark's throughput with the queues drained as they fill.</li>
 * </ul>
 * Producer and consumers share the JVM, so {@link System#nanoTime()} is one clock for both. Every run is checked: each
 * message must reach exactly the subscription whose rule accepts it, once (in the selective mix a message's flight is
 * watched by one subscription; the rules are checked against that on a sample).
 */
final class LatencyBenchmark implements AutoCloseable {

   /** One paced run: the rate the producer kept and the publish-to-deliver times, each and as percentiles. */
   record Paced(String broker, int subscriptions, int messages, double sentPerSecond, long[] latencyNanos,
                Percentiles latency) {
   }

   private final BenchBroker broker;
   private final List<Subscription> subscriptions;
   private final Subscribers subscribers;
   private final ActiveMQConnectionFactory factory;
   private final Connection connection;
   private final Session session;
   private final MessageProducer producer;
   private int runs;

   /** Makes {@code n} selective subscriptions on {@code broker} with a consumer each, and a producer. */
   LatencyBenchmark(BenchBroker broker, int n) throws Exception {
      this.broker = broker;
      this.subscriptions = AirportWorkload.subscriptions(Mix.SELECTIVE, n, 29L * n);
      this.subscribers = new Subscribers(broker, subscriptions.stream().map(s -> switch (broker.kind) {
         case RULEFILTER, RULEFILTER_NO_INDEX -> RuleSelector.of(s.rule());
         case ARTEMIS_SQL -> s.sql();
         case NO_FILTER, ARTEMIS_ROUTED -> throw new IllegalArgumentException("the latency benchmark compares filtering brokers");
      }).toList());
      this.factory = new ActiveMQConnectionFactory("tcp://127.0.0.1:" + broker.port);
      try {
         this.connection = factory.createConnection();
         this.session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
         this.producer = session.createProducer(session.createTopic(BenchBroker.ADDRESS));
         producer.setDeliveryMode(DeliveryMode.NON_PERSISTENT); // as in the routing runs: no journal in the way
      } catch (JMSException | RuntimeException e) {
         factory.close();
         subscribers.close();
         throw e;
      }
   }

   /** Publishes {@code count} messages at {@code rate} a second, evenly spaced; times every delivery. */
   Paced paced(int count, int rate) throws Exception {
      List<AirportMessage> messages = AirportWorkload.messages(Mix.SELECTIVE, count, subscriptions.size(), 31L * count);
      System.gc(); // no paced run pays for the previous run's garbage in its latencies
      Thread.sleep(50);
      Deliveries deliveries = begin(count);
      long period = 1_000_000_000L / rate;
      long start = System.nanoTime();
      long last = start;
      for (int m = 0; m < count; m++) {
         Message message = message(messages.get(m), m);
         long due = start + m * period;
         for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime()) {
            LockSupport.parkNanos(wait);
         }
         last = System.nanoTime();
         message.setLongProperty(Subscribers.SENT, last);
         producer.send(message);
      }
      deliveries.awaitAll(broker.kind.label);
      verify(deliveries, messages);
      double sentPerSecond = count > 1 ? (count - 1) / ((last - start) / 1e9) : rate;
      long[] nanos = deliveries.latencyNanos();
      return new Paced(broker.kind.label, subscriptions.size(), count, sentPerSecond, nanos, Percentiles.of(nanos));
   }

   /** Publishes {@code count} messages as fast as the producer can; messages a second until all are delivered. */
   double flatOut(int count) throws Exception {
      List<AirportMessage> messages = AirportWorkload.messages(Mix.SELECTIVE, count, subscriptions.size(), 37L * count);
      Deliveries deliveries = begin(count);
      long start = System.nanoTime();
      for (int m = 0; m < count; m++) {
         Message message = message(messages.get(m), m);
         message.setLongProperty(Subscribers.SENT, System.nanoTime());
         producer.send(message);
      }
      deliveries.awaitAll(broker.kind.label);
      double seconds = (System.nanoTime() - start) / 1e9;
      verify(deliveries, messages);
      return count / seconds;
   }

   private Deliveries begin(int count) {
      Deliveries deliveries = new Deliveries(++runs, count);
      subscribers.recordInto(deliveries);
      return deliveries;
   }

   private Message message(AirportMessage airport, int seq) throws JMSException {
      Message message = session.createMessage();
      message.setJMSType(airport.type());
      for (Map.Entry<String, Object> property : airport.properties().entrySet()) {
         message.setObjectProperty(property.getKey(), property.getValue());
      }
      message.setIntProperty(Subscribers.RUN, runs);
      message.setIntProperty(Subscribers.SEQ, seq);
      return message;
   }

   /** The subscription each message belongs to by the selective mix's construction, checked against the rules. */
   private void verify(Deliveries deliveries, List<AirportMessage> messages) {
      long[] counts = RoutingBenchmark.selectiveCounts(subscriptions, messages); // checks the rules on a sample
      Map<Object, Integer> byFlight = new HashMap<>();
      for (int i = 0; i < subscriptions.size(); i++) {
         byFlight.put(AirportWorkload.flight(i), i);
      }
      int[] expected = new int[messages.size()];
      for (int m = 0; m < expected.length; m++) {
         expected[m] = byFlight.getOrDefault(messages.get(m).properties().get("flight"), -1);
      }
      deliveries.verify(broker.kind.label, expected, counts);
   }

   @Override
   public void close() throws JMSException {
      try {
         connection.close();
         factory.close();
      } finally {
         subscribers.close();
      }
   }
}

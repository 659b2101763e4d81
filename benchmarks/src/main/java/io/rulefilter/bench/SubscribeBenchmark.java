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
import io.rulefilter.bench.AirportWorkload.Subscription;
import io.rulefilter.selector.RuleSelector;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.api.core.client.ClientConsumer;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.api.core.client.ServerLocator;

import java.util.ArrayList;
import java.util.List;

/**
 * The cost of subscribing: N subscriptions made one after another over TCP the way a JMS shared subscription makes
 * them (a shared queue with the subscription's filter, then a consumer on it), then removed again (consumer closed,
 * queue deleted). The time per subscription shows whether the cost grows with the subscriptions already there.
 */
final class SubscribeBenchmark {

   /**
    * One measured run: microseconds per subscription made and per subscription removed, and the heap each
    * subscription held while it existed (the broker's and its client's share, measured after a full collection).
    */
   record Result(int subscriptions, String broker, double createMicros, double removeMicros, double heapBytes) {
   }

   /**
    * Makes and removes {@code n} subscriptions on {@code broker}, {@code repeats} times over (small N alone is too short
    * to time); the heap is measured on the first.
    */
   Result run(BenchBroker broker, int n, int repeats) throws Exception {
      List<String> filters = AirportWorkload.subscriptions(Mix.SELECTIVE, n, 13L * n).stream()
            .map(s -> filter(broker.kind, s)).toList();
      long heapBefore = usedHeap();
      double heapBytes = Double.NaN;
      long making = 0;
      long removing = 0;
      try (ServerLocator locator = ActiveMQClient.createServerLocator("tcp://127.0.0.1:" + broker.port);
           ClientSessionFactory factory = locator.createSessionFactory();
           ClientSession session = factory.createSession()) {
         session.start();
         for (int r = 0; r < repeats; r++) {
            List<ClientConsumer> consumers = new ArrayList<>(n);
            long start = System.nanoTime();
            for (int i = 0; i < n; i++) {
               String name = "subscription-" + i;
               session.createSharedQueue(QueueConfiguration.of(name).setAddress(BenchBroker.ADDRESS)
                     .setRoutingType(RoutingType.MULTICAST).setFilterString(filters.get(i)).setDurable(true));
               consumers.add(session.createConsumer(name));
            }
            making += System.nanoTime() - start;
            if (broker.server().getPostOffice().getBindingsForAddress(SimpleString.of(BenchBroker.ADDRESS))
                  .getBindings().size() < n) {
               throw new IllegalStateException(broker.kind.label + ": fewer than " + n + " subscriptions were made");
            }
            if (r == 0) {
               heapBytes = (double) (usedHeap() - heapBefore) / n;
            }
            start = System.nanoTime();
            for (int i = 0; i < n; i++) {
               consumers.get(i).close();
               session.deleteQueue("subscription-" + i);
            }
            removing += System.nanoTime() - start;
         }
      }
      long total = (long) n * repeats;
      return new Result(n, broker.kind.label, making / 1e3 / total, removing / 1e3 / total, heapBytes);
   }

   /** The heap in use after a full collection; also starts a run without the previous run's garbage. */
   private static long usedHeap() throws InterruptedException {
      Runtime runtime = Runtime.getRuntime();
      for (int i = 0; i < 2; i++) {
         System.gc();
         Thread.sleep(100);
      }
      return runtime.totalMemory() - runtime.freeMemory();
   }

   private static String filter(BenchBroker.Kind kind, Subscription subscription) {
      return switch (kind) {
         case RULEFILTER, RULEFILTER_NO_INDEX -> RuleSelector.of(subscription.rule());
         case ARTEMIS_SQL -> subscription.sql();
         case NO_FILTER, ARTEMIS_ROUTED -> null;
      };
   }
}

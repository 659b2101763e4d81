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
package io.rulefilter.artemis.subscription;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.rulefilter.artemis.routing.SubscriptionFilter;
import io.rulefilter.artemis.server.BrokerMeters;
import org.apache.activemq.artemis.core.server.metrics.MetricsManager;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Publishes each filtered subscription's counters as Artemis metrics ({@code artemis.rulefilter.matched} and
 * {@code artemis.rulefilter.rejected}, tagged broker, address, queue) when the broker has metrics enabled.
 */
final class SubscriptionMeters {

   private final BrokerMeters broker;
   private final Map<String, List<Meter>> meters = new ConcurrentHashMap<>();

   SubscriptionMeters(BrokerMeters broker) {
      this.broker = broker;
   }

   void register(String address, String queue, SubscriptionFilter filter) {
      MeterRegistry registry = broker.registry();
      if (registry == null) {
         return;
      }
      remove(queue); // a replaced filter brings new counters
      Tags tags = Tags.of("broker", broker.broker(), "address", address, "queue", queue);
      meters.put(queue, List.of(
            FunctionCounter.builder(MetricsManager.METER_PREFIX + "rulefilter.matched", filter, SubscriptionFilter::matched)
                  .tags(tags).description("messages the subscription's rule let into its queue").register(registry),
            FunctionCounter.builder(MetricsManager.METER_PREFIX + "rulefilter.rejected", filter, SubscriptionFilter::rejected)
                  .tags(tags).description("messages the subscription's rule kept out of its queue").register(registry)));
   }

   void remove(String queue) {
      List<Meter> removed = meters.remove(queue);
      MeterRegistry registry = broker.registry();
      if (removed != null && registry != null) {
         removed.forEach(registry::remove);
      }
   }

   /**
    * This life ends: its meters leave the registry, which the metrics plugin keeps across restarts and which would
    * otherwise hand them, reading this life's counters, to the next life's subscriptions of the same names.
    */
   void removeAll() {
      List.copyOf(meters.keySet()).forEach(this::remove);
   }
}

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
package io.rulefilter.artemis.routing;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.rulefilter.artemis.server.BrokerMeters;
import org.apache.activemq.artemis.core.server.metrics.MetricsManager;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Publishes, when the broker has metrics enabled, whether the routing index serves each address with a RuleFilter
 * subscription: {@code artemis.rulefilter.index.active}, 1 or 0, tagged broker and address as Artemis tags its own
 * address meters. Called holding the post office's monitor, as {@link AddressIndexes}; the gauge reads a volatile.
 */
final class IndexMeters {

   static final String NAME = MetricsManager.METER_PREFIX + "rulefilter.index.active";

   private final BrokerMeters meters;
   /** Each gauge with the registry it was registered in, which it is removed from even if the broker's is gone. */
   private final Map<String, Followed> gauges = new HashMap<>();

   private record Followed(MeterRegistry registry, Gauge gauge) {
   }

   IndexMeters(BrokerMeters meters) {
      this.meters = meters;
   }

   /** From now on {@code address} shows whether {@code a} routes it; a second call for the same address is a no-op. */
   void follow(String address, IndexedAddress a) {
      MeterRegistry registry = meters.registry();
      if (registry == null || gauges.containsKey(address)) {
         return;
      }
      // held strongly: a weakly held address reads NaN once collected, while its gauge is still registered
      gauges.put(address, new Followed(registry, Gauge.builder(NAME, a, IndexMeters::active).strongReference(true)
            .tags("broker", meters.broker(), "address", address)
            .description("1 while RuleFilter's routing index serves the address, 0 while it is routed queue by queue")
            .register(registry)));
   }

   void forget(String address) {
      Followed followed = gauges.remove(address);
      if (followed != null) {
         followed.registry().remove(followed.gauge());
      }
   }

   /** This life ends: the metrics plugin's registry outlives it (see SubscriptionMeters). */
   void forgetAll() {
      List.copyOf(gauges.keySet()).forEach(this::forget);
   }

   private static double active(IndexedAddress a) {
      return a.serving() ? 1 : 0;
   }
}

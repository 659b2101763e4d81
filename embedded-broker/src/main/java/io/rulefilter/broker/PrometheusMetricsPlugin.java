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
package io.rulefilter.broker;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.apache.activemq.artemis.core.server.metrics.ActiveMQMetricsPlugin;

import java.util.Map;

/** Hands Artemis the Prometheus registry {@link MetricsEndpoint} serves; Artemis and RuleFilter register their meters in it. */
final class PrometheusMetricsPlugin implements ActiveMQMetricsPlugin {

   private static final long serialVersionUID = 1L;

   /** Transient like Artemis's own plugins' registries: a registry is the running broker's, never configuration. */
   private final transient PrometheusMeterRegistry registry;

   PrometheusMetricsPlugin(PrometheusMeterRegistry registry) {
      this.registry = registry;
   }

   /** Artemis calls this only for a plugin named in broker.xml; this one is made ready by {@link MetricsEndpoint}. */
   @Override
   public ActiveMQMetricsPlugin init(Map<String, String> options) {
      return this;
   }

   @Override
   public MeterRegistry getRegistry() {
      return registry;
   }
}

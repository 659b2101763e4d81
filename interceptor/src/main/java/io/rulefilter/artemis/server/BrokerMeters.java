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
package io.rulefilter.artemis.server;

import io.micrometer.core.instrument.MeterRegistry;
import org.apache.activemq.artemis.core.server.metrics.MetricsManager;

/**
 * Where RuleFilter's meters go: the registry of the broker's metrics plugin, tagged with the broker's name.
 *
 * @param broker  the broker's name, the {@code broker} tag of every meter
 * @param metrics the broker's metrics manager, null when no metrics plugin is configured
 */
public record BrokerMeters(String broker, MetricsManager metrics) {

   /** The registry, or null when there is none. */
   public MeterRegistry registry() {
      return metrics == null ? null : metrics.getMeterRegistry();
   }
}

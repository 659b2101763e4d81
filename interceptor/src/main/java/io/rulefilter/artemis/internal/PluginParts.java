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
package io.rulefilter.artemis.internal;

import io.rulefilter.artemis.RuleFilterPlugin;
import io.rulefilter.artemis.cluster.ClusterRouting;
import io.rulefilter.artemis.management.RuleManagement;
import io.rulefilter.artemis.subscription.SubscriptionRegistry;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * A registered plugin's internal parts, for RuleFilter's own embedding code, tools and tests: what
 * {@link RuleFilterPlugin} does not show, so that its signatures name no internal type. Each answer is of the plugin's
 * current life with a server, or its last one once unregistered; null before it was first registered. Touched when a
 * plugin is registered and when these are asked for, never while routing.
 */
public final class PluginParts {

   private static final Map<RuleFilterPlugin, PluginParts> PARTS = Collections.synchronizedMap(new WeakHashMap<>());

   private final RuleManagement management;
   private final SubscriptionRegistry registry;
   private final ClusterRouting cluster;

   private PluginParts(RuleManagement management, SubscriptionRegistry registry, ClusterRouting cluster) {
      this.management = management;
      this.registry = registry;
      this.cluster = cluster;
   }

   /** Called by the plugin for each life with a server. */
   public static void put(RuleFilterPlugin plugin, RuleManagement management, SubscriptionRegistry registry,
                          ClusterRouting cluster) {
      PARTS.put(plugin, new PluginParts(management, registry, cluster));
   }

   /** The management operations. */
   public static RuleManagement management(RuleFilterPlugin plugin) {
      PluginParts parts = PARTS.get(plugin);
      return parts == null ? null : parts.management;
   }

   /** The subscription registry. */
   public static SubscriptionRegistry registry(RuleFilterPlugin plugin) {
      PluginParts parts = PARTS.get(plugin);
      return parts == null ? null : parts.registry;
   }

   /** Its part in a cluster (e.g. how many forwarded deliveries this node judged). */
   public static ClusterRouting cluster(RuleFilterPlugin plugin) {
      PluginParts parts = PARTS.get(plugin);
      return parts == null ? null : parts.cluster;
   }
}

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
package io.rulefilter.artemis.cluster;

import io.rulefilter.artemis.RuleFilterPlugin;
import io.rulefilter.artemis.internal.PluginParts;
import org.apache.activemq.artemis.core.server.cluster.RemoteQueueBinding;

import java.util.Map;

/**
 * For benchmarks only: tells a RuleFilter broker that the node its hand-made copies belong to has no managed queues,
 * as that node would answer when asked, so that the copies forward by their creation rules.
 */
public final class BenchmarkCopies {

   private BenchmarkCopies() {
   }

   public static void nodeAnnounced(RuleFilterPlugin plugin, RemoteQueueBinding copy) {
      PluginParts.cluster(plugin).copies().nodeAnnounced(CopyRegister.nodeOf(copy), Map.of(), 1, null);
   }
}

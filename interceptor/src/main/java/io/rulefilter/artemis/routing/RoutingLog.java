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

import io.rulefilter.artemis.log.RoutingLogger;
import io.rulefilter.artemis.routing.AddressIndexes.Routing;
import org.apache.activemq.artemis.core.postoffice.Binding;
import org.apache.activemq.artemis.core.postoffice.impl.DivertBinding;
import org.apache.activemq.artemis.core.server.cluster.RemoteQueueBinding;

/** What operators read about how an address is routed: each change of decision, once, and what made the index decline. */
final class RoutingLog {

   private RoutingLog() {
   }

   /** Logs the decision {@code next} for {@code address} unless it only restates {@code before} (null: the first). */
   static void changed(String address, Routing before, Routing next) {
      if (before != null && before.equals(next) || before != null && before.indexed() && next.indexed()) {
         return;
      }
      if (next.indexed()) {
         RoutingLogger.routedThroughIndex(address, next.detail());
      } else if (next.equals(Routing.TOO_FEW_QUEUES) && (before == null || before.equals(Routing.TOO_FEW_QUEUES))) {
         RoutingLogger.stillQueueByQueue(address, next.detail());
      } else {
         RoutingLogger.routedQueueByQueue(address, next.detail());
      }
   }

   /** A binding that keeps the index from an address, as operators know it. */
   static String describe(Binding binding) {
      if (binding instanceof DivertBinding) {
         return "divert '" + binding.getUniqueName() + "'";
      }
      if (binding instanceof RemoteQueueBinding) {
         return "remote queue '" + binding.getUniqueName() + "' of another cluster node";
      }
      return "binding '" + binding.getUniqueName() + "' (" + binding.getType() + ")";
   }
}

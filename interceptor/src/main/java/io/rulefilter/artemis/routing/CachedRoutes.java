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
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.config.WildcardConfiguration;
import org.apache.activemq.artemis.core.postoffice.Bindings;
import org.apache.activemq.artemis.core.postoffice.impl.AddressImpl;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;
import org.apache.activemq.artemis.core.server.ActiveMQServer;

import java.util.List;

/**
 * Artemis sessions cache the queues a message went to and reuse them while the address's bindings keep their version
 * and none has a filter. When RuleFilter gives a queue a filter, the bindings holding it must take a new version.
 */
final class CachedRoutes {

   private final ActiveMQServer server;

   CachedRoutes(ActiveMQServer server) {
      this.server = server;
   }

   /**
    * Tells every session that caches routes through an address holding {@code binding} (its own, and for a wildcard
    * queue every address it was copied into) that the binding changed, so the next message is routed afresh.
    */
   void invalidate(LocalQueueBinding binding) {
      try {
         WildcardConfiguration wildcards = server.getConfiguration().getWildcardConfiguration();
         boolean wildcard = server.getConfiguration().isWildcardRoutingEnabled()
               && new AddressImpl(binding.getAddress(), wildcards).containsWildCard();
         Iterable<SimpleString> holders = wildcard ? server.getPostOffice().getAddresses() : List.of(binding.getAddress());
         for (SimpleString address : holders) {
            Bindings bindings = server.getPostOffice().lookupBindingsForAddress(address);
            // a binding still being added needs nothing: adding it gives its bindings a new version anyway
            if (bindings != null && bindings.getBinding(binding.getUniqueName().toString()) == binding) {
               bindings.updated(binding);
            }
         }
      } catch (Exception e) {
         RoutingLogger.cachedRoutesNotRefreshed(binding.getUniqueName(), e);
      }
   }
}

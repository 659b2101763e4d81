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
import org.apache.activemq.artemis.core.postoffice.Bindings;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;
import org.apache.activemq.artemis.core.postoffice.PostOffice;

import java.util.List;

/**
 * Artemis sessions cache the queues a message went to and reuse them while the address's bindings keep their version
 * and none has a filter. When RuleFilter gives a queue a filter, the bindings holding it must take a new version.
 */
final class CachedRoutes {

   private final PostOffice postOffice;
   private final WildcardAddresses wildcards;

   CachedRoutes(PostOffice postOffice, WildcardAddresses wildcards) {
      this.postOffice = postOffice;
      this.wildcards = wildcards;
   }

   /**
    * Tells every session that caches routes through an address holding {@code binding} (its own, and for a wildcard
    * queue every address it was copied into) that the binding changed, so the next message is routed afresh.
    */
   void invalidate(LocalQueueBinding binding) {
      try {
         SimpleString own = binding.getAddress();
         Iterable<SimpleString> holders = wildcards.isWildcard(own) ? postOffice.getAddresses() : List.of(own);
         for (SimpleString address : holders) {
            Bindings bindings = postOffice.lookupBindingsForAddress(address);
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

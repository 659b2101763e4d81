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

import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.postoffice.Binding;
import org.apache.activemq.artemis.core.postoffice.Bindings;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;
import org.apache.activemq.artemis.core.server.cluster.RemoteQueueBinding;

import java.util.ArrayList;
import java.util.List;

/**
 * What is bound to an address, as its index sees it: the queues it would route (this node's, and copies of other
 * nodes' queues), whether RuleFilter manages any of them, whether one is the address's own (not only a copy of a
 * wildcard queue), and what else bound there forbids an index.
 *
 * @param queues   the queues and copies, in Artemis's order; index bindings left out
 * @param declined why the bindings forbid an index (an anycast queue, a divert), or null
 */
record AddressBindings(List<Binding> queues, AddressIndexes.Routing declined, boolean managed, boolean ownQueue) {

   static AddressBindings read(SimpleString address, Bindings bindings) {
      List<Binding> queues = new ArrayList<>();
      AddressIndexes.Routing declined = null;
      boolean ownQueue = false;
      boolean managed = false;
      for (Binding binding : bindings == null ? List.<Binding>of() : bindings.getBindings()) {
         if (binding instanceof IndexBinding) {
            continue;
         }
         if (binding instanceof LocalQueueBinding local) {
            if (local.getQueue().getRoutingType() != RoutingType.MULTICAST) {
               declined = AddressIndexes.Routing.queueByQueue("queue '" + local.getQueue().getName() + "' is "
                     + local.getQueue().getRoutingType());
            }
            managed |= local.getQueue().getFilter() instanceof SubscriptionFilter;
         } else if (binding instanceof RemoteQueueBinding copy) {
            managed |= CopyForwarding.isOfRule(copy.getFilter());
         } else {
            declined = AddressIndexes.Routing.queueByQueue(RoutingLog.describe(binding) + " is bound to it");
            continue;
         }
         ownQueue |= binding.getAddress().equals(address);
         queues.add(binding);
      }
      return new AddressBindings(queues, declined, managed, ownQueue);
   }

   /** Whether an index has anything to route here: a managed queue, one of them the address's own. */
   boolean indexable() {
      return managed && ownQueue;
   }
}

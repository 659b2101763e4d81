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

import io.rulefilter.artemis.routing.SubscriptionFilter;
import io.rulefilter.message.MessageView;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.filter.Filter;
import org.apache.activemq.artemis.core.postoffice.Binding;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;

import java.util.function.Function;

/**
 * This node's queue that shares a copy's routing name (the same shared subscription, or anycast queue, here), looked
 * up by name when asked: Artemis gives a message to one queue of a routing name, so a copy that forwards only a
 * superset of what its queue accepts leaves a message to this queue when this queue takes it and has another filter
 * (a subscription rolled out with a new rule node by node): there the message could be rejected, and reach neither.
 * With the same filter, both queues share one state (management keeps it in step), so the other node's queue takes
 * what this one takes, and Artemis's choice between them stands. A map lookup, no allocation.
 *
 * @param bindings the post office's bindings by unique name (a local queue's is its name)
 */
record LocalNamesake(SimpleString address, SimpleString routingName, Function<SimpleString, Binding> bindings) {

   /**
    * Whether this node's queue of the same name exists, has a filter other than {@code copyFilter} and takes the
    * message ({@code view} is the message's); its counters are not touched.
    */
   boolean takesInstead(Message message, SimpleString copyFilter, MessageView view) {
      if (!(bindings.apply(routingName) instanceof LocalQueueBinding local) || !address.equals(local.getAddress())
            || !routingName.equals(local.getRoutingName())) {
         return false;
      }
      Filter filter = local.getFilter();
      if (sameFilter(filter == null ? null : filter.getFilterString(), copyFilter)) {
         return false;
      }
      if (filter instanceof SubscriptionFilter subscription) {
         return subscription.policy().accepts(message, view);
      }
      return filter == null || filter.match(message);
   }

   /** Artemis takes an empty filter string for none (a copy's may arrive as either). */
   static boolean sameFilter(SimpleString local, SimpleString copy) {
      boolean noLocal = local == null || local.isEmpty();
      boolean noCopy = copy == null || copy.isEmpty();
      return noLocal || noCopy ? noLocal == noCopy : local.equals(copy);
   }
}

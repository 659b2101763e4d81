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
package io.rulefilter.bench;

import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.message.impl.CoreMessage;
import org.apache.activemq.artemis.core.postoffice.Bindings;
import org.apache.activemq.artemis.core.server.RoutingContext;
import org.apache.activemq.artemis.core.server.impl.RoutingContextImpl;

/**
 * The routing decision for {@link BenchBroker#ADDRESS} in one broker, as the decision benchmarks measure it: the
 * address's bindings choose the queues of a message, without the network and the enqueueing around it.
 */
final class AddressRouting {

   private final Bindings bindings;
   private final RoutingContext context = new RoutingContextImpl(null);

   /** Takes the address's bindings as they are now: subscribe before. */
   AddressRouting(BenchBroker server) throws Exception {
      bindings = server.server().getPostOffice().getBindingsForAddress(SimpleString.of(BenchBroker.ADDRESS));
      context.setAddress(SimpleString.of(BenchBroker.ADDRESS));
   }

   /** A new message to the address, of {@code size} bytes' room, for a benchmark to fill. */
   static CoreMessage newMessage(long id, int size) {
      CoreMessage message = new CoreMessage(id, size);
      message.setAddress(BenchBroker.ADDRESS);
      return message;
   }

   /**
    * Routes {@code message} and returns how many queues it reaches. The context is marked not reusable first: Artemis
    * reuses the previous routing when every queue is unfiltered, which filtered subscriptions never allow.
    */
   int route(Message message) throws Exception {
      context.setReusable(false);
      bindings.route(message, context);
      return context.getQueueCount();
   }

   /** How many queues the last message routed reaches. */
   int queueCount() {
      return context.getQueueCount();
   }
}

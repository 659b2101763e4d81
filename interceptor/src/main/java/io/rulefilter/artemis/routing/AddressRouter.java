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

import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.core.postoffice.Binding;
import org.apache.activemq.artemis.core.postoffice.Bindings;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;
import org.apache.activemq.artemis.core.server.RoutingContext;
import org.apache.activemq.artemis.core.server.cluster.impl.MessageLoadBalancingType;
import org.apache.activemq.artemis.utils.CompositeAddress;

import java.util.concurrent.atomic.LongAdder;

/**
 * Routes the messages of one address through its {@link RuleIndex} while that index describes the address's bindings
 * exactly. It declines a message (so Artemis routes it itself, through each queue's filter) when:
 * <ul>
 *    <li>it has no index ({@link #publish} with null: something on the address the index cannot route);</li>
 *    <li>the address's bindings changed since the index was built ({@code bindings.size()} differs): a queue, a
 *        wildcard subscription or a divert arrived or left and the index has not caught up yet;</li>
 *    <li>the message names its queues ({@code _AMQ_ROUTE_TO}: DLQ and expiry retries, moves, data import, scale-down,
 *        cluster forwarding): Artemis must deliver it to exactly those queues;</li>
 *    <li>it is sent to one fully qualified queue;</li>
 *    <li>other nodes' queues are bound and a queue of this node already holds it (its references count, or it was
 *        read back from a page): the filter of a copy of another node's queue takes such a message without judging
 *        it, which only that filter itself knows how to do.</li>
 * </ul>
 */
final class AddressRouter {

   private final Bindings bindings;
   private final ThreadLocal<ArtemisMessageView> views;
   private final IndexCounting counting = new IndexCounting();
   private final LongAdder evaluated = counting.evaluated();
   private volatile Table table;

   AddressRouter(Bindings bindings, ThreadLocal<ArtemisMessageView> views) {
      this.bindings = bindings;
      this.views = views;
   }

   /**
    * Routes by the index of {@code contents}, which the address had {@code bindingCount} bindings for (this router's
    * own included), from now on; null to decline every message. The subscriptions the contents hold count what this
    * router evaluates from here ({@link IndexCounting}). Not thread-safe: the caller serialises publications.
    */
   void publish(IndexContents contents, int bindingCount) {
      this.table = contents == null ? null : new Table(contents.index(), bindingCount);
      counting.published(contents); // after: the subscriptions of the new index count from its first message, not the old one's
   }

   /** The number of bindings the published index was built for; -1 without one. */
   int bindingCount() {
      Table current = table;
      return current == null ? -1 : current.bindingCount();
   }

   boolean isActive() {
      return table != null;
   }

   /** True when the index describes the address's bindings as they are now, so it routes messages. */
   boolean isCurrent() {
      Table current = table;
      return current != null && bindings.size() == current.bindingCount();
   }

   /** The bindings this router serves. */
   Bindings bindings() {
      return bindings;
   }

   /** Whether the index routes {@code message}; when it does, the message's properties are already read for {@link #route}. */
   boolean handles(Message message) {
      Table current = table;
      if (current == null || bindings.size() != current.bindingCount()
            || CompositeAddress.isFullyQualified(message.getAddress())) {
         return false;
      }
      if (current.index().hasCopies() && (message.getRefCount() > 0 || message.isPaged())) {
         return false; // held by a queue already: a copy's own filter takes it unjudged, so Artemis asks that filter
      }
      ArtemisMessageView view = views.get();
      try {
         view.readOnce(message);
         if (view.hasProperty(Message.HDR_ROUTE_TO_IDS)) {
            view.release();
            return false;
         }
      } catch (RuntimeException unreadable) {
         view.release();
         return EvaluationFailures.reject("reading a message's properties", unreadable); // Artemis routes it per queue
      }
      view.pin(current.index()); // route() uses the index that took the message, even if a newer one is published
      return true;
   }

   /**
    * Routes a message {@link #handles} took on this thread. Artemis always asks first; should a message arrive
    * without that, it is routed queue by queue through each binding's own filter, as Artemis would.
    */
   void route(Message message, RoutingContext context) throws Exception {
      ArtemisMessageView view = views.get();
      RuleIndex index = view.isOn(message) ? view.pinned() : null;
      try {
         if (index == null) {
            routeQueueByQueue(message, context);
            return;
         }
         if (index.hasCopies()) {
            MessageLoadBalancingType balancing = context.getLoadBalancingType();
            view.balance(balancing != null ? balancing : bindings.getMessageLoadBalancingType(), message);
         }
         index.route(message, context, view);
         evaluated.increment(); // after the matches: a subscription's rejected count may lag, never run ahead
      } finally {
         view.release();
      }
   }

   /** Only this node's queues: a route Artemis never asks for (see {@link #route}); other nodes' get nothing. */
   private void routeQueueByQueue(Message message, RoutingContext context) throws Exception {
      for (Binding binding : bindings.getBindings()) {
         if (binding instanceof LocalQueueBinding local && (local.getFilter() == null || local.getFilter().match(message))) {
            local.route(message, context);
         }
      }
   }

   private record Table(RuleIndex index, int bindingCount) {
   }
}

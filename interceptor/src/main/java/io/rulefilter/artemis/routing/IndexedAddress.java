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
import org.apache.activemq.artemis.core.postoffice.PostOffice;

import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * One address RuleFilter routes or has declined: its index binding, router and contents while the index routes, and
 * the latest decision, which it reports ({@link RoutingLog}). Guarded by the post office's monitor like
 * {@link AddressIndexes}, which decides; this class alone changes its state.
 */
final class IndexedAddress {

   private final String address;
   private IndexBinding binding;
   private AddressRouter router;
   private IndexContents contents;
   private AddressIndexes.Routing routing;
   /** Whether the index serves the address, for the metrics thread, which holds no lock. */
   private volatile boolean serving;

   IndexedAddress(String address) {
      this.address = address;
   }

   /** The latest decision, null before the first. */
   AddressIndexes.Routing routing() {
      return routing;
   }

   /** The router while the address has its index binding, else null. */
   AddressRouter router() {
      return router;
   }

   /** The contents the router routes by, null while it declines. */
   IndexContents contents() {
      return contents;
   }

   boolean serving() {
      return serving;
   }

   /** Whether its router serves bindings other than {@code bindings}: Artemis replaced the address's bindings. */
   boolean routesOtherThan(Bindings bindings) {
      return binding != null && router.bindings() != bindings;
   }

   /** The router routes by {@code next} from now on. */
   void publish(IndexContents next) {
      contents = next;
      router.publish(next, router.bindings().size());
      decided(AddressIndexes.Routing.throughIndex(next.index().queues()));
   }

   /** The index steps aside ({@link #removeRouter}) for the reason {@code why}. */
   void decline(PostOffice postOffice, AddressIndexes.Routing why) {
      removeRouter(postOffice);
      decided(why);
   }

   private void decided(AddressIndexes.Routing next) {
      RoutingLog.changed(address, routing, next);
      routing = next;
      serving = next.indexed();
   }

   /** Adds the address's index binding and router if it has none; empty when they are in place, else why they are not. */
   Optional<AddressIndexes.Routing> addRouter(PostOffice postOffice, LongSupplier ids, SimpleString address,
                                             ThreadLocal<ArtemisMessageView> views) {
      if (binding == null) {
         try {
            AddressRouter added = new AddressRouter(postOffice.getBindingsForAddress(address), views);
            IndexBinding index = new IndexBinding(address, ids.getAsLong(), added);
            postOffice.addBinding(index);
            binding = index;
            router = added;
         } catch (Exception e) {
            RoutingLogger.indexBindingNotAdded(address, e);
            return Optional.of(AddressIndexes.Routing.queueByQueue("its index binding could not be added: " + e));
         }
      }
      return Optional.empty();
   }

   /** The router declines every message (messages take Artemis's way) and the contents go, with their counts. */
   void stopRouting() {
      if (router != null) {
         router.publish(null, 0);
      }
      contents = null;
   }

   /** The index steps aside: it stops routing and its binding leaves the address. */
   void removeRouter(PostOffice postOffice) {
      stopRouting();
      if (binding == null) {
         return;
      }
      try {
         postOffice.removeBinding(binding.getUniqueName(), null, false);
      } catch (Exception e) {
         RoutingLogger.indexBindingNotRemoved(binding.getUniqueName(), e);
      }
      binding = null;
      router = null;
   }
}

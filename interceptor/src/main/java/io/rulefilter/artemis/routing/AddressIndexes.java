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

import io.rulefilter.message.MessageModel;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.postoffice.Binding;
import org.apache.activemq.artemis.core.postoffice.Bindings;
import org.apache.activemq.artemis.core.postoffice.impl.AddressImpl;
import org.apache.activemq.artemis.core.postoffice.impl.DivertBinding;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.cluster.RemoteQueueBinding;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Which addresses are routed through an index, kept in step with what is actually bound to them. The index of an
 * address is built from the address's bindings as Artemis holds them (its own queues, copies of wildcard
 * subscriptions and wildcard diverts), so it routes exactly what per-queue routing would. It is declined, and Artemis
 * routes queue by queue through each subscription's filter, wherever something else is bound (a divert, a remote
 * queue of a cluster node), for wildcard addresses, with message grouping, and below
 * {@value #MIN_INDEXED_SUBSCRIPTIONS} queues. Each decision is kept with its reason for operators.
 * <p>
 * Artemis calls the binding hooks holding the post office's monitor; every method here must be called holding it.
 */
public final class AddressIndexes {

   /** Below this many queues an address gains nothing from its index, only the extra hop (measured at N=1). */
   public static final int MIN_INDEXED_SUBSCRIPTIONS = 4;
   private static final String FEW = "fewer than " + MIN_INDEXED_SUBSCRIPTIONS + " queues";
   private static final Logger LOG = LoggerFactory.getLogger(AddressIndexes.class);

   private final ActiveMQServer server;
   private final MessageModel model;
   private final boolean enabled;
   private final ThreadLocal<ArtemisMessageView> views;
   private final Map<String, Address> addresses = new HashMap<>();

   public AddressIndexes(ActiveMQServer server, MessageModel model, boolean enabled, ThreadLocal<ArtemisMessageView> views) {
      this.server = server;
      this.model = model;
      this.enabled = enabled;
      this.views = views;
   }

   /** True when {@code binding} is an index binding, which the binding hooks must leave alone. */
   public static boolean isIndex(Binding binding) {
      return binding instanceof IndexBinding;
   }

   /** How an address is routed: through its index, or queue by queue and why. */
   public record Routing(boolean indexed, String detail) {
   }

   /** How {@code address} is routed now; an address without RuleFilter subscriptions is Artemis's alone. */
   public Routing routing(String address) {
      Address a = addresses.get(address);
      if (a == null) {
         return new Routing(false, "no RuleFilter subscription");
      }
      if (a.routing.indexed() && !a.router.isCurrent()) {
         return new Routing(false, "its bindings changed since its index was built; messages are routed queue by queue");
      }
      return a.routing;
   }

   /** Re-reads the bindings of {@code address} and publishes the index they allow, or declines with the reason. */
   private void refresh(SimpleString address) {
      String name = address.toString();
      Bindings bindings = lookup(address);
      List<LocalQueueBinding> queues = new ArrayList<>();
      String decline = null;
      boolean ownQueue = false;
      boolean managed = false;
      Set<SimpleString> routingNames = new HashSet<>();
      for (Binding binding : bindings == null ? List.<Binding>of() : bindings.getBindings()) {
         if (binding instanceof IndexBinding) {
            continue;
         }
         if (!routingNames.add(binding.getRoutingName())) {
            decline = "two bindings share the routing name '" + binding.getRoutingName() + "'";
         }
         if (binding instanceof LocalQueueBinding local) {
            ownQueue |= local.getAddress().equals(address);
            if (local.getQueue().getRoutingType() != RoutingType.MULTICAST) {
               decline = "queue '" + local.getQueue().getName() + "' is " + local.getQueue().getRoutingType();
            }
            managed |= local.getQueue().getFilter() instanceof SubscriptionFilter;
            queues.add(local);
         } else {
            decline = describe(binding) + " is bound to it";
         }
      }
      if (!managed || !ownQueue) {
         forget(name); // nothing to index, or only copies of wildcard queues: the address must stay free to go
         return;
      }
      Address a = addresses.computeIfAbsent(name, n -> new Address());
      if (a.binding != null && a.router.bindings() != bindings) {
         removeBinding(a); // Artemis replaced the address's bindings: the router must serve the new ones
      }
      if (!enabled) {
         decline = "routing-index=false";
      } else if (isWildcard(address)) {
         decline = "it is a wildcard address; its subscriptions are routed where messages are published";
      } else if (server.getGroupingHandler() != null) {
         decline = "message grouping is configured";
      } else if (decline == null && queues.size() < MIN_INDEXED_SUBSCRIPTIONS) {
         decline = FEW;
      }
      if (decline == null) {
         decline = addRouter(a, address);
      }
      if (decline != null) {
         removeBinding(a);
         report(name, a, new Routing(false, decline));
         return;
      }
      a.contents = new IndexContents(address, model, a.router.evaluated());
      queues.forEach(a.contents::add);
      publish(name, a);
   }

   /**
    * A binding was added to {@code address}. The index takes a queue in one step when the address is indexed and
    * stays indexable; anything else has the address looked at afresh.
    */
   public void bindingAdded(SimpleString address, Binding binding) {
      if (!(binding instanceof LocalQueueBinding local) || !step(address, 1, contents -> contents.add(local))) {
         bindingsChanged(address);
      }
   }

   /** A binding left {@code address}; as {@link #bindingAdded}. */
   public void bindingRemoved(SimpleString address, Binding binding) {
      if (!(binding instanceof LocalQueueBinding local) || !step(address, -1, contents -> contents.remove(local))) {
         bindingsChanged(address);
      }
   }

   /** The rules of the subscription of {@code binding} changed, or RuleFilter began managing its queue. */
   public void policyChanged(LocalQueueBinding binding) {
      if (!step(binding.getAddress(), 0, contents -> contents.replace(binding))) {
         bindingsChanged(binding.getAddress());
      }
   }

   /**
    * Applies one change to an indexed address's contents and publishes the result; false when the address must be
    * looked at afresh instead: it is not indexed, its bindings are not the ones the index knows plus {@code delta},
    * the index cannot take the change, or the change leaves it with too little to index.
    */
   private boolean step(SimpleString address, int delta, Predicate<IndexContents> change) {
      Address a = addresses.get(address.toString());
      if (a == null || a.contents == null || isWildcard(address)) {
         return false;
      }
      Bindings bindings = lookup(address);
      if (bindings == null || bindings != a.router.bindings() || bindings.size() != a.router.bindingCount() + delta
            || !change.test(a.contents)) {
         return false;
      }
      IndexContents contents = a.contents;
      if (contents.managed() == 0 || contents.ownQueues() == 0
            || contents.index().queues() < MIN_INDEXED_SUBSCRIPTIONS) {
         return false;
      }
      publish(address.toString(), a);
      return true;
   }

   /**
    * Something bound to {@code address} changed: a binding arrived or left, or a subscription's rules changed. For a
    * wildcard address, Artemis also changed the bindings of every address it matches.
    */
   public void bindingsChanged(SimpleString address) {
      refresh(address);
      if (isWildcard(address)) {
         refreshMatching(address);
      }
   }

   private void refreshMatching(SimpleString wildcard) {
      AddressImpl pattern = new AddressImpl(wildcard, server.getConfiguration().getWildcardConfiguration());
      for (String name : List.copyOf(addresses.keySet())) {
         SimpleString address = SimpleString.of(name);
         // AddressImpl.matches reads "is matched by": the concrete address asks whether the pattern matches it
         if (new AddressImpl(address, server.getConfiguration().getWildcardConfiguration()).matches(pattern)) {
            refresh(address);
         }
      }
   }

   /**
    * Tells every session that caches routes through an address holding {@code binding} (its own, and for a wildcard
    * queue every address it was copied into) that the binding changed, so the next message is routed afresh.
    */
   public void bindingUpdated(LocalQueueBinding binding) {
      try {
         if (!isWildcard(binding.getAddress())) {
            Bindings own = lookup(binding.getAddress());
            // a binding still being added needs nothing: adding it invalidates the cached routes anyway
            if (own != null && own.getBinding(binding.getUniqueName().toString()) == binding) {
               own.updated(binding);
            }
            return;
         }
         for (SimpleString address : server.getPostOffice().getAddresses()) {
            Bindings bindings = lookup(address);
            if (bindings != null && bindings.getBinding(binding.getUniqueName().toString()) == binding) {
               bindings.updated(binding);
            }
         }
      } catch (Exception e) {
         LOG.warn("RFL2203 RuleFilter: could not refresh the cached routes through queue '{}'", binding.getUniqueName(), e);
      }
   }

   /** The address is gone, or RuleFilter has no subscription on it any more: its index goes with it. */
   public void forget(String address) {
      Address a = addresses.remove(address);
      if (a != null) {
         removeBinding(a);
      }
   }

   /** Adds the address's index binding and router if it has none; returns why it cannot, or null. */
   private String addRouter(Address a, SimpleString address) {
      if (a.binding == null) {
         try {
            AddressRouter router = new AddressRouter(server.getPostOffice().getBindingsForAddress(address), views);
            IndexBinding binding = new IndexBinding(address, server.getStorageManager().generateID(), router);
            server.getPostOffice().addBinding(binding);
            a.binding = binding;
            a.router = router;
         } catch (Exception e) {
            LOG.warn("RFL2201 RuleFilter: could not add the index binding of address '{}'", address, e);
            return "its index binding could not be added: " + e;
         }
      }
      return null;
   }

   /** The router routes by the contents' index from now on. */
   private void publish(String address, Address a) {
      RuleIndex index = a.contents.index();
      a.router.publish(index, a.router.bindings().size());
      report(address, a, new Routing(true, index.queues() + " queues"));
   }

   private void removeBinding(Address a) {
      a.contents = null;
      if (a.binding == null) {
         return;
      }
      a.router.publish(null, 0);
      try {
         server.getPostOffice().removeBinding(a.binding.getUniqueName(), null, false);
      } catch (Exception e) {
         LOG.warn("RFL2202 RuleFilter: could not remove the index binding '{}'; it declines every message",
               a.binding.getUniqueName(), e);
      }
      a.binding = null;
      a.router = null;
   }

   private void report(String address, Address a, Routing next) {
      Routing before = a.routing;
      a.routing = next;
      if (before != null && before.equals(next) || before != null && before.indexed() && next.indexed()) {
         return;
      }
      if (next.indexed()) {
         LOG.info("RFL1201 RuleFilter: address '{}' is routed through its index ({})", address, next.detail());
      } else if (next.detail().equals(FEW) && (before == null || before.detail().equals(FEW))) {
         LOG.debug("RFL1203 RuleFilter: address '{}' is routed queue by queue: {}", address, next.detail());
      } else {
         LOG.info("RFL1202 RuleFilter: address '{}' is routed queue by queue: {}", address, next.detail());
      }
   }

   private boolean isWildcard(SimpleString address) {
      return server.getConfiguration().isWildcardRoutingEnabled()
            && new AddressImpl(address, server.getConfiguration().getWildcardConfiguration()).containsWildCard();
   }

   private Bindings lookup(SimpleString address) {
      try {
         return server.getPostOffice().lookupBindingsForAddress(address);
      } catch (Exception e) {
         LOG.warn("RFL2204 RuleFilter: could not look up the bindings of address '{}'; it is routed queue by queue", address, e);
         return null;
      }
   }

   private static String describe(Binding binding) {
      if (binding instanceof DivertBinding) {
         return "divert '" + binding.getUniqueName() + "'";
      }
      if (binding instanceof RemoteQueueBinding) {
         return "remote queue '" + binding.getUniqueName() + "' of another cluster node";
      }
      return "binding '" + binding.getUniqueName() + "' (" + binding.getType() + ")";
   }

   /** One address's index: its binding, router and contents while it routes, and the latest decision. */
   private static final class Address {
      IndexBinding binding;
      AddressRouter router;
      IndexContents contents;
      Routing routing;
   }
}

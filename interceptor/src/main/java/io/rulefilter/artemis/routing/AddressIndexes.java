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

import io.rulefilter.artemis.PluginSettings;
import io.rulefilter.artemis.log.RoutingLogger;
import io.rulefilter.artemis.server.PostOfficeLock;
import io.rulefilter.artemis.server.ServerParts;
import io.rulefilter.message.MessageModel;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.postoffice.Binding;
import org.apache.activemq.artemis.core.postoffice.Bindings;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;
import org.apache.activemq.artemis.core.server.cluster.RemoteQueueBinding;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

/**
 * Which addresses are routed through an index, kept in step with what is actually bound to them. The index of an
 * address is built from the address's bindings as Artemis holds them (its own queues, copies of wildcard
 * subscriptions and wildcard diverts), so it routes exactly what per-queue routing would. Other nodes' queues (this
 * node's copies of them) are held like its own, by what each copy forwards; the queues of one shared subscription
 * on several nodes get each message once, chosen as Artemis chooses ({@link RoutingNameGroup}). It is declined, and
 * Artemis routes queue by queue through each subscription's filter, wherever something else is bound (a divert),
 * for wildcard addresses, with message grouping, and below
 * {@value #MIN_INDEXED_SUBSCRIPTIONS} queues. Each decision is kept with its reason for operators.
 * <p>
 * Artemis calls the binding hooks holding the post office's monitor; every method here must be called holding it.
 */
public final class AddressIndexes {

   /** Below this many queues an address gains nothing from its index, only the extra hop (measured at N=1). */
   public static final int MIN_INDEXED_SUBSCRIPTIONS = PluginSettings.MIN_INDEXED_SUBSCRIPTIONS;

   private final PostOfficeLock postOffice;
   /** New ids from the journal, for index bindings. */
   private final LongSupplier ids;
   private final BooleanSupplier grouping;
   private final MessageModel model;
   private final boolean enabled;
   private final ThreadLocal<ArtemisMessageView> views;
   private final Map<String, IndexedAddress> addresses = new HashMap<>();
   private final CachedRoutes cachedRoutes;
   private final IndexMeters meters;
   private final WildcardAddresses wildcards;

   public AddressIndexes(ServerParts server, MessageModel model, boolean enabled, ThreadLocal<ArtemisMessageView> views) {
      this.postOffice = server.postOffice();
      this.ids = server.storage()::generateID;
      this.grouping = server.grouping();
      this.model = model;
      this.enabled = enabled;
      this.views = views;
      this.wildcards = new WildcardAddresses(server.wildcards());
      this.cachedRoutes = new CachedRoutes(postOffice.postOffice(), wildcards);
      this.meters = new IndexMeters(server.meters());
   }

   /** True when {@code binding} is an index binding, which the binding hooks must leave alone. */
   public static boolean isIndex(Binding binding) {
      return binding instanceof IndexBinding;
   }

   /** How an address is routed: through its index, or queue by queue and why. */
   public record Routing(boolean indexed, String detail) {

      /** The everyday decision for a small address, which {@link RoutingLog} does not repeat at info level. */
      static final Routing TOO_FEW_QUEUES = queueByQueue("fewer than " + MIN_INDEXED_SUBSCRIPTIONS + " queues");

      static Routing throughIndex(int queues) {
         return new Routing(true, queues + " queues");
      }

      static Routing queueByQueue(String why) {
         return new Routing(false, why);
      }
   }

   /** How {@code address} is routed now; an address without RuleFilter subscriptions is Artemis's alone. */
   public Routing routing(String address) {
      assert postOffice.isHeld() : "the post office's monitor is not held";
      IndexedAddress a = addresses.get(address);
      if (a == null) {
         return Routing.queueByQueue("no RuleFilter subscription");
      }
      if (a.routing().indexed() && !a.router().isCurrent()) {
         return Routing.queueByQueue("its bindings changed since its index was built; messages are routed queue by queue");
      }
      return a.routing();
   }

   /** How each address with a RuleFilter subscription is routed now, in address order. */
   public Map<String, Routing> routings() {
      assert postOffice.isHeld() : "the post office's monitor is not held";
      Map<String, Routing> all = new TreeMap<>();
      addresses.keySet().forEach(address -> all.put(address, routing(address)));
      return all;
   }

   /** Re-reads the bindings of {@code address} and publishes the index they allow, or declines with the reason. */
   private void refresh(SimpleString address) {
      assert postOffice.isHeld() : "the post office's monitor is not held";
      String name = address.toString();
      Bindings bindings = lookup(address);
      AddressBindings bound = AddressBindings.read(address, bindings);
      if (!bound.indexable()) {
         forget(name); // nothing to index, or only copies of wildcard queues: the address must stay free to go
         return;
      }
      IndexedAddress a = addresses.computeIfAbsent(name, n -> new IndexedAddress(name));
      meters.follow(name, a);
      if (a.routesOtherThan(bindings)) {
         a.removeRouter(postOffice.postOffice()); // Artemis replaced the address's bindings: the router must serve the new ones
      }
      Routing declined = bound.declined();
      if (!enabled) {
         declined = Routing.queueByQueue("routing-index=false");
      } else if (wildcards.isWildcard(address)) {
         declined = Routing.queueByQueue("it is a wildcard address; its subscriptions are routed where messages are published");
      } else if (grouping.getAsBoolean()) {
         declined = Routing.queueByQueue("message grouping is configured");
      } else if (declined == null && bound.queues().size() < MIN_INDEXED_SUBSCRIPTIONS) {
         declined = Routing.TOO_FEW_QUEUES;
      }
      if (declined == null) {
         declined = a.addRouter(postOffice.postOffice(), ids, address, views).orElse(null);
      }
      if (declined != null) {
         a.decline(postOffice.postOffice(), declined);
         return;
      }
      IndexContents built;
      try {
         built = IndexContents.of(address, model, bound.queues());
      } catch (RuntimeException e) {
         Routing unbuilt = Routing.queueByQueue("its index could not be built: " + e);
         if (!unbuilt.equals(a.routing())) { // once, not again at each change that retries it
            RoutingLogger.indexNotBuilt(address, e);
         }
         a.decline(postOffice.postOffice(), unbuilt);
         return;
      }
      a.publish(built);
   }

   /**
    * A binding was added to {@code address}. The index takes a queue in one step when the address is indexed and
    * stays indexable; anything else has the address looked at afresh.
    */
   public void bindingAdded(SimpleString address, Binding binding) {
      if (!HeldBinding.canHold(binding) || !changeInPlace(address, 1, contents -> contents.add(binding))) {
         bindingsChanged(address);
      }
   }

   /** A binding left {@code address}; as {@link #bindingAdded}. */
   public void bindingRemoved(SimpleString address, Binding binding) {
      if (!HeldBinding.canHold(binding) || !changeInPlace(address, -1, contents -> contents.remove(binding))) {
         bindingsChanged(address);
      }
   }

   /** The rules of the subscription of {@code binding} changed, or RuleFilter began managing its queue. */
   public void policyChanged(LocalQueueBinding binding) {
      if (!changeInPlace(binding.getAddress(), 0, contents -> contents.replace(binding))) {
         bindingsChanged(binding.getAddress());
      }
   }

   /**
    * This node's copy of another node's queue forwards by a new filter. An address routed queue by queue for another
    * reason stays so: the copy's filter, read at each message, already applies.
    */
   public void copyRefiltered(RemoteQueueBinding copy) {
      IndexedAddress a = addresses.get(copy.getAddress().toString());
      if (a != null && a.contents() == null) {
         return;
      }
      if (a == null && !CopyForwarding.isOfRule(copy.getFilter())) {
         return; // nothing RuleFilter indexes, and this copy does not make it so
      }
      if (!changeInPlace(copy.getAddress(), 0, contents -> contents.replace(copy))) {
         bindingsChanged(copy.getAddress());
      }
   }

   /**
    * Applies one change to an indexed address's contents and publishes the result; false when the address must be
    * looked at afresh instead: it is not indexed, its bindings are not the ones the index knows plus {@code delta},
    * the index cannot take the change, or the change leaves it with too little to index.
    */
   private boolean changeInPlace(SimpleString address, int delta, Predicate<IndexContents> change) {
      assert postOffice.isHeld() : "the post office's monitor is not held";
      IndexedAddress a = addresses.get(address.toString());
      if (a == null || a.contents() == null || wildcards.isWildcard(address)) {
         return false;
      }
      Bindings bindings = lookup(address);
      if (bindings == null || bindings != a.router().bindings() || bindings.size() != a.router().bindingCount() + delta) {
         return false;
      }
      try {
         if (!change.test(a.contents())) {
            return false;
         }
      } catch (RuntimeException e) {
         // the contents may be half changed: they go, messages take Artemis's way, and the address is looked at afresh
         a.stopRouting();
         RoutingLogger.indexRebuilt(address, e);
         return false;
      }
      IndexContents contents = a.contents();
      if (contents.managed() == 0 || contents.ownQueues() == 0
            || contents.index().queues() < MIN_INDEXED_SUBSCRIPTIONS) {
         return false;
      }
      a.publish(contents);
      return true;
   }

   /**
    * Something bound to {@code address} changed: a binding arrived or left, or a subscription's rules changed. For a
    * wildcard address, Artemis also changed the bindings of every address it matches.
    */
   public void bindingsChanged(SimpleString address) {
      refresh(address);
      if (wildcards.isWildcard(address)) {
         wildcards.matching(address, addresses.keySet()).forEach(this::refresh);
      }
   }

   /** Sessions that cache routes through {@code binding} route their next message afresh ({@link CachedRoutes}). */
   public void bindingUpdated(LocalQueueBinding binding) {
      cachedRoutes.invalidate(binding);
   }

   /** The address is gone, or RuleFilter has no subscription on it any more: its index goes with it. */
   public void forget(String address) {
      assert postOffice.isHeld() : "the post office's monitor is not held";
      IndexedAddress a = addresses.remove(address);
      meters.forget(address);
      if (a != null) {
         a.removeRouter(postOffice.postOffice());
      }
   }

   /** The broker stopped (Artemis may start it again with the same plugin): the index meters leave. */
   public void stopped() {
      meters.forgetAll();
   }

   private Bindings lookup(SimpleString address) {
      try {
         return postOffice.postOffice().lookupBindingsForAddress(address);
      } catch (Exception e) {
         RoutingLogger.bindingsNotLookedUp(address, e);
         return null;
      }
   }
}

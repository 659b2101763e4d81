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
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.filter.Filter;
import org.apache.activemq.artemis.core.postoffice.Binding;
import org.apache.activemq.artemis.core.postoffice.BindingType;
import org.apache.activemq.artemis.core.server.Bindable;
import org.apache.activemq.artemis.core.server.RoutingContext;


/**
 * The one binding through which an indexed address is routed. Artemis offers every message to exclusive bindings
 * first and, when one takes it, skips its per-queue loop; so routing costs one index evaluation plus the matching
 * queues, not a filter call per subscription. When the router declines a message, its filter says no and Artemis
 * routes as it always does. Its type is {@link BindingType#DIVERT}, the only local non-queue type Artemis knows,
 * which also keeps clusters from announcing it to other nodes; wherever Artemis lists it, its name
 * ({@code $rulefilter.index.<address>}) and description say what it is.
 */
final class IndexBinding implements Binding, Bindable {

   static final String NAME_PREFIX = "$rulefilter.index.";

   private final SimpleString address;
   private final SimpleString name;
   private final long id;
   private final AddressRouter router;
   private final Filter takesMessage = new TakesMessage();

   IndexBinding(SimpleString address, long id, AddressRouter router) {
      this.address = address;
      this.name = SimpleString.of(NAME_PREFIX + address);
      this.id = id;
      this.router = router;
   }

   @Override
   public boolean isExclusive() {
      return true;
   }

   @Override
   public Filter getFilter() {
      return takesMessage;
   }

   @Override
   public Bindable getBindable() {
      return this;
   }

   @Override
   public void route(Message message, RoutingContext context) throws Exception {
      router.route(message, context);
   }

   /** Only for messages that name this binding's id, which Artemis never hands out (diverts are not announced). */
   @Override
   public void routeWithAck(Message message, RoutingContext context) throws Exception {
      router.route(message, context);
   }

   @Override
   public boolean isLocal() {
      return true;
   }

   @Override
   public SimpleString getAddress() {
      return address;
   }

   @Override
   public BindingType getType() {
      return BindingType.DIVERT; // the only local, non-queue binding type Artemis knows
   }

   @Override
   public SimpleString getUniqueName() {
      return name;
   }

   @Override
   public SimpleString getRoutingName() {
      return name;
   }

   @Override
   public SimpleString getClusterName() {
      return name;
   }

   @Override
   public boolean isHighAcceptPriority(Message message) {
      return true;
   }

   @Override
   public Long getID() {
      return id;
   }

   @Override
   public int getDistance() {
      return 0;
   }

   @Override
   public void close() {
   }

   @Override
   public String toManagementString() {
      return "RuleFilter index of " + address + ": routes the address's subscriptions by their rules when it can (an"
            + " exclusive binding, not a divert; 'rulefilter rules list' shows whether it does)";
   }

   @Override
   public boolean isConnected() {
      return true;
   }

   @Override
   public void unproposed(SimpleString groupID) {
   }

   @Override
   public String toString() {
      return "IndexBinding[" + address + "]";
   }

   /** Says yes to the messages the router handles. */
   private final class TakesMessage extends MessageFilter {

      @Override
      public boolean match(Message message) {
         return router.handles(message);
      }

      @Override
      public SimpleString getFilterString() {
         return SimpleString.of("rulefilter-index");
      }
   }
}

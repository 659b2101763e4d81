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
package io.rulefilter.artemis.management;

import io.rulefilter.artemis.store.StoredAddressRule;
import io.rulefilter.artemis.subscription.SubscriptionInfo;

/**
 * What embedding code (the console's change history) hears of each change of a subscription's rule or switch, or of
 * an address rule, once it is in force on this broker: made here (the management address, JMX, the console, the
 * {@code rules} command), taken from another cluster node, or followed from Artemis itself (a queue's filter replaced).
 * Register it with {@link RuleManagement#addChangeListener}.
 *
 * <p>It is called on the thread that made the change, after the change is in force and with RuleFilter's change lock
 * held (so that it hears changes in the order they took effect), never on a routing thread: it must be quick. A filter
 * replaced through Artemis is heard of on the thread Artemis replaced it on, with Artemis's post office lock held
 * instead of the change lock (which must never be taken under it). It
 * cannot undo or break the change: what it throws is logged, once, and the change stands. A change that is
 * refused (a bad rule, a journal that did not confirm, a queue gone meanwhile) is not heard of.
 */
public interface ChangeListener {

   /** Where a change was made. */
   enum Origin {
      /** On this broker, by the user it names. */
      THIS_NODE,
      /** On another node of the cluster, and taken here as a shared subscription's or address rule's newer state. */
      OTHER_NODE,
      /**
       * On this broker through Artemis itself: a queue's filter replaced by Artemis's {@code updateQueue} management
       * operation or a broker.xml reload, whose rule RuleFilter took (a management rule and switch gave way).
       */
      ARTEMIS
   }

   /**
    * A subscription's rule or switch changed.
    *
    * @param before the subscription as it was: its rule in force, where from, its switch
    * @param after  as it is now, with who changed it ({@link SubscriptionInfo#changedBy()}) and when
    * @param from   for a change taken from another node, that node: its name as Artemis knows it, or its node id; null
    *               when it did not say (a node of an earlier version) and for a change made here
    */
   void subscriptionChanged(SubscriptionInfo before, SubscriptionInfo after, Origin origin, String from);

   /**
    * An address rule was set or removed.
    *
    * @param before the rule in force before, null for none
    * @param after  the change: its rule (null: removed), who made it and when
    * @param from   as for {@link #subscriptionChanged}
    */
   void addressRuleChanged(String before, StoredAddressRule after, Origin origin, String from);
}

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

import io.rulefilter.artemis.log.ManagementLogger;
import io.rulefilter.artemis.store.StoredAddressRule;
import io.rulefilter.artemis.subscription.SubscriptionInfo;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/** The {@link ChangeListener}s of one broker: each told of a change in force, none able to break it. */
final class ChangeListeners {

   private final List<ChangeListener> listeners = new CopyOnWriteArrayList<>();

   void add(ChangeListener listener) {
      listeners.add(listener);
   }

   void remove(ChangeListener listener) {
      listeners.remove(listener);
   }

   void subscriptionChanged(SubscriptionInfo before, SubscriptionInfo after, ChangeListener.Origin origin, String from) {
      tell(l -> l.subscriptionChanged(before, after, origin, from), "queue '" + after.queue() + "'");
   }

   void addressRuleChanged(String before, StoredAddressRule after, ChangeListener.Origin origin, String from) {
      tell(l -> l.addressRuleChanged(before, after, origin, from), "the address rule of '" + after.address() + "'");
   }

   private void tell(Consumer<ChangeListener> call, String what) {
      for (ChangeListener listener : listeners) {
         try {
            call.accept(listener);
         } catch (RuntimeException | LinkageError e) {
            ManagementLogger.listenerFailed(listener, what, e);
         }
      }
   }
}

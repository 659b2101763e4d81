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
package io.rulefilter.artemis.subscription;

import io.rulefilter.artemis.log.SubscriptionLogger;
import org.apache.activemq.artemis.core.paging.cursor.PageSubscription;
import org.apache.activemq.artemis.core.server.Queue;

import java.lang.reflect.Field;

/**
 * Makes queue browsers see the paged messages of a subscription that consumers will receive. Artemis decides which
 * paged messages belong to a queue by the queue ids recorded at routing, and then, for browsers only, tests them
 * again against the filter the queue had when it was created. After a rule change that filter is stale and hides
 * messages the subscription holds. The page subscription has no setter, so its filter is cleared reflectively (the
 * routing record alone then decides, as it does for consumers); if Artemis ever renames the field, this logs once and
 * browsing keeps Artemis's behaviour.
 */
final class PagedBrowsing {

   private static final Field FILTER = filterField();

   private PagedBrowsing() {
   }

   /** True when browsing paged messages of subscriptions shows what was routed to them. */
   static boolean available() {
      return FILTER != null;
   }

   static void showWhatWasRouted(Queue queue) {
      PageSubscription subscription = queue.getPageSubscription();
      if (FILTER == null || subscription == null || !FILTER.getDeclaringClass().isInstance(subscription)) {
         return;
      }
      try {
         synchronized (subscription) { // the browsing cursor reads it under this monitor
            FILTER.set(subscription, null);
         }
      } catch (IllegalAccessException | RuntimeException e) {
         SubscriptionLogger.pagedBrowsingNotRouted(queue.getName(), e);
      }
   }

   private static Field filterField() {
      try {
         Field field = Class.forName("org.apache.activemq.artemis.core.paging.cursor.impl.PageSubscriptionImpl")
               .getDeclaredField("filter");
         field.setAccessible(true);
         return field;
      } catch (ReflectiveOperationException | RuntimeException e) {
         SubscriptionLogger.pageFilterHidden(e);
         return null;
      }
   }
}

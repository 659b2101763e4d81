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
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;
import org.apache.activemq.artemis.core.server.RoutingContext;

/**
 * One subscription of an indexed address, as the index sees it.
 *
 * @param binding       the queue's binding
 * @param policy        its RuleFilter policy when the index was built
 * @param filter        its RuleFilter filter (for counters)
 * @param anchorDecides true when the policy holds exactly when the message meets the entry's anchor: the index found
 *                      it by that anchor, so the rule need not be evaluated again
 */
record IndexEntry(LocalQueueBinding binding, SubscriptionPolicy policy, SubscriptionFilter filter, boolean anchorDecides) {

   /** Routes the message into this entry's queue when its policy accepts it. */
   void routeIfAccepted(Message message, RoutingContext context, ArtemisMessageView view) throws Exception {
      if (anchorDecides || policy.accepts(message, view)) {
         filter.countIndexedMatch();
         binding.route(message, context);
      }
   }

   static void routeEachAccepted(IndexEntry[] entries, Message message, RoutingContext context,
                                 ArtemisMessageView view) throws Exception {
      for (IndexEntry entry : entries) {
         entry.routeIfAccepted(message, context, view);
      }
   }
}

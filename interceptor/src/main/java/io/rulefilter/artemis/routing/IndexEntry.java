package io.rulefilter.artemis.routing;

import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;
import org.apache.activemq.artemis.core.server.RoutingContext;

/**
 * One subscription of an indexed address, as the index sees it.
 *
 * @param binding the queue's binding
 * @param policy  its RuleFilter policy when the index was built
 * @param filter  its RuleFilter filter (for counters)
 */
record IndexEntry(LocalQueueBinding binding, SubscriptionPolicy policy, SubscriptionFilter filter) {

   /** Routes the message into this entry's queue when its policy accepts it. */
   void routeIfAccepted(Message message, RoutingContext context, ArtemisMessageView view) throws Exception {
      if (policy.accepts(message, view)) {
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

package io.rulefilter.artemis.routing;

import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.SimpleString;

/** Selects the queued messages a policy rejects, for purging after a rule change. */
public final class RejectedBy extends MessageFilter {

   private final SubscriptionPolicy policy;
   private final ArtemisMessageView view;

   public RejectedBy(SubscriptionPolicy policy, ArtemisMessageView view) {
      this.policy = policy;
      this.view = view;
   }

   @Override
   public synchronized boolean match(Message message) {
      return !policy.accepts(message, view.of(message));
   }

   @Override
   public SimpleString getFilterString() {
      return SimpleString.of("rulefilter:rejected");
   }
}

package io.rulefilter.artemis.routing;

import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.filter.Filter;
import org.apache.activemq.artemis.selector.filter.Filterable;

import java.util.Map;

/** Selects the queued messages a policy rejects, for purging after a rule change. */
public final class RejectedBy implements Filter {

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
   public boolean match(Map<String, String> map) {
      return false;
   }

   @Override
   public boolean match(Filterable filterable) {
      return false;
   }

   @Override
   public SimpleString getFilterString() {
      return SimpleString.of("rulefilter:rejected");
   }
}

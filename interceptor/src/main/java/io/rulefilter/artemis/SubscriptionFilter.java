package io.rulefilter.artemis;

import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.filter.Filter;
import org.apache.activemq.artemis.selector.filter.Filterable;

import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * The filter RuleFilter installs on a subscription queue; Artemis calls it once per routed message. It reports the
 * queue's original filter string, because Artemis re-parses that string (broker.xml redeploys, shared-subscription
 * checks, persistence) and must keep seeing exactly what the queue was created with.
 */
final class SubscriptionFilter implements Filter {

   private static final SimpleString NO_FILTER = SimpleString.of("");

   private final SimpleString originalFilterString;
   private final Filter originalFilter;
   private final ThreadLocal<ArtemisMessageView> views;
   private final LongAdder matched = new LongAdder();
   private final LongAdder rejected = new LongAdder();
   private volatile SubscriptionPolicy policy;

   SubscriptionFilter(Filter originalFilter, SubscriptionPolicy policy, ThreadLocal<ArtemisMessageView> views) {
      this.originalFilter = originalFilter;
      this.originalFilterString = originalFilter == null ? NO_FILTER : originalFilter.getFilterString();
      this.policy = policy;
      this.views = views;
   }

   SubscriptionPolicy policy() {
      return policy;
   }

   void policy(SubscriptionPolicy next) {
      this.policy = next;
   }

   long matched() {
      return matched.sum();
   }

   long rejected() {
      return rejected.sum();
   }

   @Override
   public boolean match(Message message) {
      boolean accepted = policy.accepts(message, views.get().of(message));
      (accepted ? matched : rejected).increment();
      return accepted;
   }

   /** Not used for routing; answered by the queue's original SQL filter (a superset of its rule). */
   @Override
   public boolean match(Map<String, String> map) {
      return originalFilter == null || originalFilter.match(map);
   }

   @Override
   public boolean match(Filterable filterable) {
      return originalFilter == null || originalFilter.match(filterable);
   }

   /** The filter the queue had before RuleFilter attached, or null. */
   Filter originalFilter() {
      return originalFilter;
   }

   @Override
   public SimpleString getFilterString() {
      return originalFilterString;
   }

   @Override
   public String toString() {
      return "SubscriptionFilter[" + originalFilterString + "]";
   }
}

package io.rulefilter.artemis.store;

import com.fasterxml.jackson.annotation.JsonIgnore;

/**
 * What RuleFilter keeps about one subscription queue beyond the rule it was created with.
 *
 * @param queue          the queue name (unique in the broker)
 * @param address        the address it is bound to
 * @param rule           the rule set through management (canonical text), overriding the creation rule; or null
 * @param enabled        false when the switch is off
 * @param clientSelector the raw rule text a JMS client created it with, shown back to that client on reconnect; or null
 * @param changedAt      epoch milliseconds of the last change
 * @param changedBy      who made the last change
 */
public record StoredSubscription(String queue, String address, String rule, boolean enabled, String clientSelector,
                                 long changedAt, String changedBy) {

   /** True when nothing here differs from a subscription RuleFilter never touched. */
   @JsonIgnore
   public boolean isDefault() {
      return rule == null && enabled && clientSelector == null;
   }
}

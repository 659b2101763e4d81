package io.rulefilter.artemis.subscription;

/**
 * One subscription as management reports it.
 *
 * @param rule         the subscription's own rule in force (management override, else creation rule), or null
 * @param source       where that rule comes from: management, selector (creation), sql (plain SQL filter), none
 * @param creationRule the rule the subscription was created with, kept while a management rule overrides it
 * @param indexed      whether the subscription's address is routed through its index now
 * @param routing      how the address is routed: the index's size, or why it is routed queue by queue
 * @param purged       queued messages removed by the change that produced this report
 */
public record SubscriptionInfo(String address, String queue, String rule, String source, String creationRule,
                               boolean enabled, String addressRule, boolean indexed, String routing, long matched,
                               long rejected, long changedAt, String changedBy, long purged) {

   public SubscriptionInfo withPurged(long count) {
      return new SubscriptionInfo(address, queue, rule, source, creationRule, enabled, addressRule, indexed, routing,
            matched, rejected, changedAt, changedBy, count);
   }
}

package io.rulefilter.artemis;

/**
 * One subscription as management reports it.
 *
 * @param rule         the subscription's own rule in force (management override, else creation rule), or null
 * @param source       where that rule comes from: management, selector (creation), sql (plain SQL filter), none
 * @param creationRule the rule the subscription was created with, kept while a management rule overrides it
 * @param purged       queued messages removed by the change that produced this report
 */
public record SubscriptionInfo(String address, String queue, String rule, String source, String creationRule,
                               boolean enabled, String addressRule, long matched, long rejected, long changedAt,
                               String changedBy, long purged) {
}

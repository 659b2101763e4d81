package io.rulefilter.artemis.routing;

import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;

/**
 * One queue of an indexed address, as the index sees it.
 *
 * @param binding the queue's binding
 * @param policy  its RuleFilter policy, or null for a queue RuleFilter does not manage (its own filter decides)
 * @param filter  its RuleFilter filter (for counters), or null
 */
public record IndexEntry(LocalQueueBinding binding, SubscriptionPolicy policy, SubscriptionFilter filter) {
}

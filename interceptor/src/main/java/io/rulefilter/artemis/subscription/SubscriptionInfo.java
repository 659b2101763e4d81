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
public record SubscriptionInfo(String address, String queue, String rule, RuleSource source, String creationRule,
                               boolean enabled, String addressRule, boolean indexed, String routing, long matched,
                               long rejected, long changedAt, String changedBy, long purged) {

   /** The rule management set on the subscription, or null when the rule in force (if any) is the queue's own. */
   public String managementRule() {
      return source == RuleSource.MANAGEMENT ? rule : null;
   }

   /** This report with another author and time: a change RuleFilter's management did not make (see {@link FilterReplaced}). */
   public SubscriptionInfo madeBy(String by, long at) {
      return new SubscriptionInfo(address, queue, rule, source, creationRule, enabled, addressRule, indexed, routing,
            matched, rejected, at, by, purged);
   }

   public SubscriptionInfo withPurged(long count) {
      return new SubscriptionInfo(address, queue, rule, source, creationRule, enabled, addressRule, indexed, routing,
            matched, rejected, changedAt, changedBy, count);
   }
}

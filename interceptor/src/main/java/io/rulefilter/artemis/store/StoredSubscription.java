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
package io.rulefilter.artemis.store;

/**
 * What RuleFilter keeps about one subscription queue beyond the filter it was created with.
 *
 * @param queue     the queue name
 * @param queueId   the queue's id in the journal: a record applies only to that very queue, never to a later queue of
 *                  the same name
 * @param address   the address it is bound to
 * @param filter    the queue's own filter string when the change was made: a management rule applies over that
 *                  filter only, so a filter replaced since (updateQueue, a broker.xml change) wins over it
 * @param rule      the rule set through management (canonical text), overriding the creation rule; or null
 * @param enabled   false when the switch is off
 * @param changedAt epoch milliseconds of the last change
 * @param changedBy who made the last change
 */
public record StoredSubscription(String queue, long queueId, String address, String filter, String rule, boolean enabled,
                                 long changedAt, String changedBy) {

   /** True when nothing here differs from a subscription RuleFilter never touched. */
   public boolean isDefault() {
      return rule == null && enabled;
   }
}

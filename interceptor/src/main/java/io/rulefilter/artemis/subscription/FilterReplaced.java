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

import java.util.Objects;

/**
 * A subscription whose queue's filter Artemis replaced (its {@code updateQueue} management operation, a broker.xml
 * reload) and whose rules followed: the rule the new filter carries is in force, a management rule and switch gave
 * way.
 *
 * @param before the subscription as it was just before
 * @param after  as it is now; its {@link SubscriptionInfo#changedBy()} and {@code changedAt()} still name the last
 *               change made through RuleFilter's management, which Artemis's change does not replace in the store
 */
public record FilterReplaced(SubscriptionInfo before, SubscriptionInfo after) {

   /**
    * Whether RuleFilter's part changed: the rule in force, the switch, or a management rule that gave way (to the same
    * text, maybe); a plain SQL filter replaced by another, or one put on a queue without a filter, is Artemis's alone.
    */
   public boolean changesRules() {
      return !Objects.equals(before.rule(), after.rule()) || before.enabled() != after.enabled()
            || before.source() == RuleSource.MANAGEMENT;
   }
}

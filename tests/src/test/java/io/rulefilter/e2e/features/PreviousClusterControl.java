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
package io.rulefilter.e2e.features;

import io.rulefilter.artemis.management.RuleFilterClusterControl;

/**
 * The operations between nodes as the previous version has them: without {@code copyForwardsAlsoFrom} and
 * {@code copyForwardsConfirmed}, so that {@code copyForwardsAlso} waits for the confirmation itself. Registered in
 * place of a node's own resource (Artemis calls a resource's public methods by name), it makes that node one of the
 * previous version for the other nodes.
 */
public final class PreviousClusterControl implements PreviousClusterControlMBean {

   private final RuleFilterClusterControl current;

   PreviousClusterControl(RuleFilterClusterControl current) {
      this.current = current;
   }

   @Override
   public boolean syncSubscription(String address, String queue, String rule, boolean enabled, long changedAt,
                                   String changedBy) {
      return current.syncSubscription(address, queue, rule, enabled, changedAt, changedBy);
   }

   @Override
   public boolean syncAddressRule(String address, String rule, long changedAt, String changedBy) {
      return current.syncAddressRule(address, rule, changedAt, changedBy);
   }

   @Override
   public void copyForwardsAlso(String node, String queue, boolean managed, String rule, long epoch)
         throws InterruptedException {
      current.copyForwardsAlso(node, queue, managed, rule, epoch);
   }

   @Override
   public void copyForwards(String node, String queue, boolean managed, String rule, long epoch) {
      current.copyForwards(node, queue, managed, rule, epoch);
   }

   @Override
   public void copyFilterReplaced(String node, String queue, String filterString, long epoch) {
      current.copyFilterReplaced(node, queue, filterString, epoch);
   }

   @Override
   public String managedQueues() {
      return current.managedQueues();
   }
}

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

/** The operations between nodes of the previous version (a standard MBean's interface, as Artemis registers it). */
public interface PreviousClusterControlMBean {

   boolean syncSubscription(String address, String queue, String rule, boolean enabled, long changedAt, String changedBy);

   boolean syncAddressRule(String address, String rule, long changedAt, String changedBy);

   void copyForwardsAlso(String node, String queue, boolean managed, String rule, long epoch) throws InterruptedException;

   void copyForwards(String node, String queue, boolean managed, String rule, long epoch);

   void copyFilterReplaced(String node, String queue, String filterString, long epoch);

   String managedQueues();
}

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
package io.rulefilter.artemis.management;

/**
 * What other nodes forwarded to this node's queues, as this node judged it: each forwarded message names its target
 * queues, and each of those deliveries is judged again by the queue's rules here. A rejection means another node
 * forwarded what the rule in force here does not accept (a node without RuleFilter, or a race at a change).
 */
public interface ForwardedDeliveries {

   /** Forwarded queue deliveries judged on this node since it started. */
   long forwardedJudged();

   /** Of those, the ones the target queue's rules rejected (not delivered). */
   long forwardedRejected();
}

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
package io.rulefilter.artemis.routing;

/**
 * Implemented by the filter RuleFilter gives this node's copy of another node's queue: what the copy forwards, in a
 * form the index can anchor. The queue's own node judges whatever arrives, so this is a superset of what it accepts.
 */
public interface CopyForwarding {

   /**
    * What the copy forwards: its queue's creation rule, a plain SQL filter (as its {@code sqlFallback}), or, as a
    * disabled policy, everything.
    */
   SubscriptionPolicy forwarding();

   /** True when the copy's queue is a RuleFilter subscription: its filter string carries a rule. */
   boolean isOfRule();
}

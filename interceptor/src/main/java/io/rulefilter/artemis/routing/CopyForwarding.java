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

import io.rulefilter.message.MessageView;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.core.filter.Filter;

/**
 * Implemented by the filter RuleFilter gives this node's copy of another node's queue: what the copy forwards, in a
 * form the index can anchor. The queue's own node judges whatever arrives, so this is a superset of what it accepts.
 */
public interface CopyForwarding {

   /**
    * What the copy forwards: the rule in force for its queue, a plain SQL filter (as its {@code sqlFallback}), either
    * narrowed by the address rule; or, as a disabled policy, everything.
    */
   SubscriptionPolicy forwarding();

   /** True when the copy's queue is a RuleFilter subscription: its filter string carries a rule. */
   boolean isOfRule();

   /**
    * True when the copy forwards exactly what its queue accepts, as far as this node knows; false while it forwards a
    * superset (its node has not told yet, a change is being put in force there), which that node judges again.
    */
   boolean isExact();

   /**
    * Whether the copy, which would forward {@code message}, leaves it to this node's queue of the same routing name:
    * of the queues that share a routing name Artemis gives a message to one, and a copy that forwards a superset of
    * what its queue accepts might give it to a queue that rejects it. {@code view} is the message's.
    */
   boolean givesWay(Message message, MessageView view);

   /** Whether {@code filter}, a copy's, is RuleFilter's filter of a RuleFilter subscription. */
   static boolean isOfRule(Filter filter) {
      return filter instanceof CopyForwarding forwarding && forwarding.isOfRule();
   }
}

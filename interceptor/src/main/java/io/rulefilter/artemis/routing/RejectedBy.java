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

import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.SimpleString;

/** Selects the queued messages a policy rejects, for purging after a rule change. */
public final class RejectedBy extends MessageFilter {

   private final SubscriptionPolicy policy;
   private final ArtemisMessageView view;

   public RejectedBy(SubscriptionPolicy policy, ArtemisMessageView view) {
      this.policy = policy;
      this.view = view;
   }

   @Override
   public synchronized boolean match(Message message) {
      return !policy.accepts(message, view.of(message));
   }

   @Override
   public SimpleString getFilterString() {
      return SimpleString.of("rulefilter:rejected");
   }
}

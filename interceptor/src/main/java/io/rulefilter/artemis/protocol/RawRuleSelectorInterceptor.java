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
package io.rulefilter.artemis.protocol;

import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.Interceptor;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.protocol.core.Packet;
import org.apache.activemq.artemis.core.protocol.core.impl.wireformat.CreateQueueMessage;
import org.apache.activemq.artemis.core.protocol.core.impl.wireformat.CreateSharedQueueMessage;
import org.apache.activemq.artemis.core.protocol.core.impl.wireformat.SessionCreateConsumerMessage;
import org.apache.activemq.artemis.spi.core.protocol.RemotingConnection;

import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Rewrites raw rules in the three core-protocol packets that carry a JMS selector (queue creation, shared queue
 * creation, consumer creation) before the server parses them. It keeps nothing: what a client sends becomes part of
 * the queue it creates only if Artemis authorises and performs the creation.
 * <p>
 * A queue's filter already in the selector form is left as it is: the plugin's {@code beforeCreateQueue} checks its
 * rule once Artemis has authorised the creation, and hands the parsed rule on. Only where a subscription queue
 * already has exactly that filter, which Artemis lets a shared queue's client join without creating anything, is the
 * rule checked here, so that a rule the limits now refuse is refused as before.
 * <p>
 * A consumer that repeats the selector of the subscription queue it consumes from (a JMS non-durable topic
 * subscriber does) gets no consumer filter: the queue already holds exactly what its rule accepts, and must go on
 * delivering all of it when the rule is changed through management.
 */
public final class RawRuleSelectorInterceptor implements Interceptor {

   private final SelectorRewriter rewriter;
   private final Function<SimpleString, SimpleString> subscriptionFilter;
   private final Predicate<SimpleString> filterInUse;

   /**
    * @param subscriptionFilter the filter string of the named queue when RuleFilter manages its rule, else null
    * @param filterInUse        whether a subscription queue has exactly this filter string
    */
   public RawRuleSelectorInterceptor(SelectorRewriter rewriter, Function<SimpleString, SimpleString> subscriptionFilter,
                                     Predicate<SimpleString> filterInUse) {
      this.rewriter = rewriter;
      this.subscriptionFilter = subscriptionFilter;
      this.filterInUse = filterInUse;
   }

   @Override
   public boolean intercept(Packet packet, RemotingConnection connection) throws ActiveMQException {
      if (packet instanceof CreateQueueMessage create) {
         create.setFilterString(newQueueFilter(create.getFilterString()));
      } else if (packet instanceof CreateSharedQueueMessage create) {
         create.setFilterString(newQueueFilter(create.getFilterString()));
      } else if (packet instanceof SessionCreateConsumerMessage consumer && consumer.getFilterString() != null) {
         consumer.setFilterString(repeatsItsSubscription(consumer) ? null : rewriter.filter(consumer.getFilterString()));
      }
      return true;
   }

   private SimpleString newQueueFilter(SimpleString filter) {
      return SelectorRewriter.carriesRule(filter) && !filterInUse.test(filter) ? filter : rewriter.queueFilter(filter);
   }

   private boolean repeatsItsSubscription(SessionCreateConsumerMessage consumer) {
      SimpleString queueFilter = consumer.getQueueName() == null ? null : subscriptionFilter.apply(consumer.getQueueName());
      if (queueFilter == null) {
         return false;
      }
      SimpleString selector = consumer.getFilterString();
      return selector.equals(queueFilter) || Objects.equals(rewriter.queueFilter(selector), queueFilter);
   }
}

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

import io.rulefilter.internal.eval.RuleCompiler;
import io.rulefilter.message.MessageModel;
import io.rulefilter.internal.parse.RuleParser;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.message.impl.CoreMessage;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;
import org.apache.activemq.artemis.core.server.impl.RoutingContextImpl;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A message whose property cannot be read (as a lazily decoded message of another protocol might fail to decode) is
 * kept out of the subscriptions the index found by that property, as each rule would keep it out had it read the
 * value itself; the send does not fail. Numeric bounds and values and prefixes alike.
 */
class UnreadableValueTest {

   private static final MessageModel MODEL = MessageModel.DEFAULT;

   /** A message whose properties cannot be decoded. */
   private static final class Undecodable extends CoreMessage {
      Undecodable() {
         super(1, 64);
      }

      @Override
      public Object getObjectProperty(SimpleString key) {
         throw new IllegalStateException("undecodable properties");
      }
   }

   @Test
   void aRangeIndexRejectsAMessageWhoseValueCannotBeRead() throws Exception {
      IndexEntry entry = entry("n gt 5");
      RangeIndex bounds = RangeIndex.of("n", RangeIndex.Bound.allOf(entry,
            RangeAnchor.of(entry.policy().own().rule(), MODEL).orElseThrow()));
      assertRejected(new RuleIndex(new LocalQueueBinding[0], new IndexEntry[0], new ValueIndex[0],
            new RangeIndex[] {bounds}, 1));
   }

   @Test
   void aValueIndexRejectsAMessageWhoseValueCannotBeRead() throws Exception {
      IndexEntry entry = entry("airline weq CA");
      ValueIndex values = ValueIndex.of("airline", Map.of(SimpleString.of("CA"), List.of(entry)), Map.of());
      assertRejected(new RuleIndex(new LocalQueueBinding[0], new IndexEntry[0], new ValueIndex[] {values},
            new RangeIndex[0], 1));
   }

   /** An entry whose rule is all anchor, so the index's read of the value is the only one. */
   private static IndexEntry entry(String rule) {
      SubscriptionPolicy policy = new SubscriptionPolicy(new RuleCompiler(MODEL).compile(RuleParser.parse(rule)), null,
            null, true);
      return new IndexEntry(null, policy, null, true);
   }

   private static void assertRejected(RuleIndex index) throws Exception {
      RoutingContextImpl context = new RoutingContextImpl(null);
      Undecodable message = new Undecodable();
      index.route(message, context, new ArtemisMessageView(MODEL.tagProperty()).of(message));
      assertThat(context.getQueueCount()).as("queues the unreadable message was routed to").isZero();
   }
}

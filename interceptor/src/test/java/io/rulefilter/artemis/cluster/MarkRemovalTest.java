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
package io.rulefilter.artemis.cluster;

import io.rulefilter.artemis.testing.InVmPair;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.message.impl.CoreMessage;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.MessageReference;
import org.apache.activemq.artemis.core.server.Queue;
import org.apache.activemq.artemis.utils.collections.LinkedListIterator;
import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Whatever routes a message through the post office without a client session (core federation's consumer, a
 * management send, a copy Artemis routes again) leaves it without RuleFilter's redistribution mark: only a bridge's
 * send, judged by the guard before routing, may carry one.
 */
class MarkRemovalTest {

   private static final SimpleString ADDRESS = SimpleString.of("airport.events");

   @Test
   void aMessageRoutedWithoutASessionLosesTheMark() throws Exception {
      try (InVmPair pair = InVmPair.start()) {
         ActiveMQServer server = pair.primary();
         Queue bags = server.createQueue(QueueConfiguration.of("bags").setAddress(ADDRESS)
               .setRoutingType(RoutingType.MULTICAST).setDurable(false));
         CoreMessage message = new CoreMessage(server.getStorageManager().generateID(), 64);
         message.setAddress(ADDRESS);
         message.putExtraBytesProperty(RedistributionMark.PROPERTY, RedistributionMark.entry(
               server.getNodeID().toString(), bags.getID()));
         server.getPostOffice().route(message, true); // as core federation's consumer does
         Message routed = awaitOne(bags);
         assertThat(routed.containsProperty(RedistributionMark.PROPERTY)).as("the mark is removed").isFalse();
      }
   }

   private static Message awaitOne(Queue queue) throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (queue.getMessageCount() < 1) {
         assertThat(System.nanoTime()).as("a message in " + queue.getName()).isLessThan(deadline);
         Thread.sleep(10);
      }
      try (LinkedListIterator<MessageReference> refs = queue.browserIterator()) {
         return refs.next().getMessage();
      }
   }
}

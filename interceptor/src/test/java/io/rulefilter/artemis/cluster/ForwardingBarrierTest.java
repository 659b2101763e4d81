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

import io.rulefilter.artemis.testing.InVmBroker;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.client.ClientConsumer;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientProducer;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.core.server.Queue;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The barrier of a widening change, asked rather than waited on: it holds once what its store-and-forward queue had
 * taken in is acknowledged, and gives up (holds, logged) after {@link ForwardingBarrier#CONFIRM_MS}. A real queue of a
 * real broker stands for the store-and-forward queue; the test acknowledges as the bridge would.
 */
class ForwardingBarrierTest {

   private static final String FORWARD = "sf.test";

   @Test
   void holdsOnceWhatWasForwardedIsAcknowledged() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         Queue forward = forwardQueue(broker);
         send(broker.client(), 3);
         InVmBroker.awaitIntake(forward);
         ForwardingBarrier barrier = new ForwardingBarrier(List.of(forward), "node-b");
         assertThat(barrier.confirmed()).as("at once: routed messages may not be added yet").isFalse();
         Thread.sleep(60);
         assertThat(barrier.confirmed()).as("three forwards unacknowledged").isFalse();
         send(broker.client(), 2); // after the barrier: not waited for
         acknowledge(broker.client(), 3);
         assertThat(barrier.confirmed()).as("the three before it acknowledged").isTrue();
         assertThat(forward.getMessageCount()).as("the two after it still there").isEqualTo(2);
      }
   }

   @Test
   void givesUpAfterItsLimit() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         Queue forward = forwardQueue(broker);
         send(broker.client(), 1);
         InVmBroker.awaitIntake(forward);
         ForwardingBarrier barrier = new ForwardingBarrier(List.of(forward), "node-b");
         long started = System.nanoTime();
         while (!barrier.confirmed()) {
            Thread.sleep(20);
         }
         assertThat((System.nanoTime() - started) / 1_000_000).as("ms until it gave up")
               .isGreaterThanOrEqualTo(ForwardingBarrier.CONFIRM_MS);
         assertThat(forward.getMessageCount()).as("nothing acknowledged").isEqualTo(1);
      }
   }

   private static Queue forwardQueue(InVmBroker broker) throws Exception {
      return broker.server().createQueue(QueueConfiguration.of(FORWARD).setAddress(FORWARD)
            .setRoutingType(RoutingType.ANYCAST).setDurable(true));
   }

   private static void send(ClientSession session, int count) throws Exception {
      try (ClientProducer producer = session.createProducer(FORWARD)) {
         for (int i = 0; i < count; i++) {
            producer.send(session.createMessage(true));
         }
      }
   }

   private static void acknowledge(ClientSession session, int count) throws Exception {
      session.start();
      try (ClientConsumer consumer = session.createConsumer(FORWARD)) {
         for (int i = 0; i < count; i++) {
            ClientMessage message = consumer.receive(5_000);
            assertThat(message).as("forward %d", i).isNotNull();
            message.acknowledge();
         }
      }
      session.stop();
   }
}

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
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.client.ClientConsumer;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientProducer;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ServerLocator;
import org.apache.activemq.artemis.core.server.Queue;
import org.apache.activemq.artemis.core.server.impl.AddressInfo;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The barrier of a widening change, asked rather than waited on: it holds once what its store-and-forward queue had
 * taken in is acknowledged, and gives up (holds, logged) after {@link ForwardingBarrier#CONFIRM_MS}. A real queue of a
 * real broker stands for the store-and-forward queue; the test acknowledges as the bridge would.
 */
class ForwardingBarrierTest {

   /** Named as Artemis names a store-and-forward queue, which routes list under its own address. */
   private static final String FORWARD = "$.artemis.internal.sf.test.node-b";

   @Test
   void holdsOnceWhatWasForwardedIsAcknowledged() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         Queue forward = forwardQueue(broker);
         send(broker.client(), 3);
         InVmBroker.awaitIntake(forward);
         ForwardsInFlight inFlight = inFlight(broker);
         ForwardingBarrier barrier = new ForwardingBarrier(List.of(forward), inFlight, "node-b");
         assertThat(barrier.confirmed()).as("at once: routed messages may not be added yet").isFalse();
         Thread.sleep(60);
         assertThat(confirmsWithin(barrier, 300)).as("three forwards unacknowledged").isFalse();
         send(broker.client(), 2); // after the barrier: not waited for
         acknowledge(broker.client(), 3);
         assertThat(confirmsWithin(barrier, 2_000)).as("the three before it acknowledged").isTrue();
         assertThat(forward.getMessageCount()).as("the two after it still there").isEqualTo(2);
      }
   }

   @Test
   void givesUpAfterItsLimit() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         Queue forward = forwardQueue(broker);
         send(broker.client(), 1);
         InVmBroker.awaitIntake(forward);
         ForwardsInFlight inFlight = inFlight(broker);
         ForwardingBarrier barrier = new ForwardingBarrier(List.of(forward), inFlight, "node-b");
         long started = System.nanoTime();
         while (!barrier.confirmed()) {
            Thread.sleep(20);
         }
         assertThat((System.nanoTime() - started) / 1_000_000).as("ms until it gave up")
               .isGreaterThanOrEqualTo(ForwardingBarrier.CONFIRM_MS);
         assertThat(forward.getMessageCount()).as("nothing acknowledged").isEqualTo(1);
      }
   }

   /**
    * A transacted send is routed when sent, but its references are added when its transaction commits: the barrier
    * waits for a forward decided before it until then, however late (without counting, the queue's counters would show
    * nothing to wait for).
    */
   @Test
   void waitsForAForwardDecidedBeforeItUntilItsTransactionCommits() throws Exception {
      try (Transacted publisher = new Transacted()) {
         InVmBroker broker = publisher.broker;
         Queue forward = publisher.forward;
         send(publisher.session, 2);
         awaitRouted(broker, 2);
         ForwardingBarrier barrier = publisher.barrier();
         Thread.sleep(300);
         assertThat(confirmsWithin(barrier, 300)).as("two forwards decided, their transaction open").isFalse();
         assertThat(forward.getMessagesAdded()).isZero();
         publisher.session.commit();
         InVmBroker.awaitIntake(forward);
         assertThat(confirmsWithin(barrier, 300)).as("added, not acknowledged").isFalse();
         acknowledge(broker.client(), 2);
         assertThat(confirmsWithin(barrier, 2_000)).isTrue();
      }
   }

   /** A forward whose transaction rolls back is not waited for any longer. */
   @Test
   void aRolledBackForwardIsNotWaitedFor() throws Exception {
      try (Transacted publisher = new Transacted()) {
         send(publisher.session, 1);
         awaitRouted(publisher.broker, 1);
         ForwardingBarrier barrier = publisher.barrier();
         Thread.sleep(100);
         assertThat(confirmsWithin(barrier, 300)).isFalse();
         publisher.session.rollback();
         assertThat(confirmsWithin(barrier, 2_000)).isTrue();
      }
   }

   /**
    * Artemis hands a queue its references, and the queue takes them in and counts them as added on its own executor,
    * a moment later: the barrier waits until it has, so that the count it waits on includes them.
    */
   @Test
   void waitsUntilTheQueueHasCountedWhatItWasHanded() throws Exception {
      try (Transacted publisher = new Transacted()) {
         InVmBroker broker = publisher.broker;
         Queue forward = publisher.forward;
         CountDownLatch busy = new CountDownLatch(1);
         try {
            forward.getExecutor().execute(() -> awaitQuietly(busy)); // the queue's executor is busy meanwhile
            send(publisher.session, 2);
            awaitRouted(broker, 2);
            publisher.session.commit(); // handed to the queue, which has not taken them in yet
            ForwardingBarrier barrier = publisher.barrier();
            Thread.sleep(100);
            assertThat(confirmsWithin(barrier, 300)).as("handed over, not yet counted").isFalse();
            assertThat(forward.getMessagesAdded()).isZero();
            busy.countDown();
            InVmBroker.awaitIntake(forward);
            assertThat(confirmsWithin(barrier, 300)).as("counted, not acknowledged").isFalse();
            acknowledge(broker.client(), 2);
            assertThat(confirmsWithin(barrier, 2_000)).isTrue();
         } finally {
            busy.countDown();
         }
      }
   }

   /** Asks the barrier, as the node making a change does every few milliseconds, for up to {@code ms}. */
   private static boolean confirmsWithin(ForwardingBarrier barrier, long ms) throws InterruptedException {
      long deadline = System.nanoTime() + ms * 1_000_000;
      do {
         if (barrier.confirmed()) {
            return true;
         }
         Thread.sleep(5);
      } while (System.nanoTime() < deadline);
      return false;
   }

   private static ForwardsInFlight inFlight(InVmBroker broker) {
      return new ForwardsInFlight(broker.server().getStorageManager(), broker.server().getInternalNamingPrefix());
   }

   private static void awaitRouted(InVmBroker broker, long count) throws InterruptedException {
      AddressInfo address = broker.server().getAddressInfo(SimpleString.of(FORWARD));
      long deadline = System.nanoTime() + 10_000_000_000L;
      while (address.getRoutedMessageCount() < count) {
         assertThat(System.nanoTime()).as("routed %d of %d", address.getRoutedMessageCount(), count).isLessThan(deadline);
         Thread.sleep(5);
      }
   }

   private static void awaitQuietly(CountDownLatch latch) {
      try {
         latch.await(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
         Thread.currentThread().interrupt();
      }
   }

   /** A broker whose forwards are counted in flight, with a transacted session sending to its forward queue. */
   private static final class Transacted implements AutoCloseable {
      final InVmBroker broker = InVmBroker.start();
      final ServerLocator locator = ActiveMQClient.createServerLocator("vm://0");
      final ClientSession session = locator.createSessionFactory().createSession(false, false);
      final Queue forward = forwardQueue(broker);
      final ForwardsInFlight inFlight = inFlight(broker);

      Transacted() throws Exception {
         broker.server().registerBrokerPlugin(inFlight);
      }

      ForwardingBarrier barrier() {
         return new ForwardingBarrier(List.of(forward), inFlight, "node-b");
      }

      @Override
      public void close() throws Exception {
         session.close();
         locator.close();
         broker.close();
      }
   }

   private static Queue forwardQueue(InVmBroker broker) throws Exception {
      return broker.server().createQueue(QueueConfiguration.of(FORWARD).setAddress(FORWARD)
            .setRoutingType(RoutingType.ANYCAST).setDurable(true).setInternal(true)); // as a store-and-forward queue
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

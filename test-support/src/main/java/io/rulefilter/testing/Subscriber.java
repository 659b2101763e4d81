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
package io.rulefilter.testing;

import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import org.apache.activemq.artemis.core.server.Queue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A subscription a test created, with its consumer open: it receives what the broker routes to it while the test
 * runs. {@link #received} returns exactly what the broker routed since the last call, without waiting for silence.
 */
public final class Subscriber {

   private static final long ARRIVAL_MILLIS = 5_000;

   private final RuleFilterExtension broker;
   private final String address;
   private final String name;
   private final Session session;
   private final MessageConsumer consumer;
   private final Queue queue;
   private long taken;

   Subscriber(RuleFilterExtension broker, String address, String name, Session session, MessageConsumer consumer,
              Queue queue) {
      this.broker = broker;
      this.address = address;
      this.name = name;
      this.session = session;
      this.consumer = consumer;
      this.queue = queue;
   }

   public String address() {
      return address;
   }

   /** The subscription's name, which is also the name of its queue. */
   public String name() {
      return name;
   }

   /** The messages routed to this subscription since the last call, in the order they arrived. */
   public List<AirportMessage> received() throws JMSException {
      settle();
      long due = queue.getMessagesAdded() - taken;
      List<AirportMessage> out = new ArrayList<>();
      for (long i = 0; i < due; i++) {
         Message message = consumer.receive(ARRIVAL_MILLIS);
         if (message == null) {
            throw new AssertionError("subscriber '" + name + "': the broker routed " + due + " messages to it, "
                  + out.size() + " arrived within " + ARRIVAL_MILLIS + " ms");
         }
         out.add(broker.published(message));
      }
      taken += due;
      return out;
   }

   /**
    * Asserts that the subscription received exactly these messages, in this order, since the last check; on failure
    * says, for each message out of place, what its current rule makes of it.
    */
   public void assertReceived(AirportMessage... expected) throws JMSException {
      List<AirportMessage> actual = received();
      List<AirportMessage> wanted = Arrays.asList(expected);
      if (!actual.equals(wanted)) {
         throw new AssertionError(DeliveryReport.of("subscriber '" + name + "' on '" + address + "'", broker.ruleOf(this),
               wanted, actual, broker.language()));
      }
   }

   /**
    * Waits until the queue's executor has run everything submitted before now: a message routed to the queue is
    * counted there. (Artemis's own {@code flushExecutor} may return while its last task still runs.)
    */
   private void settle() {
      CountDownLatch done = new CountDownLatch(1);
      queue.getExecutor().execute(done::countDown);
      try {
         if (!done.await(ARRIVAL_MILLIS, TimeUnit.MILLISECONDS)) {
            throw new AssertionError("subscriber '" + name + "': its queue stayed busy for " + ARRIVAL_MILLIS + " ms");
         }
      } catch (InterruptedException e) {
         Thread.currentThread().interrupt();
         throw new AssertionError("interrupted while waiting for subscriber '" + name + "'", e);
      }
   }

   void close() throws JMSException {
      session.close();
   }
}

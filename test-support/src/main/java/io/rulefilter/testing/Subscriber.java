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
import org.apache.activemq.artemis.core.server.Queue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A subscription a test created, with its consumer open: it receives what the broker routes to it while the test
 * runs. {@link #received} returns exactly what the broker routed since the last call, without waiting for silence:
 * it counts what Artemis added to the subscription's queue, so a scheduled message that is not due within 5 seconds,
 * or one removed before delivery (expired, purged, replaced in a last-value queue), fails it.
 * Like the extension, meant for the test's own thread.
 */
public final class Subscriber {

   private static final long ARRIVAL_MILLIS = 5_000;

   private final RuleFilterExtension broker;
   private final String address;
   private final String name;
   private final MessageConsumer consumer;
   private final Queue queue;
   /** The rule in force when each message was published since the last check (null: none); the last publish wins. */
   private final Map<AirportMessage, String> rulesAtPublish = new LinkedHashMap<>();
   private long taken;

   Subscriber(RuleFilterExtension broker, String address, String name, MessageConsumer consumer, Queue queue) {
      this.broker = broker;
      this.address = address;
      this.name = name;
      this.consumer = consumer;
      this.queue = queue;
   }

   public String address() {
      return address;
   }

   /** The subscription's name, as the test gave it. */
   public String name() {
      return name;
   }

   /**
    * The name of the subscription's queue: its name as the JMS client spells it ({@code '.'} and {@code '\'}
    * escaped with {@code '\'}). Management operations take this one.
    */
   public String queueName() {
      return queue.getName().toString();
   }

   /** The messages routed to this subscription since the last call, in the order they arrived. */
   public List<AirportMessage> received() throws JMSException {
      rulesAtPublish.clear();
      return take();
   }

   /**
    * Asserts that the subscription received exactly these messages, in this order, since the last check; on failure
    * says, for each message out of place, what the rule in force when it was published makes of it.
    */
   public void assertReceived(AirportMessage... expected) throws JMSException {
      Map<AirportMessage, String> rules = new LinkedHashMap<>(rulesAtPublish);
      List<AirportMessage> actual = received();
      List<AirportMessage> wanted = Arrays.asList(expected);
      if (!actual.equals(wanted)) {
         throw new AssertionError(new DeliveryReport("subscriber '" + name + "' on '" + address + "'",
               broker.ruleOf(this), rules, broker.language()).of(wanted, actual));
      }
   }

   /** Called before {@code message} is published to this subscriber's address, with the rule then in force. */
   void publishing(AirportMessage message, String rule) {
      rulesAtPublish.put(message, rule);
   }

   private List<AirportMessage> take() throws JMSException {
      settle();
      long due = queue.getMessagesAdded() - taken;
      List<AirportMessage> out = new ArrayList<>();
      for (long i = 0; i < due; i++) {
         Message message = consumer.receive(ARRIVAL_MILLIS);
         if (message == null) {
            throw new AssertionError("subscriber '" + name + "': the broker routed " + due + " messages to it, "
                  + out.size() + " arrived within " + ARRIVAL_MILLIS + " ms");
         }
         out.add(broker.original(message));
      }
      taken += due;
      return out;
   }

   /**
    * Waits until the queue has taken in every message routed to it before now, so that its count of added messages
    * is complete: a marker queued behind them runs once they are in (Artemis's own {@code flushExecutor} may return
    * while its last task still runs, and one executor task takes in at most about a thousand messages).
    */
   private void settle() {
      CountDownLatch done = new CountDownLatch(1);
      queue.flushOnIntermediate(done::countDown);
      try {
         if (!done.await(ARRIVAL_MILLIS, TimeUnit.MILLISECONDS)) {
            throw new AssertionError("subscriber '" + name + "': its queue stayed busy for " + ARRIVAL_MILLIS + " ms");
         }
      } catch (InterruptedException e) {
         Thread.currentThread().interrupt();
         throw new AssertionError("interrupted while waiting for subscriber '" + name + "'", e);
      }
   }
}

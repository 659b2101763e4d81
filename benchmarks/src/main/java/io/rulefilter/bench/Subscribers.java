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
package io.rulefilter.bench;

import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.Topic;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.postoffice.Binding;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * N JMS shared durable subscriptions on {@link BenchBroker#ADDRESS}, each with a consumer whose listener records
 * every delivery into the current {@link Deliveries}: the subscribers the latency benchmark publishes to, attached
 * for the whole of a broker's runs.
 *
 * <p>A thousand consumers share a few connections and sessions ({@value #CONSUMERS_PER_SESSION} consumers a session,
 * whose listeners it runs one at a time; {@value #SESSIONS_PER_CONNECTION} sessions a connection): a connection per
 * consumer would put a thousand sockets and their client-side machinery on a 2-core machine that also runs the broker,
 * and measure the client more than the broker. A listener does nothing but note the time and the message, so
 * consumers sharing a session hardly wait for each other at the rates measured.
 */
final class Subscribers implements AutoCloseable {

   static final int CONSUMERS_PER_SESSION = 25;
   static final int SESSIONS_PER_CONNECTION = 10;

   /** The message properties the benchmark writes: its run, its number in the run, its send time. */
   static final String RUN = "benchRun";
   static final String SEQ = "benchSeq";
   static final String SENT = "benchSentNanos";

   private final BenchBroker broker;
   private final ActiveMQConnectionFactory factory;
   private final List<Connection> connections = new ArrayList<>();
   private volatile Deliveries deliveries = new Deliveries(-1, 0);

   /**
    * Makes one subscription per selector ({@code sub-0}, {@code sub-1}, …) with a consumer on each, and starts them.
    * Each connection makes its share in a thread of its own: making a subscription waits for the broker's answers, so
    * the connections together make them in a fraction of the time one would.
    */
   Subscribers(BenchBroker broker, List<String> selectors) throws Exception {
      this.broker = broker;
      this.factory = new ActiveMQConnectionFactory("tcp://127.0.0.1:" + broker.port);
      int perConnection = CONSUMERS_PER_SESSION * SESSIONS_PER_CONNECTION;
      ExecutorService makers = Executors.newCachedThreadPool();
      try {
         List<Future<?>> made = new ArrayList<>();
         for (int from = 0; from < selectors.size(); from += perConnection) {
            Connection connection = factory.createConnection();
            connections.add(connection);
            int first = from;
            made.add(makers.submit(() -> subscribe(connection, selectors, first,
                  Math.min(selectors.size(), first + perConnection))));
         }
         for (Future<?> future : made) {
            future.get();
         }
         for (Connection connection : connections) {
            connection.start();
         }
      } catch (Exception e) {
         close();
         throw e;
      } finally {
         makers.shutdownNow();
      }
   }

   /** Subscriptions {@code from} to {@code to} (exclusive) on {@code connection}, in sessions of their own. */
   private Void subscribe(Connection connection, List<String> selectors, int from, int to) throws JMSException {
      Session session = null;
      Topic topic = null;
      for (int i = from; i < to; i++) {
         if ((i - from) % CONSUMERS_PER_SESSION == 0) {
            session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            topic = session.createTopic(BenchBroker.ADDRESS);
         }
         MessageConsumer consumer = session.createSharedDurableConsumer(topic, "sub-" + i, selectors.get(i));
         int subscription = i;
         consumer.setMessageListener(message -> onMessage(subscription, message));
      }
      return null;
   }

   /** Where the listeners record from now on: the next run's deliveries. */
   void recordInto(Deliveries next) {
      deliveries = next;
   }

   private void onMessage(int subscription, Message message) {
      long now = System.nanoTime();
      try {
         deliveries.record(message.getIntProperty(RUN), message.getIntProperty(SEQ), subscription,
               now - message.getLongProperty(SENT));
      } catch (JMSException | NumberFormatException e) {
         deliveries.unreadable();
      }
   }

   /**
    * Closes the consumers and deletes their subscription queues on the broker, waiting until it has released any
    * message still held, so that the next benchmark in this JVM starts clean.
    */
   @Override
   public void close() {
      for (Connection connection : connections) {
         try {
            connection.close();
         } catch (JMSException e) {
            // the broker is about to delete the queues anyway; a connection that fails to close leaves nothing behind
         }
      }
      connections.clear();
      factory.close(); // closing it closes what is left of its connections: so only after them
      try {
         List<Binding> bindings = new ArrayList<>(broker.server().getPostOffice()
               .getBindingsForAddress(SimpleString.of(BenchBroker.ADDRESS)).getBindings());
         for (Binding binding : bindings) {
            if (binding instanceof LocalQueueBinding queue) {
               broker.server().destroyQueue(queue.getQueue().getName(), null, false, true);
            }
         }
         long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
         while (broker.server().getPagingManager().getGlobalSize() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(5);
         }
      } catch (InterruptedException e) {
         Thread.currentThread().interrupt();
      } catch (Exception e) {
         throw new IllegalStateException(broker.kind.label + ": the subscriptions could not be deleted", e);
      }
   }
}

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
package io.rulefilter.e2e.stock;

import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.TransactionRolledBackException;
import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.ActiveMQExceptionType;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * A subscriber that must neither lose nor double-process a message through a failover, consuming on a thread of its
 * own as such a client does with Artemis: in a transacted session, committing every few messages. A batch whose
 * commit the broker refused (it rolled back because of the failover) is delivered again and not counted; a batch whose
 * commit outcome the client cannot know (the broker died while committing) counts as received, and if it comes again
 * it is no duplicate. A message that arrives again after a commit the broker confirmed is a duplicate.
 */
final class HaSubscriber implements AutoCloseable {

   private static final int BATCH = 20;
   /** Why a commit's outcome can be unknown to an Artemis client: failover during the commit, no answer in time. */
   private static final Set<ActiveMQExceptionType> OUTCOME_UNKNOWN = Set.of(ActiveMQExceptionType.TRANSACTION_OUTCOME_UNKNOWN,
         ActiveMQExceptionType.CONNECTION_TIMEDOUT, ActiveMQExceptionType.UNBLOCKED);

   private final String name;
   private final Connection connection;
   private final Session session;
   private final MessageConsumer consumer;
   private final Thread thread;
   private final Set<Integer> committed = new TreeSet<>();
   private final Set<Integer> uncertain = new TreeSet<>();
   private final List<Integer> duplicates = new ArrayList<>();
   private final List<Integer> batch = new ArrayList<>();
   private int rolledBack;
   private final List<String> unknownOutcomes = new ArrayList<>();
   private volatile boolean closed;
   private volatile Exception failure;

   private HaSubscriber(String name, Connection connection, Session session, MessageConsumer consumer) {
      this.name = name;
      this.connection = connection;
      this.session = session;
      this.consumer = consumer;
      this.thread = new Thread(this::consume, "ha-subscriber-" + name);
   }

   private HaSubscriber start() {
      thread.start();
      return this;
   }

   /** A shared durable subscription {@code name} (its queue is {@code name}). */
   static HaSubscriber shared(ConnectionFactory factory, String name, String selector) throws JMSException {
      Connection connection = factory.createConnection(StockArtemis.USER, StockArtemis.PASSWORD);
      Session session = connection.createSession(true, Session.SESSION_TRANSACTED);
      MessageConsumer consumer = session.createSharedDurableConsumer(session.createTopic(HaTraffic.ADDRESS), name, selector);
      connection.start();
      return new HaSubscriber(name, connection, session, consumer).start();
   }

   /** A durable subscription {@code name} of client {@code clientId} (its queue is {@code clientId.name}). */
   static HaSubscriber durable(ConnectionFactory factory, String clientId, String name, String selector) throws JMSException {
      Connection connection = factory.createConnection(StockArtemis.USER, StockArtemis.PASSWORD);
      connection.setClientID(clientId);
      Session session = connection.createSession(true, Session.SESSION_TRANSACTED);
      MessageConsumer consumer = session.createDurableConsumer(session.createTopic(HaTraffic.ADDRESS), name, selector, false);
      connection.start();
      return new HaSubscriber(clientId + "." + name, connection, session, consumer).start();
   }

   /** A non-durable subscription: Artemis does not keep its queue through a failover, the client creates it again. */
   static HaSubscriber nonDurable(ConnectionFactory factory, String name, String selector) throws JMSException {
      Connection connection = factory.createConnection(StockArtemis.USER, StockArtemis.PASSWORD);
      Session session = connection.createSession(true, Session.SESSION_TRANSACTED);
      MessageConsumer consumer = session.createConsumer(session.createTopic(HaTraffic.ADDRESS), selector);
      connection.start();
      return new HaSubscriber(name, connection, session, consumer).start();
   }

   String name() {
      return name;
   }

   /** Every message received: committed, or in a batch whose commit outcome is unknown. */
   synchronized Set<Integer> received() {
      Set<Integer> received = new TreeSet<>(committed);
      received.addAll(uncertain);
      return received;
   }

   /** Messages received again after a confirmed commit. */
   synchronized List<Integer> duplicates() {
      return List.copyOf(duplicates);
   }

   /** Commits whose outcome the client could not know, and why. */
   synchronized List<String> unknownOutcomes() {
      return List.copyOf(unknownOutcomes);
   }

   /** Batches the broker rolled back (failover) and delivered again. */
   synchronized int rolledBack() {
      return rolledBack;
   }

   /**
    * Waits until every message of {@code expected} is received, then a little longer for any that should not come;
    * returns what was received.
    */
   Set<Integer> awaitReceived(Set<Integer> expected, long seconds) throws Exception {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
      while (!received().containsAll(expected) && System.nanoTime() < deadline && failure == null) {
         Thread.sleep(20);
      }
      Thread.sleep(300);
      if (failure != null) {
         throw new IllegalStateException("subscriber " + name + " failed", failure);
      }
      return received();
   }

   private void consume() {
      try {
         while (!closed) {
            Message message = consumer.receive(100);
            if (message != null) {
               arrived(message.getIntProperty(HaTraffic.SEQ));
            }
            if (batch.size() >= BATCH || message == null && !batch.isEmpty()) {
               commit();
            }
         }
      } catch (Exception e) {
         if (!closed) {
            failure = e;
         }
      }
   }

   private void commit() throws JMSException {
      try {
         session.commit();
         committed(batch);
      } catch (TransactionRolledBackException rolledBackByFailover) {
         rolledBack(batch);
      } catch (JMSException e) {
         if (!(e.getCause() instanceof ActiveMQException cause) || !OUTCOME_UNKNOWN.contains(cause.getType())) {
            throw e;
         }
         // the broker died while committing, or did not answer in time: the commit may or may not have happened
         outcomeUnknown(batch, cause.getType());
         try {
            session.rollback();
         } catch (JMSException alreadyRolledBack) {
            // the client rolled back itself when it failed over
         }
      }
   }

   private synchronized void arrived(int seq) {
      if (committed.contains(seq)) {
         duplicates.add(seq);
      }
      batch.add(seq);
   }

   private synchronized void committed(List<Integer> seqs) {
      committed.addAll(seqs);
      seqs.clear();
   }

   private synchronized void rolledBack(List<Integer> seqs) {
      rolledBack++;
      seqs.clear();
   }

   private synchronized void outcomeUnknown(List<Integer> seqs, ActiveMQExceptionType why) {
      unknownOutcomes.add(why + " (" + seqs.size() + " messages)");
      uncertain.addAll(seqs);
      seqs.clear();
   }

   @Override
   public void close() throws Exception {
      closed = true;
      thread.join(TimeUnit.SECONDS.toMillis(10));
      connection.close();
   }
}

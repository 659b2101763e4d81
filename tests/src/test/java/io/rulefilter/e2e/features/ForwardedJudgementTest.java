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
package io.rulefilter.e2e.features;

import io.rulefilter.RuleLanguage;
import io.rulefilter.artemis.internal.PluginParts;
import io.rulefilter.artemis.routing.AddressIndexes;
import io.rulefilter.artemis.routing.CopyForwarding;
import io.rulefilter.client.ManagementClient;
import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.message.impl.CoreMessage;
import org.apache.activemq.artemis.core.postoffice.QueueBinding;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.Queue;
import org.apache.activemq.artemis.core.server.cluster.RemoteQueueBinding;
import org.apache.activemq.artemis.jms.client.ActiveMQMessage;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two RuleFilter nodes over TCP: what a client publishes on one node is judged by the rules of the other node's queue
 * when it arrives there, whatever properties the client set. RuleFilter's own bookkeeping names cannot switch the
 * judgement off.
 */
class ForwardedJudgementTest {

   private static final String TOPIC = "airport.events";
   private static final RuleLanguage LANGUAGE = RuleLanguage.standard();
   private static final String MARK = "_RF_REDISTRIBUTED";
   private static final SimpleString ROUTE_TO = CoreMessage.HDR_ROUTE_TO_IDS;

   @Test
   void aPublisherCannotSkipTheHoldingNodesJudgement() throws Exception {
      try (ClusterNodes cluster = ClusterNodes.start(2, "ON_DEMAND");
           Connection subscriber = cluster.connect(1)) {
         Session subscriptions = subscriber.createSession();
         MessageConsumer bags = subscriptions.createSharedDurableConsumer(subscriptions.createTopic(TOPIC), "bags",
               "@tag beg BS");
         try (ManagementClient admin = cluster.management(1)) {
            admin.invoke("setAddressRule", TOPIC, "not airline weq XX");
         }
         cluster.awaitCopies(TOPIC, true, 1, 0);

         try (Connection publisher = cluster.connect(0); Session session = publisher.createSession()) {
            MessageProducer producer = session.createProducer(session.createTopic(TOPIC));
            producer.send(bag(session, 1, "XX", m -> m.setStringProperty(MARK, "yes")));
            producer.send(bag(session, 2, "XX", m -> ((ActiveMQMessage) m).getCoreMessage()
                  .putBytesProperty(SimpleString.of(MARK), new byte[0])));
            producer.send(bag(session, 3, "XX", m -> ((ActiveMQMessage) m).getCoreMessage()
                  .putBytesProperty(SimpleString.of(MARK), forgedMark(cluster.node(1).server(), "bags"))));
            producer.send(bag(session, 4, "MU", m -> { }));
         }
         assertThat(FeatureBroker.drainForwarded(bags, 1)).as("the address rule rejects airline XX").containsExactly(4);
      }
   }

   /**
    * A message held by a queue on node A is redistributed to node B's queue of the same subscription while A's forward
    * of the same message to another queue on B still waits: that forward is judged by B as any other, and the
    * redistributed copy is kept.
    */
   @Test
   void redistributingAMessageLeavesItsOtherForwardsJudged() throws Exception {
      try (ClusterNodes cluster = ClusterNodes.start(2, "ON_DEMAND");
           Connection onB = cluster.connect(1);
           Connection onA = cluster.connect(0)) {
         Session sessionB = onB.createSession();
         sessionB.createSharedDurableConsumer(sessionB.createTopic(TOPIC), "shared", "@tag beg BS").close();
         MessageConsumer other = sessionB.createSharedDurableConsumer(sessionB.createTopic(TOPIC), "other",
               "@tag beg BS");
         ManagementClient admin = cluster.management(1);
         admin.invoke("disable", TOPIC, "other"); // A's copy of it forwards everything once this returns
         onA.stop(); // A's consumer keeps the message on A, undelivered
         Session sessionA = onA.createSession();
         MessageConsumer heldOnA = sessionA.createSharedDurableConsumer(sessionA.createTopic(TOPIC), "shared",
               "@tag beg BS");
         cluster.awaitCopies(TOPIC, true, 1, 1);
         Queue towardsB = storeAndForward(cluster.node(0).server());
         towardsB.pause();

         try (Connection publisher = cluster.connect(0); Session session = publisher.createSession()) {
            session.createProducer(session.createTopic(TOPIC)).send(bag(session, 1, "XX", m -> { }));
         }
         heldOnA.close();
         MessageConsumer shared = sessionB.createSharedDurableConsumer(sessionB.createTopic(TOPIC), "shared",
               "@tag beg BS");
         awaitCount(towardsB, 2); // the forward to "other" and the redistributed copy for "shared"
         admin.invoke("setRule", TOPIC, "other", "airline weq MU"); // while the forward waits
         admin.invoke("enable", TOPIC, "other");
         admin.close();
         towardsB.resume();
         try (Connection publisher = cluster.connect(0); Session session = publisher.createSession()) {
            session.createProducer(session.createTopic(TOPIC)).send(bag(session, 2, "MU", m -> { }));
         }

         assertThat(FeatureBroker.drainForwarded(other, 1)).as("other's management rule, in force when XX arrives")
               .containsExactly(2);
         assertThat(FeatureBroker.drainForwarded(shared, 2)).as("redistributed, and published later")
               .containsExactly(1, 2);
      }
   }

   /**
    * updateQueue on the holding node: Artemis announces the new filter string and every other node gives its copy of the
    * queue a plain SQL filter of it (its {@code doBindingUpdated}), in place of RuleFilter's copy filter. For a rule
    * that SQL part is wider than the rule, so the holding node, judging each arrival by the new rule, still lets in
    * exactly what the rule accepts.
    */
   @Test
   void afterUpdateQueueTheOtherNodesForwardByTheSqlPartAndTheHoldingNodeJudgesByTheRule() throws Exception {
      try (ClusterNodes cluster = ClusterNodes.start(2, "ON_DEMAND");
           Connection connection = cluster.connect(1)) {
         Session session = connection.createSession();
         MessageConsumer bags = session.createSharedDurableConsumer(session.createTopic(TOPIC), "bags", "@tag beg BS");
         cluster.awaitCopies(TOPIC, true, 1, 0);
         String selector = LANGUAGE.selector(LANGUAGE.parse("flight weq *3*0*")); // its SQL part takes CA103 too
         updateBags(cluster, selector);
         RemoteQueueBinding copy = awaitCopyFilter(cluster.node(0).server(), "bags", selector);

         publishFlights(cluster);
         assertThat(copy.getFilter().match(flightMessage("CA103"))).as("the copy forwards by the SQL part").isTrue();
         assertThat(FeatureBroker.drainForwarded(bags, 2)).as("flight weq *3*0*").containsExactly(1, 4);
         try (ManagementClient admin = cluster.management(1)) {
            long judged = ((Number) admin.attribute("ForwardedJudged")).longValue();
            long rejected = ((Number) admin.attribute("ForwardedRejected")).longValue();
            System.out.printf("forwarded to bags: %d judged, %d rejected%n", judged, rejected);
            assertThat(judged - rejected).as("judged and let in: CA130 and CA3000").isEqualTo(2);
            assertThat(rejected).as("CA103 at least, forwarded in vain").isPositive();
            assertThat(admin.invoke("listRules").toString())
                  .contains("\"forwarded\":{\"judged\":" + judged + ",\"rejected\":" + rejected + "}");
         }
      }
   }

   /**
    * updateQueue on the holding node while another node routes the address through its index: Artemis's own word of
    * the new filter does not reach that index, RuleFilter's does, so the other node forwards by the new rule, not the
    * one the queue was created with (here no message has the old rule's tag: each would be lost at the source).
    */
   @Test
   void afterUpdateQueueAnIndexOnAnotherNodeForwardsByTheNewRule() throws Exception {
      try (ClusterNodes cluster = ClusterNodes.start(2, "ON_DEMAND");
           Connection connection = cluster.connect(1)) {
         Session session = connection.createSession();
         MessageConsumer bags = session.createSharedDurableConsumer(session.createTopic(TOPIC), "bags", "@tag beg BS");
         for (int i = 0; i < AddressIndexes.MIN_INDEXED_SUBSCRIPTIONS; i++) {
            session.createSharedDurableConsumer(session.createTopic(TOPIC), "other-" + i, "@tag weq MVT" + i).close();
         }
         cluster.awaitCopies(TOPIC, false, AddressIndexes.MIN_INDEXED_SUBSCRIPTIONS + 1, 0);
         String created = cluster.node(1).server().locateQueue(SimpleString.of("bags")).getFilter().getFilterString()
               .toString();
         awaitCopyByRule(cluster.node(0).server(), "bags", created); // node 1 has told which of its queues are managed
         assertThat(PluginParts.registry(cluster.node(0).plugin()).queries().routing(TOPIC).indexed()).as("node 0 routes through its index")
               .isTrue();
         String selector = LANGUAGE.selector(LANGUAGE.parse("flight weq *3*0*"));
         updateBags(cluster, selector);
         awaitCopyByRule(cluster.node(0).server(), "bags", selector);

         publishFlights(cluster);
         assertThat(FeatureBroker.drainForwarded(bags, 2)).as("flight weq *3*0*").containsExactly(1, 4);
         assertThat(PluginParts.registry(cluster.node(0).plugin()).queries().routing(TOPIC).indexed()).as("still through its index")
               .isTrue();
      }
   }

   /** Replaces the filter of node 1's queue {@code bags} through Artemis's management (updateQueue). */
   private static void updateBags(ClusterNodes cluster, String filter) throws Exception {
      cluster.node(1).server().getActiveMQServerControl().updateQueue(QueueConfiguration.of("bags")
            .setAddress(TOPIC).setRoutingType(RoutingType.MULTICAST).setFilterString(filter).toJSON());
   }

   /** Publishes CA130, CA103, MU555 and CA3000 (sequence 1 to 4, no tag) on node 0. */
   private static void publishFlights(ClusterNodes cluster) throws Exception {
      try (Connection publisher = cluster.connect(0); Session on = publisher.createSession()) {
         MessageProducer producer = on.createProducer(on.createTopic(TOPIC));
         String[] flights = {"CA130", "CA103", "MU555", "CA3000"};
         for (int i = 0; i < flights.length; i++) {
            Message message = on.createTextMessage(flights[i]);
            message.setIntProperty(Traffic.SEQ, i + 1);
            message.setStringProperty("flight", flights[i]);
            producer.send(message);
         }
      }
   }

   /** Waits until {@code server}'s copy of {@code queue} forwards by RuleFilter's filter of the rule in {@code filter}. */
   private static void awaitCopyByRule(ActiveMQServer server, String queue, String filter) throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (true) {
         RemoteQueueBinding copy = awaitCopyFilter(server, queue, filter);
         if (copy.getFilter() instanceof CopyForwarding forwarding && forwarding.forwarding().own() != null) {
            return;
         }
         if (System.nanoTime() > deadline) {
            throw new AssertionError("the copy of " + queue + " kept Artemis's plain filter " + copy.getFilter());
         }
         Thread.sleep(10);
      }
   }

   /**
    * A mark of RuleFilter's form naming the holding node's queue, as a redistributing node writes it: node id length
    * (2 bytes), node id, queue id.
    */
   private static byte[] forgedMark(ActiveMQServer holding, String queue) {
      byte[] node = holding.getNodeID().toString().getBytes(StandardCharsets.UTF_8);
      return ByteBuffer.allocate(Short.BYTES + node.length + Long.BYTES).putShort((short) node.length).put(node)
            .putLong(holding.locateQueue(SimpleString.of(queue)).getID()).array();
   }

   private static CoreMessage flightMessage(String flight) {
      CoreMessage message = new CoreMessage(1, 64);
      message.setAddress(TOPIC);
      message.putStringProperty("flight", flight);
      return message;
   }

   private static RemoteQueueBinding awaitCopyFilter(ActiveMQServer server, String queue, String filter)
         throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (true) {
         for (RemoteQueueBinding copy : server.getPostOffice().getAllBindings()
               .filter(RemoteQueueBinding.class::isInstance).map(RemoteQueueBinding.class::cast).toList()) {
            if (copy.getRoutingName().toString().equals(queue) && copy.getFilter() != null
                  && filter.equals(String.valueOf(copy.getFilter().getFilterString()))) {
               return copy;
            }
         }
         if (System.nanoTime() > deadline) {
            throw new AssertionError("no copy of " + queue + " filters by " + filter);
         }
         Thread.sleep(10);
      }
   }

   /**
    * What RuleFilter leaves as Artemis has it: a client that names a queue by id ({@code _AMQ_ROUTE_TO}, as Artemis's
    * data import does) reaches it whatever its rules; Artemis 2.56.0 does not remove the name from what clients send.
    */
   @Test
   void aClientNamingAQueueByIdReachesItWhateverItsRules() throws Exception {
      try (ClusterNodes cluster = ClusterNodes.start(2, "ON_DEMAND");
           Connection connection = cluster.connect(1)) {
         Session session = connection.createSession();
         MessageConsumer bags = session.createSharedDurableConsumer(session.createTopic(TOPIC), "bags", "@tag beg BS");
         long bagsId = cluster.node(1).server().locateQueue(SimpleString.of("bags")).getID();
         MessageProducer producer = session.createProducer(session.createTopic(TOPIC));
         Message named = session.createTextMessage("named");
         named.setJMSType("XYZ");
         named.setIntProperty(Traffic.SEQ, 1);
         ((ActiveMQMessage) named).getCoreMessage()
               .putBytesProperty(ROUTE_TO, ByteBuffer.allocate(Long.BYTES).putLong(bagsId).array());
         producer.send(named);
         Message plain = session.createTextMessage("plain");
         plain.setJMSType("XYZ");
         plain.setIntProperty(Traffic.SEQ, 2);
         producer.send(plain);
         assertThat(FeatureBroker.drain(bags)).as("the rule takes tags beginning with BS").containsExactly(1);
      }
   }

   private static Queue storeAndForward(ActiveMQServer server) {
      List<Queue> queues = server.getPostOffice().getAllBindings().filter(LocalQueueBinding.class::isInstance)
            .map(binding -> ((QueueBinding) binding).getQueue())
            .filter(queue -> queue.getName().toString().startsWith("$.artemis.internal.sf.")).toList();
      assertThat(queues).as("one store-and-forward queue, towards the other node").hasSize(1);
      return queues.get(0);
   }

   private static void awaitCount(Queue queue, long count) throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (queue.getMessageCount() < count) {
         if (System.nanoTime() > deadline) {
            throw new AssertionError(queue.getName() + " holds " + queue.getMessageCount() + " of " + count);
         }
         Thread.sleep(10);
      }
   }

   private interface Setter {
      void set(Message message) throws Exception;
   }

   private static Message bag(Session session, int seq, String airline, Setter extra) throws Exception {
      Message message = session.createTextMessage("bag " + seq);
      message.setJMSType("BSX");
      message.setIntProperty(Traffic.SEQ, seq);
      message.setStringProperty("airline", airline);
      extra.set(message);
      return message;
   }
}

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

import io.rulefilter.RuleLanguage;
import io.rulefilter.artemis.internal.PluginParts;
import io.rulefilter.artemis.subscription.PeerForwarding;
import io.rulefilter.artemis.testing.InVmBroker;
import org.apache.activemq.artemis.api.core.ActiveMQQueueExistsException;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.TransportConfiguration;
import org.apache.activemq.artemis.core.config.ClusterConnectionConfiguration;
import org.apache.activemq.artemis.core.postoffice.Binding;
import org.apache.activemq.artemis.core.remoting.impl.invm.InVMConnectorFactory;
import org.apache.activemq.artemis.core.server.Queue;
import org.apache.activemq.artemis.core.server.cluster.RemoteQueueBinding;
import org.apache.activemq.artemis.core.server.cluster.impl.MessageLoadBalancingType;
import org.apache.activemq.artemis.core.server.cluster.impl.RemoteQueueBindingImpl;
import org.apache.activemq.artemis.core.server.plugin.ActiveMQServerBindingPlugin;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A copy of another node's queue forwards what that node says the queue accepts by, and the address's index follows:
 * everything before the node has told; its creation rule; while a change is put in force there, what the old or the
 * new state accepts; then the new state alone (a management rule, or everything while its switch is off); each narrowed
 * by this node's address rule, but while the switch is off. A list older than a change heard of is ignored; a rule
 * this node cannot read makes the copy forward everything.
 */
class CopyForwardsTheRuleInForceTest {

   private static final String ADDRESS = "copy.forwarding";
   private static final String QUEUE = "remote-q";
   private static final RuleLanguage LANGUAGE = RuleLanguage.standard();

   @Test
   void aCopyForwardsWhatTheRuleInForceForItsQueueAccepts() throws Exception {
      try (InVmBroker broker = clusteredBroker()) {
         Queue forward = broker.server().createQueue(QueueConfiguration.of("sf.copy").setAddress("sf.copy")
               .setRoutingType(RoutingType.MULTICAST));
         RemoteQueueBinding copy = bindCopy(broker, forward, QUEUE, 900L, "airline weq CA");
         RemoteCopies copies = PluginParts.cluster(broker.plugin()).copies();
         String node = CopyRegister.nodeOf(copy);

         assertThat(forwarded(broker)).as("before its node told").isEqualTo("CA CZ MU");
         assertThat(copies.nodeAnnounced(node, Map.of(), 10, null)).isTrue();
         assertThat(forwarded(broker)).as("by its creation rule").isEqualTo("CA");

         copies.forwardsAlso(node, QUEUE, new PeerForwarding(true, "airline weq MU"), 11);
         assertThat(forwarded(broker)).as("while the management rule is put in force").isEqualTo("CA MU");
         copies.forwards(node, QUEUE, new PeerForwarding(true, "airline weq MU"), 12);
         assertThat(forwarded(broker)).as("by the management rule").isEqualTo("MU");

         copies.forwardsAlso(node, QUEUE, PeerForwarding.EVERYTHING, 13);
         copies.forwards(node, QUEUE, PeerForwarding.EVERYTHING, 14);
         assertThat(forwarded(broker)).as("its switch off").isEqualTo("CA CZ MU");
         copies.forwards(node, QUEUE, PeerForwarding.CREATION_RULE, 15);
         assertThat(forwarded(broker)).as("back to its creation rule").isEqualTo("CA");

         assertThat(copies.nodeAnnounced(node, Map.of(QUEUE, PeerForwarding.EVERYTHING), 14, null)).as("an older list").isFalse();
         assertThat(forwarded(broker)).as("unchanged by an older list").isEqualTo("CA");
         assertThat(copies.nodeAnnounced(node, Map.of(QUEUE, new PeerForwarding(true, "airline weq CZ")), 16, null)).isTrue();
         assertThat(forwarded(broker)).as("by the management rule the node listed").isEqualTo("CZ");
         copies.forwards(node, QUEUE, new PeerForwarding(true, "airline and or"), 17);
         assertThat(forwarded(broker)).as("a rule this node cannot read").isEqualTo("CA CZ MU");

         copies.forwards(node, QUEUE, PeerForwarding.CREATION_RULE, 18);
         PluginParts.management(broker.plugin()).setAddressRule(ADDRESS, "not airline weq CA");
         assertThat(forwarded(broker)).as("narrowed by this node's address rule").isEmpty();
         copies.forwards(node, QUEUE, new PeerForwarding(true, "airline weq CA or airline weq MU"), 19);
         assertThat(forwarded(broker)).as("a management rule narrowed by the address rule").isEqualTo("MU");
         copies.forwards(node, QUEUE, PeerForwarding.EVERYTHING, 20);
         assertThat(forwarded(broker)).as("switch off: the address rule does not apply").isEqualTo("CA CZ MU");
         copies.forwards(node, QUEUE, PeerForwarding.CREATION_RULE, 21);
         PluginParts.management(broker.plugin()).removeAddressRule(ADDRESS);
         assertThat(forwarded(broker)).as("the address rule removed").isEqualTo("CA");

         assertThat(PluginParts.registry(broker.plugin()).queries().routing(ADDRESS).indexed()).as("routed by its index").isTrue();
      }
   }

   /**
    * What a node told of its queue ends with the queue: a filter replaced there (which drops the management state),
    * or the queue re-created under the same name, starts from the new creation rule; once none of the node's copies
    * is left (it left the cluster), its copies forward everything until it tells again. A word about a queue older
    * than one heard about that queue changes nothing; one about another queue is taken.
    */
   @Test
   void aQueueReplacedOrReCreatedThereIsForwardedByItsNewFilter() throws Exception {
      try (InVmBroker broker = clusteredBroker()) {
         Queue forward = broker.server().createQueue(QueueConfiguration.of("sf.copy").setAddress("sf.copy")
               .setRoutingType(RoutingType.MULTICAST));
         Queue forwardOther = broker.server().createQueue(QueueConfiguration.of("sf.other").setAddress("sf.other")
               .setRoutingType(RoutingType.MULTICAST));
         RemoteQueueBinding copy = bindCopy(broker, forward, QUEUE, 900L, "airline weq CA");
         RemoteQueueBinding other = bindCopy(broker, forwardOther, "other-q", 800L, "airline weq CA");
         RemoteCopies copies = PluginParts.cluster(broker.plugin()).copies();
         String node = CopyRegister.nodeOf(copy);
         copies.nodeAnnounced(node, Map.of(QUEUE, new PeerForwarding(true, "airline weq MU")), 10, null);
         assertThat(forwarded(broker)).as("by the management rule").isEqualTo("MU");
         copies.forwards(node, QUEUE, new PeerForwarding(true, "airline weq CZ"), 9);
         assertThat(forwarded(broker)).as("a late word of an earlier change").isEqualTo("MU");
         copies.forwards(node, QUEUE, new PeerForwarding(true, "airline weq MU"), 21);
         copies.forwards(node, "other-q", new PeerForwarding(true, "airline weq CZ"), 20);
         assertThat(forwarded(broker, "sf.other")).as("a word about another queue, dated before").isEqualTo("CZ");

         copies.filterReplaced(node, QUEUE, LANGUAGE.selector(LANGUAGE.parse("airline weq CZ")), 22);
         assertThat(forwarded(broker)).as("its filter replaced there").isEqualTo("CZ");

         copies.forwards(node, QUEUE, new PeerForwarding(true, "airline weq MU"), 23);
         broker.server().getPostOffice().removeBinding(copy.getUniqueName(), null, true);
         copy = bindCopy(broker, forward, QUEUE, 901L, "airline weq CA");
         assertThat(forwarded(broker)).as("re-created there with another selector").isEqualTo("CA");

         broker.server().getPostOffice().removeBinding(copy.getUniqueName(), null, true);
         broker.server().getPostOffice().removeBinding(other.getUniqueName(), null, true);
         bindCopy(broker, forward, QUEUE, 902L, "airline weq CA");
         assertThat(forwarded(broker)).as("its node left and is back, not told yet").isEqualTo("CA CZ MU");
      }
   }

   /**
    * A word heard while Artemis binds a copy (after RuleFilter gave it its filter, before the post office holds it)
    * still reaches the copy's filter: a change widening what the queue accepts must not leave it forwarding by the old
    * state, which would drop at the source what the change lets in.
    */
   @Test
   void aWordHeardWhileTheCopyIsBeingBoundReachesItsFilter() throws Exception {
      try (InVmBroker broker = clusteredBroker()) {
         Queue forward = broker.server().createQueue(QueueConfiguration.of("sf.copy").setAddress("sf.copy")
               .setRoutingType(RoutingType.MULTICAST));
         RemoteCopies copies = PluginParts.cluster(broker.plugin()).copies();
         copies.nodeAnnounced("node-b", Map.of(), 10, null);
         broker.server().registerBrokerPlugin(new ActiveMQServerBindingPlugin() {
            @Override
            public void beforeAddBinding(Binding binding) {
               if (binding instanceof RemoteQueueBinding) { // RuleFilter's hook, first, has given it its filter
                  copies.forwards("node-b", QUEUE, new PeerForwarding(true, "airline weq MU"), 11);
               }
            }
         });
         bindCopy(broker, forward, QUEUE, 900L, "airline weq CA");
         assertThat(forwarded(broker)).as("by the management rule told while the copy was being bound").isEqualTo("MU");
      }
   }

   /**
    * The same queue heard through a second bridge (max-hops above 1) makes Artemis refuse the second copy, after
    * RuleFilter's hook has seen it: that copy is not followed, so a change there does not wait for the second
    * bridge's store-and-forward queue, which holds a message that is never confirmed.
    */
   @Test
   void aCopyArtemisRefusesToBindIsNotWaitedFor() throws Exception {
      try (InVmBroker broker = clusteredBroker()) {
         Queue forward = broker.server().createQueue(QueueConfiguration.of("sf.copy").setAddress("sf.copy")
               .setRoutingType(RoutingType.MULTICAST));
         Queue other = broker.server().createQueue(QueueConfiguration.of("sf.other").setAddress("sf.other")
               .setRoutingType(RoutingType.MULTICAST));
         RemoteQueueBinding copy = bindCopy(broker, forward, QUEUE, 900L, "airline weq CA");
         assertThatThrownBy(() -> bindCopy(broker, other, QUEUE, 950L, "airline weq CA"))
               .as("Artemis refuses a second binding of the same name").isInstanceOf(ActiveMQQueueExistsException.class);
         Message unconfirmed = broker.message("sf.other", "X", Map.of("airline", "CA"));
         unconfirmed.setRoutingType(RoutingType.MULTICAST);
         broker.server().getPostOffice().route(unconfirmed, false);
         long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
         while (other.getMessagesAdded() < 1 && System.nanoTime() < deadline) {
            Thread.sleep(5);
         }
         assertThat(other.getMessagesAdded()).as("a message the second bridge never confirms").isEqualTo(1);

         RemoteCopies copies = PluginParts.cluster(broker.plugin()).copies();
         String node = CopyRegister.nodeOf(copy);
         copies.nodeAnnounced(node, Map.of(), 10, null);
         long start = System.nanoTime();
         copies.forwardsAlso(node, QUEUE, new PeerForwarding(true, "airline weq MU"), 11);
         assertThat(Duration.ofNanos(System.nanoTime() - start)).as("waited for the refused copy's bridge")
               .isLessThan(Duration.ofSeconds(2));
         assertThat(forwarded(broker)).as("the bound copy follows").isEqualTo("CA MU");
      }
   }

   private static InVmBroker clusteredBroker() throws Exception {
      InVmBroker broker = InVmBroker.start(Map.of(), config -> config
            .addConnectorConfiguration("self", new TransportConfiguration(InVMConnectorFactory.class.getName()))
            .addClusterConfiguration(new ClusterConnectionConfiguration().setName("alone").setConnectorName("self")
                  .setStaticConnectors(List.of())));
      for (int r = 0; r < 4; r++) {
         broker.subscription(ADDRESS, "q-" + r, "@tag weq T" + r);
      }
      return broker;
   }

   /** Binds this node's copy of the other node's queue {@code queue}, created there with {@code rule}. */
   private static RemoteQueueBinding bindCopy(InVmBroker broker, Queue forward, String queue, long id, String rule)
         throws Exception {
      RemoteQueueBinding copy = new RemoteQueueBindingImpl(id, SimpleString.of(ADDRESS), SimpleString.of(queue + "node-b"),
            SimpleString.of(queue), id + 1000, SimpleString.of(LANGUAGE.selector(LANGUAGE.parse(rule))), forward,
            SimpleString.of("bridge"), 1, MessageLoadBalancingType.ON_DEMAND);
      broker.server().getPostOffice().addBinding(copy);
      return copy;
   }

   /** The airlines of the multicast messages that are forwarded to the copy's node (nothing is enqueued). */
   private static String forwarded(InVmBroker broker) throws Exception {
      return forwarded(broker, "sf.copy");
   }

   /** The airlines of the multicast messages that go to the store-and-forward queue {@code forward}. */
   private static String forwarded(InVmBroker broker, String forward) throws Exception {
      return Stream.of("CA", "CZ", "MU").filter(airline -> {
         try {
            Message message = broker.message(ADDRESS, "X", Map.of("airline", airline));
            message.setRoutingType(RoutingType.MULTICAST);
            return broker.routes(message).contains(forward);
         } catch (Exception e) {
            throw new IllegalStateException(e);
         }
      }).collect(Collectors.joining(" "));
   }
}

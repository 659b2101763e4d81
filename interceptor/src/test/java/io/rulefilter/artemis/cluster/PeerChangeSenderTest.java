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

import io.rulefilter.artemis.PluginSettings;
import io.rulefilter.artemis.internal.PluginParts;
import io.rulefilter.artemis.management.ChangeListener;
import io.rulefilter.artemis.management.RuleFilterClusterControlMBean;
import io.rulefilter.artemis.store.StoredAddressRule;
import io.rulefilter.artemis.subscription.SubscriptionInfo;
import io.rulefilter.artemis.testing.InVmBroker;
import org.apache.activemq.artemis.api.core.TransportConfiguration;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientRequestor;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.api.core.client.ServerLocator;
import org.apache.activemq.artemis.api.core.management.ManagementHelper;
import org.apache.activemq.artemis.core.config.ClusterConnectionConfiguration;
import org.apache.activemq.artemis.core.remoting.impl.invm.InVMConnectorFactory;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A change taken from another node names that node to whoever hears of it (the console's history): the name the
 * calling node put on its session; a node of an earlier version puts none, and its change is heard of without one.
 */
class PeerChangeSenderTest {

   private static final String CLUSTER_USER = "ACTIVEMQ.CLUSTER.ADMIN.USER"; // Artemis's default
   private static final String EVENTS = "airport.events";

   @Test
   void aChangeTakenFromAnotherNodeNamesTheNodeThatSentIt() throws Exception {
      try (InVmBroker broker = InVmBroker.start(Map.of(PluginSettings.CLUSTER_TRUST_WITHOUT_SECURITY, "true"),
            config -> config.addConnectorConfiguration("self", new TransportConfiguration(
                        InVMConnectorFactory.class.getName(), Map.of("serverId", 0)))
                  .addClusterConfiguration(new ClusterConnectionConfiguration().setName("alone").setConnectorName("self")
                        .setStaticConnectors(List.of())))) {
         broker.subscription(EVENTS, "bags", "@tag beg BS");
         List<String> heard = new CopyOnWriteArrayList<>();
         PluginParts.management(broker.plugin()).addChangeListener(new ChangeListener() {
            @Override
            public void subscriptionChanged(SubscriptionInfo before, SubscriptionInfo after, Origin origin, String from) {
               heard.add(after.queue() + " -> " + after.rule() + " on " + origin + " from " + from);
            }

            @Override
            public void addressRuleChanged(String before, StoredAddressRule after, Origin origin, String from) {
               heard.add(after.address() + " -> " + after.rule() + " on " + origin + " from " + from);
            }
         });
         long at = System.currentTimeMillis();
         call("airport-node-2", "syncSubscription", EVENTS, "bags", "@tag weq BSM", true, at, "ops");
         call("airport-node-2", "syncAddressRule", EVENTS, "airline weq CA", at, "ops");
         call(null, "syncSubscription", EVENTS, "bags", "@tag weq BPM", true, at + 1, "ops");

         assertThat(heard).containsExactly(
               "bags -> @tag weq BSM on OTHER_NODE from airport-node-2",
               EVENTS + " -> airline weq CA on OTHER_NODE from airport-node-2",
               "bags -> @tag weq BPM on OTHER_NODE from null");
      }
   }

   /** Calls an operation between nodes as the cluster user, on a session named as node {@code node} (null: none). */
   private static void call(String node, String operation, Object... arguments) throws Exception {
      try (ServerLocator locator = ActiveMQClient.createServerLocator("vm://0");
           ClientSessionFactory factory = locator.createSessionFactory();
           ClientSession session = factory.createSession(CLUSTER_USER, "any", false, true, true, false, 0)) {
         if (node != null) {
            session.addMetaData(RuleFilterClusterControlMBean.SENDER_METADATA, node);
         }
         session.start();
         try (ClientRequestor requestor = new ClientRequestor(session, "activemq.management")) {
            ClientMessage request = session.createMessage(false);
            ManagementHelper.putOperationInvocation(request, RuleFilterClusterControlMBean.RESOURCE_NAME, operation,
                  arguments);
            ClientMessage reply = requestor.request(request, 10_000);
            assertThat(reply).as("an answer to %s", operation).isNotNull();
            assertThat(ManagementHelper.hasOperationSucceeded(reply)).as(String.valueOf(ManagementHelper.getResult(reply)))
                  .isTrue();
         }
      }
   }
}

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
import io.rulefilter.artemis.management.RuleFilterClusterControlMBean;
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

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With Artemis security disabled, any client may name the cluster user: the operations between nodes are refused,
 * with an answer that says why and how to accept it, unless the operator opted in for a closed network.
 */
class ClusterTrustTest {

   private static final String CLUSTER_USER = "ACTIVEMQ.CLUSTER.ADMIN.USER"; // Artemis's default

   @Test
   void withoutSecurityTheOperationsBetweenNodesAreRefused() throws Exception {
      try (InVmBroker broker = clusteredWithoutSecurity(Map.of())) {
         Answer answer = managedQueues(CLUSTER_USER);
         assertThat(answer.succeeded()).as(answer.text()).isFalse();
         assertThat(answer.text()).contains("RFL4007 RuleFilter: ").contains("security is disabled")
               .contains("cluster-trust-without-security=true");
      }
   }

   @Test
   void anOperatorMayTrustTheClaimedUserOnAClosedNetwork() throws Exception {
      try (InVmBroker broker = clusteredWithoutSecurity(Map.of(PluginSettings.CLUSTER_TRUST_WITHOUT_SECURITY, "true"))) {
         Answer answer = managedQueues(CLUSTER_USER);
         assertThat(answer.succeeded()).as(answer.text()).isTrue();
         assertThat(answer.text()).contains("\"queues\"");
         Answer stranger = managedQueues("guest");
         assertThat(stranger.succeeded()).as("another user, trusted or not").isFalse();
         assertThat(stranger.text()).contains("RFL4008 RuleFilter: ").contains("for other nodes of the cluster only");
      }
   }

   private static InVmBroker clusteredWithoutSecurity(Map<String, String> plugin) throws Exception {
      return InVmBroker.start(plugin, config -> config
            .addConnectorConfiguration("self", new TransportConfiguration(InVMConnectorFactory.class.getName(),
                  Map.of("serverId", 0)))
            .addClusterConfiguration(new ClusterConnectionConfiguration().setName("alone").setConnectorName("self")
                  .setStaticConnectors(List.of())));
   }

   private record Answer(boolean succeeded, String text) {
   }

   private static Answer managedQueues(String user) throws Exception {
      try (ServerLocator locator = ActiveMQClient.createServerLocator("vm://0");
           ClientSessionFactory factory = locator.createSessionFactory();
           ClientSession session = factory.createSession(user, "any", false, true, true, false, 0)) {
         session.start();
         try (ClientRequestor requestor = new ClientRequestor(session, "activemq.management")) {
            ClientMessage request = session.createMessage(false);
            ManagementHelper.putOperationInvocation(request, RuleFilterClusterControlMBean.RESOURCE_NAME,
                  ManagedQueuesPull.MANAGED_QUEUES);
            ClientMessage reply = requestor.request(request, 10_000);
            assertThat(reply).as("an answer").isNotNull();
            return new Answer(ManagementHelper.hasOperationSucceeded(reply), String.valueOf(ManagementHelper.getResult(reply)));
         }
      }
   }
}

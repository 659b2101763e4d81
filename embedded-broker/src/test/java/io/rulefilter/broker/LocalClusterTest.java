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
package io.rulefilter.broker;

import io.rulefilter.artemis.PluginSettings;
import io.rulefilter.artemis.RuleFilterPlugin;
import org.apache.activemq.artemis.core.config.ClusterConnectionConfiguration;
import org.apache.activemq.artemis.core.server.cluster.impl.MessageLoadBalancingType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A local cluster forms over TCP with the asked load balancing, with or without the plugin, and refuses bad input. */
class LocalClusterTest {

   @TempDir
   Path data;

   @Test
   void twoNodesFormAClusterWithThePluginOnEach() throws Exception {
      try (LocalCluster cluster = LocalCluster.start(twoPorts(), data, "strict", Duration.ofSeconds(30))) {
         for (RuleFilterBroker node : cluster.nodes()) {
            ClusterConnectionConfiguration connection = node.server().getConfiguration().getClusterConfigurations().get(0);
            assertThat(connection.getMessageLoadBalancingType()).isEqualTo(MessageLoadBalancingType.STRICT);
            assertThat(node.plugin()).isInstanceOf(RuleFilterPlugin.class);
         }
         assertThat(cluster.node(1).server().getConfiguration().getName()).isEqualTo("rulefilter-node-2");
         assertThat(data.resolve("node-2/etc/broker.xml")).exists();
      }
   }

   @Test
   void plainArtemisNodesHaveNoPlugin() throws Exception {
      try (LocalCluster cluster = LocalCluster.start(twoPorts(), data, "ON_DEMAND",
            Duration.ofSeconds(30), false)) {
         assertThat(cluster.node(0).server().getBrokerPlugins()).noneMatch(RuleFilterPlugin.class::isInstance);
      }
   }

   @Test
   void pluginSettingsReachEveryRuleFilterNodesBrokerXmlInPlaceOfTheDefaults() throws Exception {
      try (LocalCluster cluster = LocalCluster.start(twoPorts(), data, "ON_DEMAND", Duration.ofSeconds(30),
            node -> true, Map.of(PluginSettings.ROUTING_INDEX, "false", PluginSettings.TAG_PROPERTY, "kind"))) {
         for (int node = 1; node <= 2; node++) {
            String xml = Files.readString(data.resolve("node-" + node + "/etc/broker.xml"));
            assertThat(xml).contains("<property key=\"routing-index\" value=\"false\"/>");
            assertThat(xml.split("<property key=\"tag-property\"", -1)).as("the default's tag property replaced")
                  .hasSize(2);
            assertThat(xml).contains("<property key=\"tag-property\" value=\"kind\"/>");
         }
         assertThat(cluster.node(1).plugin()).isInstanceOf(RuleFilterPlugin.class);
      }
   }

   @Test
   void badLoadBalancingAndPortsAreRefusedByName() {
      assertThatThrownBy(() -> LocalCluster.start(List.of(1, 2), data, "ROUND_ROBIN", Duration.ofSeconds(1)))
            .hasMessageContaining("unknown message load balancing 'ROUND_ROBIN'").hasMessageContaining("ON_DEMAND");
      assertThatThrownBy(() -> LocalCluster.start(List.of(5000, 5000), data, "STRICT", Duration.ofSeconds(1)))
            .hasMessageContaining("distinct ports");
   }

   private static List<Integer> twoPorts() throws IOException {
      try (ServerSocket one = new ServerSocket(0); ServerSocket two = new ServerSocket(0)) {
         return List.of(one.getLocalPort(), two.getLocalPort());
      }
   }
}

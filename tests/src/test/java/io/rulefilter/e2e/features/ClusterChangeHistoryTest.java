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

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rulefilter.client.ManagementClient;
import io.rulefilter.console.ConsoleServer;
import jakarta.jms.Connection;
import jakarta.jms.Session;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A node's console page lists the changes taken from another node of its cluster under the name of the node they
 * were made on, as Artemis knows it, over TCP between two real nodes.
 */
class ClusterChangeHistoryTest {

   private static final String TOPIC = "airport.events";
   private static final String SHARED = "baggage";

   @Test
   void aChangeTakenFromAnotherNodeNamesThatNodeInTheHistory() throws Exception {
      try (ClusterNodes cluster = ClusterNodes.start(2, "ON_DEMAND");
           ConsoleServer console = ConsoleServer.bind(0)) {
         console.serve(cluster.node(1));
         for (int node = 0; node < cluster.size(); node++) {
            try (Connection connection = cluster.connect(node); Session session = connection.createSession()) {
               session.createSharedDurableConsumer(session.createTopic(TOPIC), SHARED, "airline weq CA").close();
            }
         }
         cluster.awaitCopies(TOPIC, false, 1, 1);
         try (ManagementClient first = cluster.management(0); ManagementClient second = cluster.management(1)) {
            first.invoke("setRule", TOPIC, SHARED, "airline weq MU");
            first.invoke("setAddressRule", TOPIC, "bagCount lt 8");
            second.invoke("disable", TOPIC, SHARED);
         }

         String sender = cluster.node(0).server().getConfiguration().getName();
         String here = cluster.node(1).server().getConfiguration().getName();
         assertThat(sender).as("the nodes have names of their own").isNotBlank().isNotEqualTo(here);
         List<String> history = new ArrayList<>();
         for (JsonNode change : changes(console)) {
            history.add(change.path("target").asText() + " " + change.path("what").asText() + " by "
                  + change.path("changedBy").asText() + " on " + change.path("node").asText() + " ("
                  + change.path("origin").asText() + ", from " + change.path("from").asText("-") + ")");
         }
         assertThat(history).as("newest first").containsExactly(
               TOPIC + "::" + SHARED + " switched off by admin on " + here + " (this node, from -)",
               TOPIC + " set address rule by admin on " + here + " (node " + sender + ", from " + sender + ")",
               TOPIC + "::" + SHARED + " set rule by admin on " + here + " (node " + sender + ", from " + sender + ")");
      }
   }

   private static JsonNode changes(ConsoleServer console) throws Exception {
      HttpRequest request = HttpRequest.newBuilder(URI.create(console.url() + "api/changes"))
            .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                  (ClusterNodes.ADMIN + ":" + ClusterNodes.ADMIN).getBytes(StandardCharsets.UTF_8)))
            .timeout(Duration.ofSeconds(30)).GET().build();
      HttpResponse<String> answer = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
      assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
      return new ObjectMapper().readTree(answer.body()).path("changes");
   }
}

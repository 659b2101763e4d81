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

import io.rulefilter.e2e.Scratch;
import io.rulefilter.selector.RuleSelector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two stock Artemis 2.56.0 nodes made with the manual's {@code artemis create --clustered …} options and RuleFilter
 * installed as the manual says, nothing else: an AMQP message published on one node reaches a subscriber of the other
 * exactly by its rule, also once a management rule makes the first node forward every message (the second then
 * judges what it receives, AMQP inside Artemis's core envelope included).
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class StockClusterTest {

   private static final String ADDRESS = "airport.events";

   @Test
   void anAmqpPublisherOnOneNodeReachesASubscriberOnTheOtherByItsRule() throws Exception {
      List<String> options = readmeClusterOptions();
      Path parent = Scratch.directory("rulefilter-stock-cluster");
      int offset1 = StockArtemis.freePortOffset();
      int offset2 = StockArtemis.freePortOffset(offset1);
      try (StockArtemis node1 = create(parent, "node1", offset1, offset2, options);
           StockArtemis node2 = create(parent, "node2", offset2, offset1, options)) {
         node1.start();
         node2.start();
         try (JakartaJmsClient publisher = JakartaJmsClient.amqp(node1.corePort());
              JakartaJmsClient subscriber = JakartaJmsClient.amqp(node2.corePort())) {
            AirportClient.Subscriber gate = subscriber.subscribe(ADDRESS, "gate-b7", RuleSelector.of("airline weq CA"));
            awaitForwarding(publisher, gate, "CA");
            List<AirportMessage> first = traffic(1);
            publisher.publish(ADDRESS, first);
            assertThat(gate.drain(2_000)).as("by the creation rule").containsExactlyElementsOf(accepted(first, "airline weq CA"));

            node2.setRule(ADDRESS, "gate-b7:global", "airline weq MU"); // Artemis names a global AMQP shared subscription so
            List<AirportMessage> second = traffic(101);
            publisher.publish(ADDRESS, second);
            assertThat(gate.drain(2_000)).as("by the management rule, judged on node 2")
                  .containsExactlyElementsOf(accepted(second, "airline weq MU"));
         }
      }
   }

   /** The options the manual's cluster command (docs/clusters.md) gives {@code artemis create}, pointed at the other node. */
   static List<String> readmeClusterOptions() throws Exception {
      String readme = Docs.read(Docs.CLUSTERS);
      Matcher line = Pattern.compile("\\nartemis create (.*--clustered.*)\\n").matcher(readme);
      assertThat(line.find()).as("the cluster create command of docs/clusters.md").isTrue();
      List<String> words = new ArrayList<>();
      Matcher word = Pattern.compile("'([^']*)'|(\\S+)").matcher(line.group(1));
      while (word.find()) {
         words.add(word.group(1) != null ? word.group(1) : word.group(2));
      }
      int silent = words.indexOf("--silent");
      assertThat(silent).as("options follow the install command's --silent").isPositive();
      List<String> options = new ArrayList<>(words.subList(silent + 1, words.size() - 1)); // the last is the name
      assertThat(options).contains("--clustered", "--staticCluster");
      return options;
   }

   private static StockArtemis create(Path parent, String name, int offset, int otherOffset, List<String> options)
         throws Exception {
      List<String> mine = new ArrayList<>(options);
      int at = mine.indexOf("--staticCluster");
      mine.set(at + 1, "tcp://127.0.0.1:" + (61616 + otherOffset));
      return StockArtemis.create(parent, name, offset, mine.toArray(String[]::new)).installPlugin();
   }

   /** Publishes probes until one crosses: the first node knows the second one's queue then. */
   private static void awaitForwarding(JakartaJmsClient publisher, AirportClient.Subscriber gate, String airline)
         throws Exception {
      for (int probe = 0; probe < 150; probe++) {
         publisher.publish(ADDRESS, List.of(new AirportMessage(-1, "PRB", Map.of("airline", airline))));
         if (gate.nextBody(200) != null) {
            gate.drain(1_000);
            return;
         }
      }
      throw new AssertionError("nothing published on node 1 reached node 2 within 30 s");
   }

   private static List<AirportMessage> traffic(int firstSeq) {
      List<AirportMessage> messages = new ArrayList<>();
      String[] airlines = {"CA", "MU", "CZ"};
      for (int i = 0; i < 30; i++) {
         messages.add(new AirportMessage(firstSeq + i, "BSM", Map.of("airline", airlines[i % 3])));
      }
      return messages;
   }

   private static List<Integer> accepted(List<AirportMessage> messages, String rule) {
      return messages.stream().filter(m -> m.acceptedBy(rule)).map(AirportMessage::seq).toList();
   }
}

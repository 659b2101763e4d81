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

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code tag-property} set to an application property: publishers of every protocol that put the tag there are read
 * alike, and the JMS type is then bookkeeping like any other {@code JMS} name.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class StockTagPropertyTest {

   private static final String ADDRESS = "tagged.events";
   private static final String RULE = "@tag beg BS";

   @Test
   void aConfiguredTagPropertyIsTheTagForPublishersOfEveryProtocol() throws Exception {
      try (StockArtemis broker = StockArtemis.create(Scratch.directory("rulefilter-stock-tag"))
            .installPlugin(lines -> lines.replace("value=\"JMSType\"", "value=\"msgType\"")).start()) {
         assertThat(broker.logText()).contains("RFL1000 RuleFilter: active (tag property 'msgType'");
         List<AirportClient> publishers = List.of(JakartaJmsClient.core(broker.corePort()),
               JakartaJmsClient.amqp(broker.amqpPort()), new OpenWireClient(broker.corePort()),
               new StompClient(broker.stompPort()));
         try (JakartaJmsClient subscriberClient = JakartaJmsClient.core(broker.corePort())) {
            AirportClient.Subscriber bags = subscriberClient.subscribe(ADDRESS, "bags", RuleSelector.of(RULE));
            List<Integer> expected = new ArrayList<>();
            int seq = 0;
            for (AirportClient publisher : publishers) {
               List<AirportMessage> batch = List.of(
                     new AirportMessage(++seq, null, Map.of("msgType", "BSM")),            // the tag: taken
                     new AirportMessage(++seq, "BSM", Map.of("msgType", "MVT")),           // JMS type BSM: not the tag
                     new AirportMessage(++seq, "BSM", Map.of("airline", "CA")),            // no tag at all
                     new AirportMessage(++seq, null, Map.of("msgType", "BSM", "x", "1"))); // taken
               expected.add(seq - 3);
               expected.add(seq);
               publisher.publish(ADDRESS, batch);
            }
            assertThat(bags.drain(1500)).as("subscriber with %s, tag in msgType", RULE).containsExactlyElementsOf(expected);
         } finally {
            for (AirportClient publisher : publishers) {
               publisher.close();
            }
         }
      }
   }
}

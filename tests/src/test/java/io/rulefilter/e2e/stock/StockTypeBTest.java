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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Type B on a stock Artemis over TCP (issue 25 item 4): with {@code typeb-addresses} set to {@code bags.#},
 * publishers of every protocol send raw BSMs (core and AMQP JMS and OpenWire {@code TextMessage}s, a STOMP frame
 * without {@code content-length}, an MQTT payload, core and AMQP JMS {@code BytesMessage}s: a bytes body and an AMQP
 * data section), and subscriptions with {@code @typeb} rules get exactly the
 * messages RuleFilter's own evaluator accepts for that body. On an address the setting does not match, such a rule is
 * refused with an error that names the address and the setting.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class StockTypeBTest {

   private static final String ADDRESS = "bags.sorted";
   private static final Map<String, String> RULES = new LinkedHashMap<>();

   static {
      RULES.put("flight", "@typeb.F.1 weq CA1234");
      RULES.put("pek", "@typeb weq BSM and @typeb.F.3 weq PEK and @typeb.N.1 beg 0999");
      RULES.put("notca", "@typeb.F.1 nweq CA1234");
   }

   private static final String[] BODIES = {
      "QU SHAXXMU\r\n.PEKKKCA 041200\r\nBSM\r\n.V/1LPEK\r\n.F/CA1234/05FEB/PEK/Y\r\n.N/0999123456001\r\nENDBSM\r\n",
      "BSM\n.F/MU5101/05FEB/PEK/Y\n.N/0999123456002\nENDBSM",
      "BSM\n.F/CA1234/05FEB/SHA/Y\n.N/0781123456003\nENDBSM",
      "not a Type B message",
   };

   private static final String TYPEB_ON = "<property key=\"typeb-addresses\" value=\"bags.#\"/>";

   @Test
   void rawBsmsOfEveryProtocolAreRoutedByTheirBody() throws Exception {
      try (StockArtemis broker = typeBBroker("rulefilter-stock-typeb")) {
         assertThat(broker.logText()).contains("Type B on bags.#");
         List<AirportClient> publishers = new ArrayList<>(AirportClient.ofEveryProtocol(broker));
         publishers.add(JakartaJmsClient.coreBytes(broker.corePort()));
         publishers.add(JakartaJmsClient.amqpBytes(broker.amqpPort()));
         try (JakartaJmsClient subscriberClient = JakartaJmsClient.core(broker.corePort())) {
            assertThatThrownBy(() -> subscriberClient.subscribe("airport.events", "off", RuleSelector.of("@typeb ex")))
                  .hasMessageContaining("Type B content is off on address 'airport.events'")
                  .hasMessageContaining("typeb-addresses");
            Map<String, AirportClient.Subscriber> subscribers = new LinkedHashMap<>();
            for (Map.Entry<String, String> rule : RULES.entrySet()) {
               subscribers.put(rule.getKey(), subscriberClient.subscribe(ADDRESS, rule.getKey(), RuleSelector.of(rule.getValue())));
            }
            List<AirportMessage> sent = new ArrayList<>();
            int seq = 0;
            for (AirportClient publisher : publishers) {
               List<AirportMessage> batch = new ArrayList<>();
               for (String body : BODIES) {
                  batch.add(new AirportMessage(++seq, null, Map.of(), body));
               }
               publisher.publish(ADDRESS, batch);
               sent.addAll(batch);
            }
            for (Map.Entry<String, AirportClient.Subscriber> subscriber : subscribers.entrySet()) {
               String rule = RULES.get(subscriber.getKey());
               List<Integer> expected = sent.stream().filter(m -> m.acceptedBy(rule)).map(AirportMessage::seq).toList();
               assertThat(expected).as("the test sends messages each rule takes and leaves").isNotEmpty()
                     .hasSizeLessThan(sent.size());
               assertThat(subscriber.getValue().drain(1500)).as("subscription %s (%s), %d publishers", subscriber.getKey(),
                     rule, publishers.size()).containsExactlyInAnyOrderElementsOf(expected);
            }
         } finally {
            for (AirportClient publisher : publishers) {
               publisher.close();
            }
         }
      }
   }
   /**
    * Bodies up to the language's bound (64 KiB of UTF-8) are read whatever way they travel: a core client sends a text
    * of 60,000 characters as a large message (120 KB on the wire), compressed or not, other protocols as they do;
    * one of 70,000 characters is no Type B message for any of them.
    */
   @Test
   void bodiesUpToTheBoundAreReadAlsoWhenTheyTravelAsLargeMessages() throws Exception {
      // AMQP messages of 20 KiB and more are large too (Artemis keeps them in a file), not only those of 100 KiB
      try (StockArtemis broker = typeBBroker("rulefilter-stock-typeb-large",
            xml -> xml.replace("amqpMinLargeMessageSize=102400", "amqpMinLargeMessageSize=20480"))) {
         List<AirportClient> publishers = new ArrayList<>(AirportClient.ofEveryProtocol(broker));
         publishers.add(JakartaJmsClient.coreBytes(broker.corePort()));
         publishers.add(JakartaJmsClient.amqpBytes(broker.amqpPort()));
         publishers.add(JakartaJmsClient.coreCompressed(broker.corePort()));
         String[] bodies = {padded(BODIES[0], 60_000), padded(BODIES[1], 60_000), padded(BODIES[0], 70_000)};
         try (JakartaJmsClient subscriberClient = JakartaJmsClient.core(broker.corePort())) {
            Map<String, AirportClient.Subscriber> subscribers = new LinkedHashMap<>();
            for (Map.Entry<String, String> rule : RULES.entrySet()) {
               subscribers.put(rule.getKey(), subscriberClient.subscribe(ADDRESS, rule.getKey(), RuleSelector.of(rule.getValue())));
            }
            List<AirportMessage> sent = new ArrayList<>();
            for (AirportClient publisher : publishers) {
               List<AirportMessage> batch = new ArrayList<>();
               for (String body : bodies) {
                  batch.add(new AirportMessage(sent.size() + batch.size() + 1, null, Map.of(), body));
               }
               publisher.publish(ADDRESS, batch);
               sent.addAll(batch);
            }
            for (Map.Entry<String, AirportClient.Subscriber> subscriber : subscribers.entrySet()) {
               String rule = RULES.get(subscriber.getKey());
               List<Integer> expected = sent.stream().filter(m -> m.acceptedBy(rule)).map(AirportMessage::seq).toList();
               assertThat(expected).as("the test sends messages each rule takes and leaves").isNotEmpty()
                     .hasSizeLessThan(sent.size());
               assertThat(subscriber.getValue().drain(3000)).as("subscription %s (%s)", subscriber.getKey(), rule)
                     .containsExactlyInAnyOrderElementsOf(expected);
            }
         } finally {
            for (AirportClient publisher : publishers) {
               publisher.close();
            }
         }
      }
   }

   /** {@code body} with lines that are no elements before its end, to about {@code length} characters. */
   private static String padded(String body, int length) {
      int end = body.lastIndexOf("ENDBSM");
      StringBuilder b = new StringBuilder(body.substring(0, end));
      for (int line = 0; b.length() < length - 20; line++) {
         b.append("REMARK ").append(line).append(" LINE OF FREE TEXT\n");
      }
      return b.append(body.substring(end)).toString();
   }

   /**
    * The operator turns Type B off for an address whose subscriptions have {@code @typeb} rules: after the restart
    * those rules mean what they meant (no subscriber loses its messages, a negated rule takes no more), and the log
    * names each of them.
    */
   @Test
   void rulesTakenWhileTypeBWasOnKeepTheirMeaningOnceItIsOff() throws Exception {
      try (StockArtemis broker = typeBBroker("rulefilter-stock-typeb-off")) {
         try (JakartaJmsClient client = JakartaJmsClient.core(broker.corePort())) {
            for (Map.Entry<String, String> rule : RULES.entrySet()) {
               client.subscribe(ADDRESS, rule.getKey(), RuleSelector.of(rule.getValue())).close();
            }
         }
         broker.close();
         broker.editEtc("broker.xml", xml -> xml.replace(TYPEB_ON, "")).start();
         for (String queue : RULES.keySet()) {
            assertThat(broker.logText()).contains("RFL2109 RuleFilter: the rule of queue '" + queue + "' tests @typeb");
         }
         List<AirportMessage> sent = new ArrayList<>();
         for (String body : BODIES) {
            sent.add(new AirportMessage(sent.size() + 1, null, Map.of(), body));
         }
         try (JakartaJmsClient client = JakartaJmsClient.core(broker.corePort())) {
            client.publish(ADDRESS, sent);
            for (Map.Entry<String, String> rule : RULES.entrySet()) {
               List<Integer> expected = sent.stream().filter(m -> m.acceptedBy(rule.getValue())).map(AirportMessage::seq)
                     .toList();
               assertThat(expected).as("the test sends messages each rule takes and leaves").isNotEmpty()
                     .hasSizeLessThan(sent.size());
               try (AirportClient.Subscriber subscriber = client.subscribe(ADDRESS, rule.getKey(),
                     RuleSelector.of(rule.getValue()))) {
                  assertThat(subscriber.drain(1500)).as(rule.getKey()).containsExactlyInAnyOrderElementsOf(expected);
               }
            }
         }
      }
   }

   private static StockArtemis typeBBroker(String directory) throws Exception {
      return typeBInstance(directory).start();
   }

   /** A broker whose broker.xml gets {@code brokerXml} too. */
   private static StockArtemis typeBBroker(String directory, UnaryOperator<String> brokerXml) throws Exception {
      return typeBInstance(directory).editEtc("broker.xml", brokerXml).start();
   }

   private static StockArtemis typeBInstance(String directory) throws Exception {
      return StockArtemis.create(Scratch.directory(directory))
            .installPlugin(lines -> lines.replace("<property key=\"tag-property\" value=\"JMSType\"/>",
                  "<property key=\"tag-property\" value=\"JMSType\"/>\n    " + TYPEB_ON));
   }
}

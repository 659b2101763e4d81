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
package io.rulefilter.testing;

import io.rulefilter.RuleLanguage;
import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A message with a text body (a raw Type B BSM) goes out as a JMS TextMessage and is still told from its twins. */
class AirportMessageBodyTest {

   @RegisterExtension
   static RuleFilterExtension broker = new RuleFilterExtension();

   static final String BSM = "QU SHAXXCA\r\n.PEKXXCA 051200\r\nBSM\r\n.V/1LPEK\r\n.F/CA1234/05FEB/SHA/Y\r\n"
         + ".N/0999123456001\r\nENDBSM\r\n";

   @Test
   void aBodyGoesOutAsTextAndTwoMessagesWithOneBodyStayTwo() throws Exception {
      AirportMessage first = AirportMessage.tagged("BSM").with("airline", "CA").withBody(BSM);
      AirportMessage twin = AirportMessage.tagged("BSM").with("airline", "CA").withBody(BSM);
      AirportMessage raw = AirportMessage.untagged().withBody(BSM);
      AirportMessage plain = AirportMessage.tagged("BSM").with("airline", "MU");
      Subscriber ca = broker.subscribe("airport.bags", "ca", "airline weq CA");
      Subscriber all = broker.subscribe("airport.bags", "all", null);
      try (Connection connection = broker.connectionFactory().createConnection()) {
         Session session = connection.createSession(Session.AUTO_ACKNOWLEDGE);
         MessageConsumer tap = session.createConsumer(session.createTopic("airport.bags"));
         connection.start();
         broker.publish("airport.bags", first, plain, twin, raw);
         List<Message> tapped = new ArrayList<>();
         for (int i = 0; i < 4; i++) {
            tapped.add(tap.receive(5_000));
         }
         assertThat(tapped).allMatch(m -> m instanceof TextMessage);
         List<String> texts = new ArrayList<>();
         for (Message m : tapped) {
            texts.add(((TextMessage) m).getText());
         }
         assertThat(texts.get(0)).isEqualTo(BSM);
         assertThat(texts.get(1)).as("a message without a body keeps the publisher's id as its body").startsWith("rulefilter-test:");
         assertThat(texts.subList(2, 4)).containsOnly(BSM);
         assertThat(tapped.get(3).getJMSType()).isNull();
      }
      ca.assertReceived(first, twin);
      all.assertReceived(first, plain, twin, raw);
   }

   @Test
   void theEvaluatorSeesTheBodysTypeBContent() {
      RuleLanguage language = RuleLanguage.standard();
      var rule = language.compile(language.parse("@typeb weq BSM and @typeb.F.1 weq CA1234 and @typeb.N.1 beg 0999"));
      assertThat(rule.matches(AirportMessage.untagged().withBody(BSM).view())).isTrue();
      assertThat(rule.matches(AirportMessage.untagged().withBody(BSM.replace("CA1234", "MU5101")).view())).isFalse();
      assertThat(rule.matches(AirportMessage.tagged("BSM").view())).as("no body: no Type B content").isFalse();
      AirportMessage withAndWithout = AirportMessage.tagged("BSM").withBody(BSM).with("n", 1).withBody(null);
      assertThat(withAndWithout.body()).isNull();
      assertThat(withAndWithout.attributes()).containsEntry("n", 1);
   }
}

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

import io.rulefilter.broker.ConfigSource;
import io.rulefilter.broker.RuleFilterBroker;
import io.rulefilter.cli.CommandLines;
import io.rulefilter.client.PublishCommand;
import io.rulefilter.client.SubscribeCommand;
import io.rulefilter.e2e.Scratch;
import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code rulefilter publish} and {@code subscribe} speak to JMS clients over TCP: what publish sends is the JMS
 * message a topic publisher would send (type, typed properties, text), subscribe prints a JMS publisher's message
 * without Artemis's own properties, and the subscription subscribe makes is the one JMS's shared durable consumer with
 * the same name and rule attaches to.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class PubSubCommandsJmsTest {

   private static RuleFilterBroker broker;

   @BeforeAll
   static void start() throws Exception {
      int port;
      try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
         port = probe.getLocalPort();
      }
      broker = RuleFilterBroker.start(port, Scratch.directory("rulefilter-pubsub-jms"), ConfigSource.defaults());
   }

   @AfterAll
   static void stop() throws Exception {
      if (broker != null) {
         broker.close();
      }
   }

   private static int publish(String... args) {
      String[] all = new String[args.length + 2];
      System.arraycopy(args, 0, all, 0, args.length);
      all[args.length] = "--url";
      all[args.length + 1] = broker.url();
      return CommandLines.of(new PublishCommand()).setOut(new PrintWriter(new StringWriter())).execute(all);
   }

   private static Connection connect() throws Exception {
      return new ActiveMQConnectionFactory(broker.url(), "app", "app").createConnection();
   }

   @Test
   void aJmsSubscriberReceivesWhatPublishSendsTypedAsJmsWouldSendIt() throws Exception {
      try (Connection connection = connect()) {
         Session session = connection.createSession();
         MessageConsumer bags = session.createSharedDurableConsumer(session.createTopic("interop.in"), "jmsbags", "@tag beg BS");
         connection.start();
         assertThat(publish("--address", "interop.in", "--tag", "MVT", "airline=CA")).isZero();
         assertThat(publish("--address", "interop.in", "--tag", "BSM", "airline=CA", "bagCount=3", "weight=2.5", "flight=0981",
               "--body", "two bags")).isZero();
         Message received = bags.receive(5_000);
         assertThat(received).isInstanceOf(TextMessage.class);
         assertThat(received.getJMSType()).isEqualTo("BSM");
         assertThat(received.getStringProperty("airline")).isEqualTo("CA");
         assertThat(received.getObjectProperty("bagCount")).isEqualTo(3L);
         assertThat(received.getObjectProperty("weight")).isEqualTo(2.5);
         assertThat(received.getObjectProperty("flight")).isEqualTo("0981");
         assertThat(((TextMessage) received).getText()).isEqualTo("two bags");
         assertThat(bags.receive(500)).as("the MVT, kept out by the rule").isNull();
      }
   }

   @Test
   void subscribePrintsAJmsPublishersMessagesAndJmsSharesItsSubscription() throws Exception {
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      CommandLine subscribe = CommandLines.of(new SubscribeCommand()).setOut(new PrintWriter(out, true))
            .setErr(new PrintWriter(err, true));
      CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> subscribe.execute("--address", "interop.out",
            "--queue", "shared", "--rule", "@tag beg BS", "--json", "--count", "2", "--url", broker.url()));
      while (!err.toString().contains("subscribed to ")) {
         assertThat(exit).as(err.toString()).isNotDone();
         Thread.sleep(20);
      }
      try (Connection connection = connect()) {
         Session session = connection.createSession();
         Topic topic = session.createTopic("interop.out");
         MessageProducer producer = session.createProducer(topic);
         TextMessage bsm = session.createTextMessage("hi");
         bsm.setJMSType("BSM");
         bsm.setIntProperty("bagCount", 3);
         bsm.setBooleanProperty("checked", true);
         producer.send(bsm);
         Message mvt = session.createMessage();
         mvt.setJMSType("MVT");
         producer.send(mvt);
         Message bpm = session.createMessage();
         bpm.setJMSType("BSM");
         bpm.setStringProperty("airline", "MU");
         producer.send(bpm);
         assertThat(exit.get(30, TimeUnit.SECONDS)).isZero();
         assertThat(out.toString()).isEqualTo("""
               {"tag":"BSM","properties":{"bagCount":3,"checked":true},"body":"hi"}
               {"tag":"BSM","properties":{"airline":"MU"}}
               """);

         // the same name and rule from JMS: the subscription subscribe made, with what waited in it (JMS would drop
         // and remake a subscription whose selector differs, losing that)
         assertThat(publish("--address", "interop.out", "--tag", "BSM", "seq=1")).isZero();
         MessageConsumer shared = session.createSharedDurableConsumer(topic, "shared", "@tag beg BS");
         connection.start();
         assertThat(shared.receive(5_000).getLongProperty("seq")).isEqualTo(1L);
         assertThat(broker.server().getPostOffice().getBindingsForAddress(SimpleString.of("interop.out")).getBindings())
               .as("one subscription queue on the address").hasSize(1);
      }
   }
}

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
package io.rulefilter.artemis.routing;

import io.rulefilter.RuleLanguage;
import io.rulefilter.artemis.testing.InVmBroker;
import io.rulefilter.eval.CompiledRule;
import io.rulefilter.internal.message.MapMessage;
import io.rulefilter.message.MessageModel;
import org.apache.activemq.artemis.api.core.ActiveMQBuffer;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.client.ClientConsumer;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientProducer;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.core.message.impl.CoreMessage;
import org.apache.activemq.artemis.core.postoffice.Binding;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;
import org.apache.activemq.artemis.reader.TextMessageUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Routing by Type B content through Artemis itself: a broker whose setting typeb-addresses turns Type B on for
 * {@code bags.#}, routing core text and bytes bodies (generated BSMs and hostile bodies) to subscriptions with
 * {@code @typeb} rules, through the index and queue by queue. Differential: every routing decision equals the
 * translator's evaluation of the same rule on the same body ({@code rulefilter eval}'s path), never a hand-made list.
 */
@Timeout(120)
class TypeBRoutingTest {

   private static final String BAGS = "bags.in";
   private static final RuleLanguage LANGUAGE = RuleLanguage.standard();
   private static final Map<String, String> RULES = new LinkedHashMap<>();

   static {
      RULES.put("flights", "@typeb.F.1 weq (CA1234, MU5101)");
      RULES.put("pek", "@typeb weq BSM and @typeb.F.3 weq PEK");
      RULES.put("tags999", "@typeb.N.1 beg 0999");
      RULES.put("onward", "@typeb.O.1 begi ca");
      RULES.put("rush", "@typeb.E weqi rush");
      RULES.put("notca", "@typeb.F.1 nweq CA1234");
      RULES.put("anytypeb", "@typeb ex");
      RULES.put("byproperty", "flight weq CA1234 or @typeb.V weq 1LSHA");
   }

   private static final String[] FLIGHTS = {"CA1234", "MU5101", "CZ3101", "ca1234"};
   private static final String[] STATIONS = {"PEK", "SHA", "PVG", "pek"};
   private static final String[] END = {"\r\n", "\n", "\r"};

   private long nextId = 1;

   @ParameterizedTest(name = "routing-index={0}")
   @ValueSource(booleans = {true, false})
   void generatedBsmsRouteAsTheTranslatorEvaluatesThem(boolean index) throws Exception {
      try (InVmBroker broker = typeBBroker(index)) {
         Random random = new Random(25_4L);
         for (int i = 0; i < 300; i++) {
            String body = bsm(random);
            assertRoutes(broker, text(body), body);
            assertRoutes(broker, bytes(body.getBytes(StandardCharsets.UTF_8)), body);
         }
      }
   }

   @ParameterizedTest(name = "routing-index={0}")
   @ValueSource(booleans = {true, false})
   void hostileBodiesAreBoundedAndNeverFailASend(boolean index) throws Exception {
      try (InVmBroker broker = typeBBroker(index)) {
         String bsm = "BSM\n.F/CA1234/05FEB/PEK/Y\n.N/0999123456001\n.E/RUSH\n";
         String huge = bsm + "x".repeat(64 * 1024);
         String atBound = bsm + ".N/1\n".repeat((64 * 1024 - bsm.length()) / 5);
         String noLineEnds = "BSM.F/CA1234" + "y".repeat(1024 * 1024);
         String manyElements = "BSM\n" + ".N/1\n".repeat(10_000) + ".F/CA1234\n";
         String wide = "BSM\n.F/CA1234/\u00e9\u4e2d\ud83d\ude00/PEK\n.E/rush\u00df\n";
         for (String body : List.of(huge, atBound, noLineEnds, manyElements, wide, "", "BSM", "bsm\n.F/CA1234", "\n\r\n")) {
            assertRoutes(broker, text(body), body);
            assertRoutes(broker, bytes(body.getBytes(StandardCharsets.UTF_8)), body);
         }
         assertThat(broker.routes(text(null))).isEqualTo(expected(null));
         byte[] notUtf8 = (bsm + "\u00ff").getBytes(StandardCharsets.ISO_8859_1);
         assertThat(broker.routes(bytes(notUtf8))).as("bytes that are not UTF-8").isEqualTo(expected(null));
         byte[] binary = new byte[4096];
         new Random(7).nextBytes(binary);
         assertThat(broker.routes(bytes(binary))).isEqualTo(expected(null));
         assertThat(broker.routes(bytes(huge.getBytes(StandardCharsets.UTF_8)))).isEqualTo(expected(null));
         for (int length : new int[] {-2, 3, Integer.MAX_VALUE, 1 << 20}) {
            assertThat(broker.routes(damagedText(length))).as("a text body claiming %d bytes", length).isEqualTo(expected(null));
         }
         CoreMessage map = message(Message.MAP_TYPE);
         map.getBodyBuffer().writeBytes(bsm.getBytes(StandardCharsets.UTF_8));
         assertThat(broker.routes(map)).as("a body of another type").isEqualTo(expected(null));
      }
   }

   @ParameterizedTest(name = "routing-index={0}")
   @ValueSource(booleans = {true, false})
   void aBodyIsReadOncePerMessageAndOnlyWhenARuleAsks(boolean index) throws Exception {
      try (InVmBroker broker = typeBBroker(index)) {
         String body = "BSM\n.F/CA1234/05FEB/PEK/Y\n.N/0999123456001\nENDBSM";
         CountingMessage counted = counting(body, BAGS);
         assertThat(broker.routes(counted)).isEqualTo(expected(body));
         assertThat(counted.reads.get()).as("body reads for %d subscriptions", RULES.size()).isEqualTo(1);

         for (int i = 0; i < 6; i++) {
            broker.subscription("bags.plain", "plain" + i, "flight weq CA123" + i);
         }
         CountingMessage plain = counting(body, "bags.plain");
         plain.putStringProperty("flight", "CA1232");
         assertThat(broker.routes(plain)).containsExactly("plain2");
         assertThat(plain.reads.get()).as("body reads where no rule uses @typeb").isZero();
      }
   }

   /**
    * Rules stored while Type B was on keep their meaning once the setting no longer covers the address: no subscriber
    * loses its messages, and a negated condition does not take every message (RFL2109 says so at start).
    */
   @ParameterizedTest(name = "routing-index={0}")
   @ValueSource(booleans = {true, false})
   void whereTypeBIsTurnedOffAStoredRuleKeepsItsMeaning(boolean index) throws Exception {
      try (InVmBroker broker = typeBBroker(index)) {
         String ca = "BSM\n.F/CA1234/05FEB/PEK/Y\nENDBSM";
         String mu = "BSM\n.F/MU5101/05FEB/SHA/Y\n.N/0999123456001\nENDBSM";
         broker.restart(Map.of("routing-index", String.valueOf(index)));
         for (String body : new String[] {ca, mu, "not a Type B message"}) {
            CountingMessage counted = counting(body, BAGS);
            assertThat(broker.routes(counted)).as(body).isEqualTo(expected(body));
            assertThat(counted.reads.get()).as("body reads").isEqualTo(1);
         }
         assertThat(expected(ca)).contains("flights", "pek").doesNotContain("notca");
         assertThat(expected(mu)).contains("flights", "tags999", "notca").doesNotContain("pek");
         assertThatThrownBy(() -> broker.subscription(BAGS, "new", "@typeb ex"))
               .as("no new rule there may test @typeb").hasMessageContaining("typeb-addresses");
      }
   }

   /** A client's text message, sent and consumed through a session: Artemis encodes and decodes it on the way. */
   @Test
   void aClientsTextMessageIsRoutedByItsBody() throws Exception {
      try (InVmBroker broker = typeBBroker(true)) {
         ClientSession session = broker.client();
         session.start();
         ClientProducer producer = session.createProducer(BAGS);
         for (String flight : List.of("CA1234", "CZ3101", "MU5101")) {
            ClientMessage m = session.createMessage(Message.TEXT_TYPE, true);
            TextMessageUtil.writeBodyText(m.getBodyBuffer(), SimpleString.of("QD SHAXXMU\r\n.PEKKKCA\r\nBSM\r\n.F/"
                  + flight + "/05FEB/PEK/Y\r\nENDBSM\r\n"));
            m.putStringProperty("sent", flight);
            producer.send(m);
         }
         try (ClientConsumer flights = session.createConsumer("flights"); ClientConsumer notCa = session.createConsumer("notca")) {
            assertThat(InVmBroker.receiveAll(flights, "sent")).containsExactly("CA1234", "MU5101");
            assertThat(InVmBroker.receiveAll(notCa, "sent")).containsExactly("CZ3101", "MU5101");
         }
      }
   }

   /**
    * The index looks Type B values up like attribute values: a rule anchored on {@code @typeb}, {@code @typeb.F.1} or
    * {@code @typeb.N.1}, ignoring case or not, is evaluated only when an occurrence meets it, and one found through
    * several occurrences is routed once.
    */
   @Test
   void theIndexAnchorsTypeBSubjectsAndRoutesAQueueOnceWhateverTheOccurrences() throws Exception {
      try (InVmBroker broker = typeBBroker(true)) {
         List<LocalQueueBinding> queues = new ArrayList<>();
         for (Binding binding : broker.server().getPostOffice().getBindingsForAddress(SimpleString.of(BAGS)).getBindings()) {
            if (binding instanceof LocalQueueBinding local) {
               queues.add(local);
            }
         }
         IndexContents contents = IndexContents.of(SimpleString.of(BAGS), MessageModel.DEFAULT, queues);
         assertThat(contents.index().unanchored()).as("nweq, ex and an or over two subjects (begi, weqi: anchored)").isEqualTo(3);
         String body = "BSM\n.N/0999000001\n.N/0999000002\n.F/CA1234/05FEB/PEK\n.F/MU5101/05FEB/PEK\n.N/0781000003\nENDBSM";
         assertRoutes(broker, text(body), body);
         assertThat(broker.routes(text(body))).containsOnlyOnce("flights", "tags999", "pek");
      }
   }

   /** Consumers of one anycast queue with @typeb selectors: each is offered exactly the messages its rule accepts. */
   @Test
   void consumersWithTypeBSelectorsOnAQueueGetWhatTheirRulesAccept() throws Exception {
      try (InVmBroker broker = typeBBroker(true)) {
         broker.server().createQueue(QueueConfiguration.of("work").setAddress("bags.work").setRoutingType(RoutingType.ANYCAST));
         ClientSession session = broker.client();
         session.start();
         try (ClientConsumer ca = session.createConsumer("work", "@typeb.F.1 weq CA1234");
              ClientConsumer mu = session.createConsumer("work", "@typeb.F.1 weq MU5101")) {
            ClientProducer producer = session.createProducer("bags.work");
            for (String flight : List.of("CA1234", "MU5101", "CA1234", "MU5101")) {
               ClientMessage m = session.createMessage(Message.TEXT_TYPE, true);
               TextMessageUtil.writeBodyText(m.getBodyBuffer(), SimpleString.of("BSM\n.F/" + flight + "/05FEB/PEK/Y\nENDBSM"));
               m.putStringProperty("sent", flight);
               m.setRoutingType(RoutingType.ANYCAST);
               producer.send(m);
            }
            assertThat(InVmBroker.receiveAll(ca, "sent")).containsExactly("CA1234", "CA1234");
            assertThat(InVmBroker.receiveAll(mu, "sent")).containsExactly("MU5101", "MU5101");
         }
      }
   }

   private InVmBroker typeBBroker(boolean index) throws Exception {
      InVmBroker broker = InVmBroker.start(Map.of("typeb-addresses", "bags.#", "routing-index", String.valueOf(index)),
            config -> { });
      RULES.forEach((queue, rule) -> {
         try {
            broker.subscription(BAGS, queue, rule);
         } catch (Exception e) {
            throw new IllegalStateException(e);
         }
      });
      return broker;
   }

   private void assertRoutes(InVmBroker broker, Message message, String body) throws Exception {
      assertThat(broker.routes(message)).as("body %s", abbreviated(body)).isEqualTo(expected(body));
   }

   /** The subscriptions whose rules hold for a message with no properties and {@code body}, as eval evaluates them. */
   private static List<String> expected(String body) {
      MapMessage message = new MapMessage(null, Map.of(), body);
      List<String> queues = new ArrayList<>();
      RULES.forEach((queue, rule) -> {
         CompiledRule compiled = LANGUAGE.compile(LANGUAGE.parse(rule));
         if (compiled.matches(message)) {
            queues.add(queue);
         }
      });
      return queues.stream().sorted().toList();
   }

   private CoreMessage message(byte type) {
      CoreMessage m = new CoreMessage(nextId++, 256);
      m.setAddress(BAGS);
      m.setType(type);
      return m;
   }

   private Message text(String body) {
      CoreMessage m = message(Message.TEXT_TYPE);
      TextMessageUtil.writeBodyText(m.getBodyBuffer(), body == null ? null : SimpleString.of(body));
      return m;
   }

   private Message bytes(byte[] body) {
      CoreMessage m = message(Message.BYTES_TYPE);
      m.getBodyBuffer().writeBytes(body);
      return m;
   }

   /** A text body whose length field claims {@code length} bytes, followed by a few. */
   private Message damagedText(int length) {
      CoreMessage m = message(Message.TEXT_TYPE);
      ActiveMQBuffer buffer = m.getBodyBuffer();
      buffer.writeByte((byte) 1);
      buffer.writeInt(length);
      buffer.writeBytes("B\0S\0M\0\n\0".getBytes(StandardCharsets.ISO_8859_1));
      return m;
   }

   private CountingMessage counting(String body, String address) {
      CountingMessage m = new CountingMessage(nextId++);
      m.setAddress(address);
      m.setType(Message.TEXT_TYPE);
      TextMessageUtil.writeBodyText(m.getBodyBuffer(), SimpleString.of(body));
      return m;
   }

   /** A core message that counts how often its body is read. */
   private static final class CountingMessage extends CoreMessage {
      final AtomicInteger reads = new AtomicInteger();

      CountingMessage(long id) {
         super(id, 256);
      }

      @Override
      public ActiveMQBuffer getReadOnlyBodyBuffer() {
         reads.incrementAndGet();
         return super.getReadOnlyBodyBuffer();
      }
   }

   /** A random BSM: heading or none, any line end, elements F, N, O, V, E with noise, trailing spaces, ENDBSM or not. */
   static String bsm(Random random) {
      String eol = END[random.nextInt(END.length)];
      StringBuilder b = new StringBuilder();
      if (random.nextBoolean()) {
         b.append("QU SHAXXMU").append(eol).append(".SHAKKMU 041200").append(eol);
      }
      String smi = random.nextInt(5) == 0 ? "BPM" : "BSM";
      b.append(smi).append(eol);
      int elements = random.nextInt(7);
      for (int i = 0; i < elements; i++) {
         switch (random.nextInt(7)) {
            case 0 -> b.append(".F/").append(pick(random, FLIGHTS)).append("/05FEB/").append(pick(random, STATIONS)).append("/Y");
            case 1 -> b.append(".N/").append(random.nextBoolean() ? "0999" : "0781").append(100000 + random.nextInt(900000));
            case 2 -> b.append(".O/").append(pick(random, FLIGHTS)).append("/06FEB/").append(pick(random, STATIONS));
            case 3 -> b.append(".V/1L").append(pick(random, STATIONS));
            case 4 -> b.append(".E/").append(random.nextBoolean() ? "RUSH" : "Rush ").append("   ");
            case 5 -> b.append(random.nextBoolean() ? "NOISE LINE" : ".f/CA1234");
            default -> b.append("");
         }
         b.append(eol);
      }
      if (random.nextBoolean()) {
         b.append("END").append(smi).append(eol).append(".F/MU5101/05FEB/PEK");
      }
      return b.toString();
   }

   private static String pick(Random random, String[] values) {
      return values[random.nextInt(values.length)];
   }

   private static String abbreviated(String body) {
      return body == null || body.length() < 200 ? String.valueOf(body).replace("\r", "\\r").replace("\n", "\\n")
            : body.substring(0, 100) + "… (" + body.length() + " chars)";
   }
}

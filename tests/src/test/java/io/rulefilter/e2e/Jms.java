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
package io.rulefilter.e2e;

import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.Topic;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Publishing and receiving the way an airport system does it, numbering messages so tests can check order. */
final class Jms {

   static final String SEQ = "seq";

   private Jms() {
   }

   /** One message to publish: a tag (JMS type, may be null) and properties. */
   record Out(String tag, Map<String, Object> properties) {
      static Out tag(String tag) {
         return new Out(tag, Map.of());
      }

      static Out props(Map<String, Object> properties) {
         return new Out(null, properties);
      }
   }

   /** Publishes {@code messages} in order, numbering them 1, 2, … in property {@code seq}. */
   static void publish(Connection connection, String topic, List<Out> messages) throws JMSException {
      publish(connection, topic, messages, 1);
   }

   /** Publishes {@code messages} in order, numbering them from {@code firstSeq}. */
   static void publish(Connection connection, String topic, List<Out> messages, int firstSeq) throws JMSException {
      try (Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE)) {
         MessageProducer producer = session.createProducer(session.createTopic(topic));
         int seq = firstSeq - 1;
         for (Out out : messages) {
            producer.send(message(session, out, ++seq));
         }
      }
   }

   static Message message(Session session, Out out, int seq) throws JMSException {
      Message message = session.createTextMessage("body " + seq);
      if (out.tag() != null) {
         message.setJMSType(out.tag());
      }
      message.setIntProperty(SEQ, seq);
      for (Map.Entry<String, Object> e : out.properties().entrySet()) {
         message.setObjectProperty(e.getKey(), e.getValue());
      }
      return message;
   }

   /** Receives until nothing more arrives within {@code quietMillis}; returns the {@code seq} numbers in order. */
   static List<Integer> drain(MessageConsumer consumer, long quietMillis) throws JMSException {
      List<Integer> seqs = new ArrayList<>();
      for (Message m; (m = consumer.receive(quietMillis)) != null; ) {
         seqs.add(m.getIntProperty(SEQ));
      }
      return seqs;
   }

   static Topic topic(Session session) throws JMSException {
      return session.createTopic(TestBroker.TOPIC);
   }
}

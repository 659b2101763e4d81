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

import io.rulefilter.RuleLanguage;
import io.rulefilter.eval.CompiledRule;
import jakarta.jms.BytesMessage;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.Session;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;

/** Airport messages for feature tests, numbered in property {@code seq}, and the rules they are filtered by. */
final class Traffic {

   static final String SEQ = "seq";
   private static final String[] TAGS = {"BSM", "BPM", "MVT", "LDM"};
   private static final String[] AIRLINES = {"CA", "MU", "CZ"};
   private static final String[] STATIONS = {"PEK", "PVG", "CAN"};
   private static final RuleLanguage LANGUAGE = RuleLanguage.standard();
   private static final Map<String, CompiledRule> COMPILED = new ConcurrentHashMap<>();

   /** The rules feature tests give their subscriptions: anchored, unanchored, inexact in SQL, key patterns. */
   static final List<String> RULES = List.of("flight beg CA", "@tag weq BSM", "bagCount gt 5",
         "airline weq MU and station weq PEK", "@attr beg FLT");

   private Traffic() {
   }

   /**
    * One message: a tag, properties, an optional body size (a large message when big enough) and time to live.
    */
   record Out(int seq, String tag, Map<String, Object> properties, int bodyBytes, long timeToLive) {

      Message toJms(Session session) throws JMSException {
         Message message;
         if (bodyBytes > 0) {
            BytesMessage bytes = session.createBytesMessage();
            bytes.writeBytes(new byte[bodyBytes]);
            message = bytes;
         } else {
            message = session.createTextMessage("body " + seq);
         }
         if (tag != null) {
            message.setJMSType(tag);
         }
         message.setIntProperty(SEQ, seq);
         for (Map.Entry<String, Object> e : properties.entrySet()) {
            message.setObjectProperty(e.getKey(), e.getValue());
         }
         return message;
      }

      Out withBody(int bytes) {
         return new Out(seq, tag, properties, bytes, timeToLive);
      }
   }

   /** {@code count} messages numbered from {@code first}, the same for the same seed. */
   static List<Out> airport(int first, int count, long seed) {
      Random random = new Random(seed);
      List<Out> out = new ArrayList<>();
      for (int seq = first; seq < first + count; seq++) {
         Map<String, Object> props = new LinkedHashMap<>();
         String airline = AIRLINES[random.nextInt(AIRLINES.length)];
         props.put("flight", airline + (100 + random.nextInt(5)));
         props.put("airline", airline);
         props.put("station", STATIONS[random.nextInt(STATIONS.length)]);
         props.put("bagCount", random.nextInt(10));
         if (random.nextInt(4) == 0) {
            props.put("FLTNO", "X" + random.nextInt(100));
         }
         out.add(new Out(seq, TAGS[random.nextInt(TAGS.length)], props, 0, 0));
      }
      return out;
   }

   /** Whether {@code rule} (null: no rule) accepts the message. */
   static boolean accepts(String rule, Out message) {
      if (rule == null) {
         return true;
      }
      CompiledRule compiled = COMPILED.computeIfAbsent(rule, r -> LANGUAGE.compile(LANGUAGE.parse(r)));
      Map<String, Object> attributes = new LinkedHashMap<>(message.properties());
      attributes.put(SEQ, message.seq());
      return compiled.matches(RuleLanguage.message(message.tag(), attributes));
   }
}

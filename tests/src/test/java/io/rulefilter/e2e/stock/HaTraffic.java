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

import io.rulefilter.RuleLanguage;
import io.rulefilter.eval.CompiledRule;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.Session;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The messages of the HA tests. Message {@code seq}'s tag and attributes follow from its number, cycling through
 * every combination of five tags, three airlines and four bag counts, so a test knows, for each subscription and
 * each range of messages, exactly which ones its rules accept.
 */
final class HaTraffic {

   static final String ADDRESS = "airport.events";
   static final String SEQ = "seq";
   private static final String[] TAGS = {"BSM", "BPM", "LDM", "MVT", "CPM"};
   private static final String[] AIRLINES = {"CA", "MU", "XX"};
   private static final int[] BAG_COUNTS = {1, 2, 3, 5};
   private static final RuleLanguage LANGUAGE = RuleLanguage.standard();

   private HaTraffic() {
   }

   static String tag(int seq) {
      return TAGS[seq % TAGS.length];
   }

   static String airline(int seq) {
      return AIRLINES[seq / TAGS.length % AIRLINES.length];
   }

   static int bagCount(int seq) {
      return BAG_COUNTS[seq / (TAGS.length * AIRLINES.length) % BAG_COUNTS.length];
   }

   /** Message {@code seq} as an airport system publishes it: the tag as JMS type, attributes as properties. */
   static Message message(Session session, int seq) throws JMSException {
      Message message = session.createTextMessage("seq:" + seq);
      message.setJMSType(tag(seq));
      message.setStringProperty("airline", airline(seq));
      message.setIntProperty("bagCount", bagCount(seq));
      message.setIntProperty(SEQ, seq);
      return message;
   }

   /** The messages among {@code from…to} that every rule of {@code rules} accepts (all of them for no rules). */
   static Set<Integer> accepted(int from, int to, String... rules) {
      Set<Integer> accepted = new TreeSet<>();
      for (int seq = from; seq <= to; seq++) {
         if (acceptedBy(seq, rules)) {
            accepted.add(seq);
         }
      }
      return accepted;
   }

   private static boolean acceptedBy(int seq, String... rules) {
      for (String rule : rules) {
         CompiledRule compiled = LANGUAGE.compile(LANGUAGE.parse(rule));
         if (!compiled.matches(RuleLanguage.message(tag(seq), Map.of("airline", airline(seq), "bagCount", bagCount(seq),
               SEQ, seq)))) {
            return false;
         }
      }
      return true;
   }
}

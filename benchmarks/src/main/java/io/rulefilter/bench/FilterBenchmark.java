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
package io.rulefilter.bench;

import io.rulefilter.RuleLanguage;
import io.rulefilter.artemis.routing.ArtemisMessageView;
import io.rulefilter.artemis.routing.SubscriptionFilter;
import io.rulefilter.internal.parse.RuleParser;
import io.rulefilter.internal.sql.SqlTranslator;
import io.rulefilter.message.MessageModel;
import io.rulefilter.rule.Rule;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.filter.Filter;
import org.apache.activemq.artemis.core.filter.impl.FilterImpl;
import org.apache.activemq.artemis.core.message.impl.CoreMessage;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The cost of deciding one message for one subscription: RuleFilter's routing-time filter (compiled rule over the
 * Artemis message, exactly as the plugin installs it) against Artemis's FilterImpl on the rule's SQL translation,
 * on the same messages, per operator family. Also a rule decided inside the address index, on a message whose
 * properties were read once for all the address's subscriptions ({@link MessageReadBenchmark} measures that read).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class FilterBenchmark {

   /** Operator family → a typical rule of that family. */
   public static final Map<String, String> FAMILIES = Map.of(
         "prefix", "@tag beg BS",
         "suffix", "flight end 981",
         "wildcard", "remark weq *破损*",
         "equality", "airline weq CA",
         "numeric", "bagCount gt 2",
         "key-exists", "@attr ex remark",
         "key-pattern", "@attr beg rem",
         "compound", "airline weq CA and bagCount gt 2 and @tag beg BS");

   @Param({"prefix", "suffix", "wildcard", "equality", "numeric", "key-exists", "key-pattern", "compound"})
   public String family;

   private SubscriptionFilter rulefilter;
   private Filter artemis;
   private ArtemisMessageView[] readOnce;
   private Message[] messages;
   private int next;

   @Setup
   public void setup() throws Exception {
      Rule rule = RuleParser.parse(FAMILIES.get(family));
      rulefilter = SubscriptionFilter.forRule(RuleLanguage.standard().compile(rule), MessageModel.DEFAULT);
      artemis = FilterImpl.createFilter(SqlTranslator.translateDefault(rule).filter());
      messages = sampleMessages();
      floorKeys = FLOOR_KEYS.get(family).stream().map(SimpleString::of).toArray(SimpleString[]::new);
      scansKeys = family.equals("key-pattern");
      for (Message m : messages) {
         rulefilter.match(m); // decode properties once, as the broker has by routing time
         artemis.match(m);
      }
      readOnce = new ArtemisMessageView[messages.length];
      for (int i = 0; i < messages.length; i++) {
         readOnce[i] = new ArtemisMessageView(MessageModel.DEFAULT.tagProperty()).readOnce(messages[i]);
      }
   }

   /** Four airport messages, two of which match most families. */
   static Message[] sampleMessages() {
      List<Object[]> specs = List.of(
            new Object[] {"BSM", "CA", "CA981", 3, "行李破损"},
            new Object[] {"BPM", "MU", "MU5101", 1, null},
            new Object[] {"BSM", "CA", "CA1831", 0, "正常"},
            new Object[] {"MVT", "CZ", "CZ3981", 5, null});
      Message[] out = new Message[specs.size()];
      for (int i = 0; i < out.length; i++) {
         Object[] s = specs.get(i);
         CoreMessage m = new CoreMessage(i + 1, 512);
         m.putStringProperty("JMSType", (String) s[0]);
         m.putStringProperty("airline", (String) s[1]);
         m.putStringProperty("flight", (String) s[2]);
         m.putIntProperty("bagCount", (Integer) s[3]);
         m.putStringProperty("station", "PEK");
         m.putStringProperty("bagTag", "0999123456");
         if (s[4] != null) {
            m.putStringProperty("remark", (String) s[4]);
         }
         out[i] = m;
      }
      return out;
   }

   @Benchmark
   public boolean rulefilter() {
      return rulefilter.match(messages[next++ & 3]);
   }

   /** One subscription's decision inside the index: the message's properties were already read once. */
   @Benchmark
   public boolean rulefilterIndexed() {
      int i = next++ & 3;
      return rulefilter.policy().accepts(messages[i], readOnce[i]);
   }

   @Benchmark
   public boolean artemis() {
      return artemis.match(messages[next++ & 3]);
   }

   /**
    * The floor both filters stand on: reading, through Artemis's message API, the properties the family's rule
    * needs (each read takes the properties' read lock). No filter of a single message can cost less.
    */
   @Benchmark
   public int floor() {
      Message message = messages[next++ & 3];
      int seen = 0;
      for (SimpleString key : floorKeys) {
         seen += message.getObjectPropertyForFilter(key) == null ? 0 : 1;
      }
      if (scansKeys) {
         for (SimpleString key : message.getPropertyNames()) {
            seen += key.length();
         }
      }
      return seen;
   }

   private static final Map<String, List<String>> FLOOR_KEYS = Map.of(
         "prefix", List.of("JMSType"), "suffix", List.of("flight"), "wildcard", List.of("remark"),
         "equality", List.of("airline"), "numeric", List.of("bagCount"), "key-exists", List.of("remark"),
         "key-pattern", List.of(), "compound", List.of("airline", "bagCount", "JMSType"));

   private SimpleString[] floorKeys;
   private boolean scansKeys;
}

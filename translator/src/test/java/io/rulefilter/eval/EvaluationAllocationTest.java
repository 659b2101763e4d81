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
package io.rulefilter.eval;

import io.rulefilter.internal.eval.RuleCompiler;
import io.rulefilter.internal.parse.RuleParser;
import io.rulefilter.message.AttributeKey;
import io.rulefilter.message.MessageView;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import com.sun.management.ThreadMXBean;

/**
 * Evaluation allocates nothing for strings, decimal strings, integers and booleans, under every operator: it runs
 * once per message and subscription, so garbage there is garbage per routed message. Measured with the JVM's own
 * per-thread allocation counter.
 */
class EvaluationAllocationTest {

   private static final ThreadMXBean THREADS =
         (ThreadMXBean) ManagementFactory.getThreadMXBean();

   @Test
   void evaluatingAllocatesNothing() {
      List<CompiledRule> rules = List.of("airline weq CA* and bagCount gt 2", "n beg 15 or n end 07 or n weq *0?0*",
            "d eq 0.1 or d gt 1e3 or d lt -5.5", "s weq *b?b*c and not s beg x", "@attr weq fl* or @tag beg BS",
            "flag weq true or flag end ue", "b eq 3 or b weq 3",
            // a segment longer than 64 code points searches with more than one word of state
            "s weq *" + "?b".repeat(40) + "* or s weq *" + "a?".repeat(50) + "*").stream()
            .map(r -> RuleCompiler.compileDefault(RuleParser.parse(r))).toList();
      List<MessageView> messages = List.of(
            new ArrayMessage("BSM", Map.of("airline", "CA981", "bagCount", 3L, "n", 1507L, "d", "0.10")),
            new ArrayMessage("BPM", Map.of("airline", "MU", "n", -20070, "d", "12345.678e-1", "s", "abxbc", "flag", true)),
            new ArrayMessage(null, Map.of("flight", "CA1", "d", "-5.50000000000000000001", "s", "x" + "ab".repeat(40),
                  "b", (byte) 3)),
            new ArrayMessage("MVT", Map.of("n", (short) 15, "d", "not a number", "flag", "blue")));
      int sink = 0;
      for (int warm = 0; warm < 20_000; warm++) {
         sink += evaluateAll(rules, messages);
      }
      long before = THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
      for (int i = 0; i < 10_000; i++) {
         sink += evaluateAll(rules, messages);
      }
      long allocated = THREADS.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
      assertThat(sink).isPositive();
      // 320,000 evaluations; a single string or BigDecimal per evaluation would be megabytes
      assertThat(allocated).as("bytes allocated by 320,000 evaluations").isLessThan(64 * 1024);
   }

   private static int evaluateAll(List<CompiledRule> rules, List<MessageView> messages) {
      int matches = 0;
      for (int r = 0; r < rules.size(); r++) { // indexes: an iterator would be the only allocation measured
         for (int m = 0; m < messages.size(); m++) {
            matches += rules.get(r).matches(messages.get(m)) ? 1 : 0;
         }
      }
      return matches;
   }

   /** A message view that itself allocates nothing (unlike iterating a map), so only the evaluator is measured. */
   private static final class ArrayMessage implements MessageView {
      private final String tag;
      private final String[] keys;
      private final Object[] values;

      ArrayMessage(String tag, Map<String, Object> attributes) {
         this.tag = tag;
         this.keys = attributes.keySet().toArray(String[]::new);
         this.values = attributes.values().toArray();
      }

      @Override
      public CharSequence tag() {
         return tag;
      }

      @Override
      public Object attribute(AttributeKey key) {
         for (int i = 0; i < keys.length; i++) {
            if (keys[i].equals(key.name())) {
               return values[i];
            }
         }
         return null;
      }

      @Override
      public boolean anyKey(KeyTest test) {
         for (String key : keys) {
            if (test.test(key)) {
               return true;
            }
         }
         return false;
      }
   }
}

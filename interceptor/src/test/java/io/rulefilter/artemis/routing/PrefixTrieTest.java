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

import io.rulefilter.artemis.testing.InVmBroker;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import org.apache.activemq.artemis.api.core.SimpleString;

/** Walking a value through the trie passes exactly the entries of the prefixes the value starts with. */
class PrefixTrieTest {

   @Test
   void aWalkMeetsEveryPrefixOfTheValueAndNothingElse() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         Map<String, List<IndexEntry>> byPrefix = new LinkedHashMap<>();
         for (String prefix : List.of("", "B", "BS", "BSM", "BP", "行李", "C")) {
            String queue = "q" + byPrefix.size();
            broker.subscription("t", queue, "@tag beg " + (prefix.isEmpty() ? "''" : prefix));
            LocalQueueBinding binding = (LocalQueueBinding) broker.server().getPostOffice().getBinding(
                  SimpleString.of(queue));
            SubscriptionFilter filter = (SubscriptionFilter) binding.getQueue().getFilter();
            byPrefix.put(prefix, List.of(new IndexEntry(binding, filter.policy(), filter, false)));
         }
         PrefixTrie trie = PrefixTrie.of(byPrefix);
         assertThat(walk(trie, "BSM")).containsExactly("q0", "q1", "q2", "q3");
         assertThat(walk(trie, "BSMX")).containsExactly("q0", "q1", "q2", "q3");
         assertThat(walk(trie, "BPM")).containsExactly("q0", "q1", "q4");
         assertThat(walk(trie, "行李箱")).containsExactly("q0", "q5");
         assertThat(walk(trie, "X")).containsExactly("q0");
         assertThat(walk(trie, "")).containsExactly("q0");
      }
   }

   /** The queues met walking {@code value}'s characters from the root, as ValueIndex walks. */
   private static List<String> walk(PrefixTrie root, String value) {
      List<String> met = new ArrayList<>();
      PrefixTrie node = root;
      for (int i = 0; node != null; i++) {
         for (IndexEntry entry : node.entries()) {
            met.add(entry.binding().getUniqueName().toString());
         }
         node = i < value.length() ? node.child(value.charAt(i)) : null;
      }
      return met;
   }
}

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

import io.rulefilter.message.AttributeKey;
import io.rulefilter.message.ValueText;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.server.RoutingContext;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The rules anchored on one key (or on the tag): a hash map from whole value text to the rules that require it, and
 * a prefix trie for the rules that require a prefix. A message's value picks its candidates; only they are evaluated.
 */
final class ValueIndex {

   private final AttributeKey key;
   private final Map<SimpleString, IndexEntry[]> byValue;
   private final PrefixTrie byPrefix;

   /** {@code key} null: the tag. */
   ValueIndex(AttributeKey key, Map<SimpleString, List<IndexEntry>> byValue, Map<String, List<IndexEntry>> byPrefix) {
      this.key = key;
      this.byValue = new HashMap<>(byValue.size() * 2);
      byValue.forEach((value, entries) -> this.byValue.put(value, entries.toArray(IndexEntry[]::new)));
      this.byPrefix = byPrefix.isEmpty() ? null : PrefixTrie.of(byPrefix);
   }

   void route(Message message, RoutingContext context, ArtemisMessageView view) throws Exception {
      CharSequence text = key == null ? view.tag() : ValueText.of(view.attribute(key));
      if (text == null) {
         return; // a missing value (or one without text) fails every weq and beg
      }
      if (!byValue.isEmpty()) {
         IndexEntry[] candidates = byValue.get(text instanceof SimpleString simple ? simple : SimpleString.of(text.toString()));
         if (candidates != null) {
            IndexEntry.routeEachAccepted(candidates, message, context, view);
         }
      }
      if (byPrefix != null) {
         PrefixTrie node = byPrefix;
         for (int i = 0; node != null; i++) {
            IndexEntry.routeEachAccepted(node.entries(), message, context, view);
            node = i < text.length() ? node.child(text.charAt(i)) : null;
         }
      }
   }
}

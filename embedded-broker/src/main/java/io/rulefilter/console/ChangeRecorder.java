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
package io.rulefilter.console;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rulefilter.artemis.management.ChangeListener;
import io.rulefilter.artemis.store.StoredAddressRule;
import io.rulefilter.artemis.subscription.RuleSource;
import io.rulefilter.artemis.subscription.SubscriptionInfo;

import java.util.Objects;

/**
 * Writes the console's {@link ChangeHistory} from what the plugin says of each change in force on this node: made
 * through the console, the {@code rules} command, JMX or management messages, taken from another cluster node, or
 * followed from Artemis (a queue's filter replaced by its {@code updateQueue} or a broker.xml reload). The
 * one writer of the history, so that a change made on the page is recorded once, with the rule in force just before it
 * (read by the plugin under its change lock, not by the page beforehand).
 */
final class ChangeRecorder implements ChangeListener {

   static final String THIS_NODE = "this node";
   /** Where a change taken from a node that did not say which it is (of an earlier version) was made. */
   static final String OTHER_NODE = "another cluster node";
   /** What a queue's filter replaced by Artemis's updateQueue or a broker.xml reload did: its rules followed it. */
   static final String THROUGH_ARTEMIS = "filter replaced through Artemis";

   private final ChangeHistory history;
   private final String node;

   /** @param node this broker's name */
   ChangeRecorder(ChangeHistory history, String node) {
      this.history = history;
      this.node = node;
   }

   @Override
   public void subscriptionChanged(SubscriptionInfo before, SubscriptionInfo after, Origin origin, String from) {
      String what = origin == Origin.ARTEMIS ? THROUGH_ARTEMIS : what(before, after);
      history.add(entry(what, after.address() + "::" + after.queue(), before.rule(), after.rule(), after.changedBy(),
            after.changedAt(), origin(origin, from), from));
   }

   @Override
   public void addressRuleChanged(String before, StoredAddressRule after, Origin origin, String from) {
      history.add(entry(after.rule() == null ? "removed address rule" : "set address rule", after.address(), before,
            after.rule(), after.changedBy(), after.changedAt(), origin(origin, from), from));
   }

   /** What a change of a subscription did, told by its state before and after (a change from elsewhere may do both). */
   static String what(SubscriptionInfo before, SubscriptionInfo after) {
      boolean ruleChanged = before.source() != after.source() || !Objects.equals(before.rule(), after.rule());
      boolean switched = before.enabled() != after.enabled();
      String rule = after.source() == RuleSource.MANAGEMENT ? "set rule" : "went back to the creation rule";
      String toggle = after.enabled() ? "switched on" : "switched off";
      if (ruleChanged && switched) {
         return rule + " and " + toggle;
      }
      if (ruleChanged) {
         return rule;
      }
      return switched ? toggle : "set again, unchanged";
   }

   /**
    * Where a change was made, as the page shows it: this node, the node it was taken from by the name that node gave,
    * or another cluster node when it gave none (a node of an earlier version).
    */
   static String origin(Origin origin, String from) {
      if (origin != Origin.OTHER_NODE) {
         return THIS_NODE;
      }
      return from == null ? OTHER_NODE : "node " + from;
   }

   private ObjectNode entry(String what, String target, String before, String after, String changedBy, long changedAt,
                            String origin, String from) {
      ObjectNode entry = JsonNodeFactory.instance.objectNode();
      entry.put("what", what);
      entry.put("target", target);
      entry.put("before", before);
      entry.put("after", after);
      entry.put("changedBy", changedBy);
      entry.put("changedAt", changedAt);
      entry.put("node", node);
      entry.put("origin", origin);
      if (from != null) {
         entry.put("from", from);
      }
      return entry;
   }
}

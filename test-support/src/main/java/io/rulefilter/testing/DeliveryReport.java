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
package io.rulefilter.testing;

import io.rulefilter.RuleLanguage;
import io.rulefilter.eval.Explanation;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** The failure text when messages went elsewhere than a test expected: what went where, and why by the rule. */
final class DeliveryReport {

   private static final String NL = System.lineSeparator();

   private final String who;
   private final String ruleNow;
   private final Map<AirportMessage, String> rulesAtPublish;
   private final RuleLanguage language;

   /**
    * @param who            the subscriber, as the report names it
    * @param ruleNow        the rule in force for it now, or null when it has none (it receives everything)
    * @param rulesAtPublish the rule in force (null: none) when each message was published to the subscriber's
    *                       address since the last check; null when every message was published under {@code ruleNow}
    */
   DeliveryReport(String who, String ruleNow, Map<AirportMessage, String> rulesAtPublish, RuleLanguage language) {
      this.who = who;
      this.ruleNow = ruleNow;
      this.rulesAtPublish = rulesAtPublish;
      this.language = language;
   }

   /** The report for a subscriber that received {@code actual} where the test expected {@code expected}. */
   String of(List<AirportMessage> expected, List<AirportMessage> actual) {
      StringBuilder out = new StringBuilder();
      out.append(who).append(ruleNow == null ? " (no rule: it receives every message of its address)" : " (rule: " + ruleNow + ")")
            .append(NL).append("  received: ").append(actual).append(NL).append("  expected: ").append(expected).append(NL);
      Set<AirportMessage> involved = new LinkedHashSet<>(expected);
      involved.addAll(actual);
      boolean onlyOrder = true;
      for (AirportMessage message : involved) {
         int received = Collections.frequency(actual, message);
         int wanted = Collections.frequency(expected, message);
         if (received == wanted) {
            continue;
         }
         onlyOrder = false;
         if (received > 0 && wanted > 0) {
            out.append(message).append(": received ").append(received).append(" times, expected ").append(wanted)
                  .append(NL);
         } else {
            explain(out, message, received > 0);
         }
      }
      if (onlyOrder) {
         out.append("the same messages, in another order (Artemis keeps the order a subscription receives them in)")
               .append(NL);
      }
      return out.toString();
   }

   private void explain(StringBuilder out, AirportMessage message, boolean received) {
      out.append(message).append(received ? ": received, not expected" : ": expected, not received");
      boolean recorded = rulesAtPublish == null || rulesAtPublish.containsKey(message);
      if (!received && !recorded) {
         out.append("; it was not published to this subscriber's address since the last check").append(NL);
         return;
      }
      String rule = rulesAtPublish != null && recorded ? rulesAtPublish.get(message) : ruleNow;
      String when = Objects.equals(rule, ruleNow) ? "" : " in force when it was published";
      if (rule == null) {
         out.append(when.isEmpty() ? "" : "; published when no rule filtered the subscriber").append(NL);
         return;
      }
      Explanation why = language.explain(language.parse(rule), message.view());
      out.append("; the rule").append(when.isEmpty() ? "" : when + " (" + rule + ")").append(" says:").append(NL)
            .append(why.render().indent(2));
      if (why.verdict() != received) {
         out.append("  (the broker routed it against the rule's own verdict: a RuleFilter defect, please report it)")
               .append(NL);
      }
   }
}

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

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The failure text when messages went elsewhere than a test expected: what went where, and why by the rule. */
final class DeliveryReport {

   private static final String NL = System.lineSeparator();

   private DeliveryReport() {
   }

   /**
    * @param who      the subscriber, as the report names it
    * @param rule     the rule in force for it, or null when it has none (it receives everything)
    * @param expected what the test expected it to receive, in order
    * @param actual   what it received, in order
    */
   static String of(String who, String rule, List<AirportMessage> expected, List<AirportMessage> actual,
                    RuleLanguage language) {
      StringBuilder out = new StringBuilder();
      out.append(who).append(rule == null ? " (no rule: it receives every message of its address)" : " (rule: " + rule + ")")
            .append(NL).append("  received: ").append(actual).append(NL).append("  expected: ").append(expected).append(NL);
      Set<AirportMessage> involved = new LinkedHashSet<>(expected);
      involved.addAll(actual);
      boolean onlyOrder = true;
      for (AirportMessage message : involved) {
         boolean received = actual.contains(message);
         if (received == expected.contains(message)) {
            continue;
         }
         onlyOrder = false;
         out.append(message).append(received ? ": received, not expected" : ": expected, not received");
         if (rule == null) {
            out.append(NL);
            continue;
         }
         Explanation why = language.explain(language.parse(rule), message.view());
         out.append("; the rule says:").append(NL).append(why.render().indent(2));
         if (why.verdict() != received) {
            out.append("  (the broker routed it against the rule's own verdict: a RuleFilter defect, please report it)")
                  .append(NL);
         }
      }
      if (onlyOrder) {
         out.append("the same messages, in another order (Artemis keeps the order a subscription receives them in)")
               .append(NL);
      }
      return out.toString();
   }
}

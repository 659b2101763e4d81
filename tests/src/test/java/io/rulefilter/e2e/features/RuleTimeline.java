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

import java.util.ArrayList;
import java.util.List;

/** The rule a subscription had when each message was published: a rule from a first seq number on. */
final class RuleTimeline {

   private record Step(int fromSeq, String rule) {
   }

   private final List<Step> steps = new ArrayList<>();

   private RuleTimeline() {
   }

   /** {@code rule} (null: none) for every message. */
   static RuleTimeline of(String rule) {
      return new RuleTimeline().then(Integer.MIN_VALUE, rule);
   }

   /** From message {@code fromSeq} on, {@code rule} (null: none). */
   RuleTimeline then(int fromSeq, String rule) {
      steps.add(new Step(fromSeq, rule));
      return this;
   }

   boolean accepts(Traffic.Out message) {
      String rule = null;
      for (Step step : steps) {
         if (message.seq() >= step.fromSeq()) {
            rule = step.rule();
         }
      }
      return Traffic.accepts(rule, message);
   }

   @Override
   public String toString() {
      return steps.toString();
   }
}

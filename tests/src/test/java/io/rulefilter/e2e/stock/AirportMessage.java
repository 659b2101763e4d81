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

import java.util.Map;

/** A message a test publishes: its number (carried in the body, which every protocol keeps), tag and attributes. */
record AirportMessage(int seq, String tag, Map<String, String> attributes) {

   String body() {
      return "seq:" + seq;
   }

   static int seqOf(String body) {
      if (body == null || !body.startsWith("seq:")) {
         throw new IllegalArgumentException("not a test message body: " + body);
      }
      return Integer.parseInt(body.substring(4).trim());
   }

   /** Whether {@code rule} accepts this message, by RuleFilter's own evaluator: what every subscriber must get. */
   boolean acceptedBy(String rule) {
      RuleLanguage language = RuleLanguage.standard();
      return language.compile(language.parse(rule)).matches(RuleLanguage.message(tag, attributes));
   }
}

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
import io.rulefilter.internal.message.MapMessage;

import java.util.Map;

/**
 * A message a test publishes: its number (carried in the body, which every protocol keeps), tag and attributes, and
 * optionally Type B text, which follows the number's line in the body (a heading line to a Type B reader).
 */
record AirportMessage(int seq, String tag, Map<String, String> attributes, String typeB) {

   AirportMessage(int seq, String tag, Map<String, String> attributes) {
      this(seq, tag, attributes, null);
   }

   String body() {
      return "seq:" + seq + (typeB == null ? "" : "\n" + typeB);
   }

   static int seqOf(String body) {
      if (body == null || !body.startsWith("seq:")) {
         throw new IllegalArgumentException("not a test message body: " + body);
      }
      int line = body.indexOf('\n');
      return Integer.parseInt(body.substring(4, line < 0 ? body.length() : line).trim());
   }

   /** Whether {@code rule} accepts this message, by RuleFilter's own evaluator: what every subscriber must get. */
   boolean acceptedBy(String rule) {
      RuleLanguage language = RuleLanguage.standard();
      return language.compile(language.parse(rule)).matches(new MapMessage(tag, attributes, body()));
   }
}

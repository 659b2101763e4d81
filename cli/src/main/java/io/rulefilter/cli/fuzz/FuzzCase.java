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
package io.rulefilter.cli.fuzz;

import java.util.List;

/** One fuzzing input: a rule text (valid or not) and the messages to evaluate it on. */
record FuzzCase(String rule, List<FuzzMessage> messages) {

   /** Long generated values are shown by their length, not their text. */
   static String shorten(String text) {
      return text.length() <= 80 ? text : text.substring(0, 40) + "…(" + text.length() + " characters)";
   }

   @Override
   public String toString() {
      StringBuilder out = new StringBuilder("rule: ").append(shorten(rule));
      for (FuzzMessage message : messages) {
         out.append(System.lineSeparator()).append("  message: ").append(message);
      }
      return out.toString();
   }
}

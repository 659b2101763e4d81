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

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Makes a failing case as small as it can while it still fails the same way: fewer messages, fewer attributes,
 * shorter values, and a rule text with pieces cut out (halves, quarters, … single characters).
 */
final class Shrinker {

   private final Function<FuzzCase, Optional<Finding>> check;

   Shrinker(Function<FuzzCase, Optional<Finding>> check) {
      this.check = check;
   }

   FuzzCase shrink(FuzzCase failing, String kind) {
      FuzzCase best = failing;
      boolean progress = true;
      while (progress) {
         progress = false;
         for (FuzzCase candidate : smaller(best)) {
            if (check.apply(candidate).filter(f -> f.kind().equals(kind)).isPresent()) {
               best = candidate;
               progress = true;
               break;
            }
         }
      }
      return best;
   }

   private static List<FuzzCase> smaller(FuzzCase c) {
      List<FuzzCase> out = new ArrayList<>();
      for (int i = 0; i < c.messages().size() && c.messages().size() > 1; i++) {
         List<FuzzMessage> fewer = new ArrayList<>(c.messages());
         fewer.remove(i);
         out.add(new FuzzCase(c.rule(), fewer));
      }
      for (int i = 0; i < c.messages().size(); i++) {
         for (FuzzMessage smaller : smaller(c.messages().get(i))) {
            List<FuzzMessage> messages = new ArrayList<>(c.messages());
            messages.set(i, smaller);
            out.add(new FuzzCase(c.rule(), messages));
         }
      }
      String rule = c.rule();
      for (int chunk = Math.max(1, rule.length() / 2); chunk >= 1; chunk /= 2) {
         for (int at = 0; at + chunk <= rule.length(); at += chunk) {
            out.add(new FuzzCase(rule.substring(0, at) + rule.substring(at + chunk), c.messages()));
         }
         if (chunk == 1) {
            break;
         }
      }
      return out;
   }

   private static List<FuzzMessage> smaller(FuzzMessage m) {
      List<FuzzMessage> out = new ArrayList<>();
      if (m.tag() != null) {
         out.add(new FuzzMessage(null, m.attributes()));
         if (m.tag().length() > 1) {
            out.add(new FuzzMessage(m.tag().substring(0, m.tag().length() / 2), m.attributes()));
         }
      }
      for (String key : m.attributes().keySet()) {
         Map<String, Object> fewer = new LinkedHashMap<>(m.attributes());
         fewer.remove(key);
         out.add(new FuzzMessage(m.tag(), fewer));
         if (m.attributes().get(key) instanceof String s && s.length() > 1) {
            Map<String, Object> shorter = new LinkedHashMap<>(m.attributes());
            shorter.put(key, s.substring(0, s.length() / 2));
            out.add(new FuzzMessage(m.tag(), shorter));
         }
      }
      return out;
   }
}

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
package io.rulefilter.eval;

import io.rulefilter.rule.And;
import io.rulefilter.rule.Not;
import io.rulefilter.rule.Or;
import io.rulefilter.rule.Rule;

import java.util.List;

/**
 * Why a rule does or does not hold for a message: every node of the rule with its own verdict. Get one from
 * {@link io.rulefilter.RuleLanguage#explain}.
 *
 * @param rule     the node
 * @param verdict  whether the node holds for the message
 * @param operands explanations of the node's operands (empty for a condition)
 */
public record Explanation(Rule rule, boolean verdict, List<Explanation> operands) {

   /** An indented tree, one node per line: {@code [true ] @tag beg BS}. */
   public String render() {
      StringBuilder out = new StringBuilder();
      render(this, 0, out);
      return out.toString();
   }

   private static void render(Explanation e, int indent, StringBuilder out) {
      out.append("  ".repeat(indent)).append(e.verdict ? "[match]    " : "[no match] ");
      String node = e.rule instanceof And ? "and" : e.rule instanceof Or ? "or" : e.rule instanceof Not ? "not"
            : e.rule.canonical();
      out.append(node).append(System.lineSeparator());
      for (Explanation child : e.operands) {
         render(child, indent + 1, out);
      }
   }
}

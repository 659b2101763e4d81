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
package io.rulefilter.rule;

import java.util.List;

import io.rulefilter.internal.parse.RulePrinter;

/**
 * A parsed rule: an immutable tree of {@link And}, {@link Or}, {@link Not} and {@link Condition} nodes.
 * Two rules are equal when their trees are equal; {@link RulePrinter} gives the canonical text of a tree.
 */
public sealed interface Rule permits And, Or, Not, Condition {

   /** The canonical text of this rule; parsing it gives back an equal rule. */
   default String canonical() {
      return RulePrinter.print(this);
   }

   /** Whether a condition of this rule tests the body's Type B content (a {@code @typeb} subject). */
   default boolean testsTypeB() {
      if (this instanceof Condition condition) {
         return condition.subject() instanceof Subject.TypeB;
      }
      if (this instanceof Not not) {
         return not.operand().testsTypeB();
      }
      List<Rule> operands = this instanceof And and ? and.operands() : ((Or) this).operands();
      return operands.stream().anyMatch(Rule::testsTypeB);
   }
}

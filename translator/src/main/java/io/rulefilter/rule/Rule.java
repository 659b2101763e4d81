package io.rulefilter.rule;

import io.rulefilter.parse.RulePrinter;

/**
 * A parsed rule: an immutable tree of {@link And}, {@link Or}, {@link Not} and {@link Condition} nodes.
 * Two rules are equal when their trees are equal; {@link RulePrinter} gives the canonical text of a tree.
 */
public sealed interface Rule permits And, Or, Not, Condition {

   /** The canonical text of this rule; parsing it gives back an equal rule. */
   default String canonical() {
      return RulePrinter.print(this);
   }
}

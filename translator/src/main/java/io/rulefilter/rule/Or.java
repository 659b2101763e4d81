package io.rulefilter.rule;

import java.util.List;

/** Holds when at least one operand holds. Nested {@code Or}s are flattened. */
public record Or(List<Rule> operands) implements Rule {

   public Or {
      operands = Junction.flatten(operands, Or.class, Or::operands);
   }

   public static Or of(Rule... operands) {
      return new Or(List.of(operands));
   }
}

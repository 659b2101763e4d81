package io.rulefilter.rule;

import java.util.Objects;

/** Holds when its operand does not. */
public record Not(Rule operand) implements Rule {

   public Not {
      Objects.requireNonNull(operand, "operand");
   }
}

package io.rulefilter.rule;

import java.util.List;

/** Holds when every operand holds. Nested {@code And}s are flattened, so equal meaning gives equal trees. */
public record And(List<Rule> operands) implements Rule {

   public And {
      operands = Junction.flatten(operands, And.class, And::operands);
   }

   public static And of(Rule... operands) {
      return new And(List.of(operands));
   }
}

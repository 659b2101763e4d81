package io.rulefilter.rule;

import java.util.Objects;

/** One {@code subject op [value]} test. The operand's kind must fit the operator and the subject. */
public record Condition(Subject subject, Operator operator, Operand operand) implements Rule {

   public Condition {
      Objects.requireNonNull(subject, "subject");
      Objects.requireNonNull(operator, "operator");
      Objects.requireNonNull(operand, "operand");
      if (!expectedOperand(subject, operator).isInstance(operand)) {
         throw new IllegalArgumentException("'" + operator.keyword() + "' on " + subject + " cannot take " + operand);
      }
   }

   /** The operand class a condition with this subject and operator takes. */
   public static Class<? extends Operand> expectedOperand(Subject subject, Operator operator) {
      return switch (operator.kind()) {
         case TEXT -> Operand.Text.class;
         case PATTERN -> Operand.Pattern.class;
         case NUMBER -> {
            if (subject instanceof Subject.Keys) {
               throw new IllegalArgumentException("'" + operator.keyword() + "' compares numbers and cannot apply to @attr");
            }
            yield Operand.Number.class;
         }
         case EXISTENCE -> subject instanceof Subject.Keys ? Operand.Text.class : Operand.None.class;
      };
   }
}

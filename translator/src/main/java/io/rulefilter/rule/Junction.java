package io.rulefilter.rule;

import java.util.ArrayList;
import java.util.List;

/** Shared construction rule of {@link And} and {@link Or}: at least two operands, nested same-kind nodes flattened. */
final class Junction {

   private Junction() {
   }

   static <T extends Rule> List<Rule> flatten(List<Rule> operands, Class<T> kind, java.util.function.Function<T, List<Rule>> children) {
      List<Rule> flat = new ArrayList<>(operands.size());
      for (Rule operand : operands) {
         if (kind.isInstance(operand)) {
            flat.addAll(children.apply(kind.cast(operand)));
         } else {
            flat.add(java.util.Objects.requireNonNull(operand, "operand"));
         }
      }
      if (flat.size() < 2) {
         throw new IllegalArgumentException(kind.getSimpleName() + " needs at least two operands");
      }
      return List.copyOf(flat);
   }
}

package io.rulefilter.eval;

import io.rulefilter.message.MessageView;

/** {@code and}: stops at the first operand that fails. */
final class AllOf implements Matcher {

   private final Matcher[] operands;

   AllOf(Matcher[] operands) {
      this.operands = operands;
   }

   @Override
   public boolean matches(MessageView message) {
      for (Matcher operand : operands) {
         if (!operand.matches(message)) {
            return false;
         }
      }
      return true;
   }
}

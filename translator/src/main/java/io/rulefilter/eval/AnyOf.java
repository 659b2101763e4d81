package io.rulefilter.eval;

import io.rulefilter.message.MessageView;

/** {@code or}: stops at the first operand that holds. */
final class AnyOf implements Matcher {

   private final Matcher[] operands;

   AnyOf(Matcher[] operands) {
      this.operands = operands;
   }

   @Override
   public boolean matches(MessageView message) {
      for (Matcher operand : operands) {
         if (operand.matches(message)) {
            return true;
         }
      }
      return false;
   }
}

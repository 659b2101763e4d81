package io.rulefilter.eval;

import io.rulefilter.message.MessageView;

/** {@code not}, and every negated operator: the exact complement of its operand. */
final class NoneOf implements Matcher {

   private final Matcher operand;

   NoneOf(Matcher operand) {
      this.operand = operand;
   }

   @Override
   public boolean matches(MessageView message) {
      return !operand.matches(message);
   }
}

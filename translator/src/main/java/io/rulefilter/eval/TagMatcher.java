package io.rulefilter.eval;

import io.rulefilter.message.MessageView;

/** A positive operator applied to the tag; a missing tag never matches. */
final class TagMatcher implements Matcher {

   private final ValueTest test;

   TagMatcher(ValueTest test) {
      this.test = test;
   }

   @Override
   public boolean matches(MessageView message) {
      CharSequence tag = message.tag();
      return tag != null && test.test(tag);
   }
}

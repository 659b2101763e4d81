package io.rulefilter.eval;

import io.rulefilter.message.AttributeKey;
import io.rulefilter.message.MessageView;

/** A positive operator applied to one attribute's value; a missing attribute never matches. */
final class AttributeMatcher implements Matcher {

   private final AttributeKey key;
   private final ValueTest test;

   AttributeMatcher(AttributeKey key, ValueTest test) {
      this.key = key;
      this.test = test;
   }

   @Override
   public boolean matches(MessageView message) {
      Object value = message.attribute(key);
      return value != null && test.test(value);
   }
}

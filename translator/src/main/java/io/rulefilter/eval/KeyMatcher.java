package io.rulefilter.eval;

import io.rulefilter.message.MessageModel;
import io.rulefilter.message.MessageView;

/** {@code @attr} with a positive operator: some attribute key, reserved keys skipped, passes the text test. */
final class KeyMatcher implements Matcher {

   private final MessageView.KeyTest keyTest;

   KeyMatcher(TextTest test, MessageModel model) {
      this.keyTest = key -> !model.isReserved(key) && test.test(key);
   }

   @Override
   public boolean matches(MessageView message) {
      return message.anyKey(keyTest);
   }
}

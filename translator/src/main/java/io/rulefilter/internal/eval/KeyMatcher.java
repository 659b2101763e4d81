/*
 * Copyright 2026 the RuleFilter authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.rulefilter.internal.eval;

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

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

import io.rulefilter.message.MessageView;
import io.rulefilter.rule.Subject;
import io.rulefilter.typeb.TypeBMessage;

/**
 * A positive operator applied to Type B content: the SMI, or each occurrence of an element (or of one of its fields)
 * until one passes. A body that is not Type B, an element that does not occur and a field past an occurrence's last
 * are missing; {@code test == null} asks only whether the subject is present.
 */
final class TypeBMatcher implements Matcher {

   private final char element;
   private final int field;
   private final ValueTest test;

   TypeBMatcher(Subject.TypeB subject, ValueTest test) {
      this.element = subject.element();
      this.field = subject.field();
      this.test = test;
   }

   @Override
   public boolean matches(MessageView message) {
      TypeBMessage content = message.typeB();
      if (content == null) {
         return false;
      }
      if (element == Subject.TypeB.IDENTIFIER) {
         return test == null || test.test(content.identifier());
      }
      int occurrences = content.occurrences(element);
      for (int i = 0; i < occurrences; i++) {
         String value = field == Subject.TypeB.WHOLE ? content.value(element, i) : content.field(element, i, field);
         if (value != null && (test == null || test.test(value))) {
            return true;
         }
      }
      return false;
   }
}

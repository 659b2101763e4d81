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
package io.rulefilter.artemis.subscription;

import java.util.Locale;

/**
 * Where the rule in force on a subscription comes from. Management's JSON, the console and the docs show it by its
 * {@link #text()}, so that form must not change when the constants do.
 */
public enum RuleSource {
   /** A rule set through management, overriding the queue's own. */
   MANAGEMENT,
   /** The rule the queue was created with, in its selector form. */
   SELECTOR,
   /** A plain SQL filter, which RuleFilter leaves to Artemis. */
   SQL,
   /** No filter at all. */
   NONE;

   private final String text = name().toLowerCase(Locale.ROOT);

   /** The source as management reports it: management, selector, sql or none. */
   public String text() {
      return text;
   }

   /** The reported form too, so that a subscription printed whole reads as before this was a type. */
   @Override
   public String toString() {
      return text;
   }
}

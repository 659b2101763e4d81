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
package io.rulefilter.eval;

import io.rulefilter.message.MessageView;
import io.rulefilter.rule.Rule;

/**
 * A rule ready to evaluate: thread-safe and lock-free. An evaluation costs time linear in the rule's and the
 * message's sizes and allocates nothing for string, decimal-string, integer and boolean values; a floating-point value
 * under a string operator ({@code beg}, {@code end}, {@code weq}) allocates its printed text. Get one from
 * {@link io.rulefilter.RuleLanguage#compile}; RuleFilter implements this interface, users are not meant to.
 */
public interface CompiledRule {

   /** The rule compiled. */
   Rule rule();

   /** Whether the rule holds for {@code message}. */
   boolean matches(MessageView message);
}

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
package io.rulefilter.artemis;

import io.rulefilter.RuleLanguage;
import io.rulefilter.artemis.protocol.SelectorRewriter;
import io.rulefilter.parse.RuleSyntaxException;
import io.rulefilter.selector.RuleSelector;
import org.apache.activemq.artemis.api.core.ActiveMQInvalidFilterExpressionException;
import org.apache.activemq.artemis.api.core.SimpleString;

import java.util.Locale;
import java.util.Optional;

/**
 * Refuses a queue or consumer whose filter carries a rule using {@code @typeb} on an address where Type B is off: such
 * a rule would wait for content that is never read there. The protocol interceptors rewrite a client's raw rule before
 * the address is known, so the check comes when Artemis creates the queue or consumer, with the address at hand.
 */
final class TypeBGate {

   private final RuleLanguage language;
   private final TypeBAddresses addresses;

   TypeBGate(RuleLanguage language, TypeBAddresses addresses) {
      this.language = language;
      this.addresses = addresses;
   }

   /** Throws Artemis's invalid-filter error, with the rule error naming the address and the setting, if refused. */
   void check(SimpleString address, SimpleString filter) throws ActiveMQInvalidFilterExpressionException {
      if (filter == null || !SelectorRewriter.carriesRule(filter) || addresses.on(address)) {
         return;
      }
      Optional<String> text;
      try {
         text = RuleSelector.ruleText(filter.toString());
      } catch (IllegalArgumentException e) {
         return; // a damaged rule comment: rewriting refused it already
      }
      if (text.isEmpty() || !text.get().toLowerCase(Locale.ROOT).contains("@typeb")) {
         return; // parse again only a rule that may use @typeb
      }
      try {
         addresses.at(language, String.valueOf(address)).parseStored(text.get());
      } catch (RuleSyntaxException e) {
         throw new ActiveMQInvalidFilterExpressionException(e.getMessage());
      }
   }
}

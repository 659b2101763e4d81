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
package io.rulefilter.artemis.protocol;

import io.rulefilter.RuleLanguage;
import io.rulefilter.artemis.log.ProtocolLogger;
import io.rulefilter.parse.RuleSyntaxException;
import io.rulefilter.rule.Rule;
import io.rulefilter.selector.RuleSelector;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.selector.filter.FilterException;
import org.apache.activemq.artemis.selector.impl.SelectorParser;

import java.util.Optional;

/**
 * Turns a raw rule used as a selector ({@code "@tag beg BS"}) into the selector form before Artemis parses it, so
 * Artemis only ever sees valid SQL. Plain SQL passes unchanged. A queue created from a raw rule keeps the text the
 * client sent inside its filter ({@link RuleSelector#of(Rule, String, String)}), so the client can be shown its own
 * selector again, and nothing of it is kept anywhere else. A selector whose rule is invalid (raw, or inside the
 * selector form) is refused: it is replaced by text that Artemis cannot parse and that says what is wrong, so the
 * client gets an InvalidSelectorException with the rule error in its message.
 */
public final class SelectorRewriter {

   static final String REFUSED = " #rulefilter-refused";

   private final RuleLanguage language;

   public SelectorRewriter(RuleLanguage language) {
      this.language = language;
   }

   /**
    * A filter as rewritten, with the rule it carries when that rule was parsed from the rewritten filter's own text
    * (a filter in the selector form), else null.
    */
   public record Checked(SimpleString filter, Rule rule) {
   }

   /** The filter of a queue a client creates; a raw rule becomes the selector form that remembers the client's text. */
   public SimpleString queueFilter(SimpleString filter) {
      return rewrite(filter, true).filter();
   }

   /** A filter from configuration or a consumer's own selector: a raw rule becomes the selector form. */
   public SimpleString filter(SimpleString filter) {
      return rewrite(filter, false).filter();
   }

   /** As {@link #filter}, with the rule the result carries in the selector form, so that it need not be parsed again. */
   public Checked checkedFilter(SimpleString filter) {
      return rewrite(filter, false);
   }

   /** True when {@code filter} is in the selector form (its rule is not checked); parses nothing. */
   public static boolean carriesRule(SimpleString filter) {
      try {
         return filter != null && RuleSelector.isRuleSelector(filter.toString());
      } catch (IllegalArgumentException e) {
         return false; // a damaged rule comment: rewriting refuses it
      }
   }

   /** The rule a (rewritten) filter carries, or empty. */
   public Optional<Rule> ruleOf(SimpleString filter) {
      try {
         return filter == null ? Optional.empty() : RuleSelector.ruleText(filter.toString()).map(language::parseStored);
      } catch (IllegalArgumentException e) {
         // a comment that carries no valid rule: the filter is plain SQL to RuleFilter (rewriting refused it already)
         return Optional.empty();
      }
   }

   private Checked rewrite(SimpleString filter, boolean keepSentText) {
      if (filter == null || filter.isEmpty()) {
         return new Checked(filter, null);
      }
      String text = filter.toString();
      if (text.endsWith(REFUSED)) {
         return new Checked(filter, null); // refused already, e.g. by the protocol interceptor before queue creation
      }
      Optional<String> carried;
      try {
         carried = RuleSelector.ruleText(text);
      } catch (IllegalArgumentException e) {
         return new Checked(refuse(text, e.getMessage()), null);
      }
      if (carried.isPresent()) {
         try {
            return new Checked(filter, language.parseStored(carried.get())); // a selector form made before version 2 too
         } catch (RuleSyntaxException e) {
            return new Checked(refuse(text, "the rule in this selector is not valid: " + e.getMessage()), null);
         }
      }
      if (isSql(text)) {
         return new Checked(filter, null);
      }
      try {
         Rule rule = parseSent(text);
         String sql = language.translate(rule).filter();
         String selector = keepSentText ? RuleSelector.of(rule, sql, text) : RuleSelector.of(rule, sql);
         return new Checked(SimpleString.of(selector), null);
      } catch (RuleSyntaxException e) {
         return new Checked(refuse(text, "not a valid rule either: " + e.getMessage()), null);
      }
   }

   /**
    * A raw rule a client sent. A subscriber may send again, after the upgrade, the text it sent before: a text that only
    * version 1 of the language reads (a bare value starting with '(') keeps that meaning, with a warning to quote it.
    */
   private Rule parseSent(String text) {
      try {
         return language.parse(text);
      } catch (RuleSyntaxException v2) {
         Rule rule;
         try {
            rule = language.parseStored(text);
         } catch (RuleSyntaxException neither) {
            throw v2;
         }
         ProtocolLogger.selectorKeepsVersion1Meaning(text, rule.canonical(), v2.getMessage());
         return rule;
      }
   }

   /** Text that Artemis rejects, quoting the reason; falls back to the reason alone if the text would parse. */
   static SimpleString refuse(String text, String reason) {
      String safeReason = reason.replace("*/", "* /");
      String refused = text + " /* " + safeReason + " */" + REFUSED;
      return SimpleString.of(isSql(refused) ? "/* " + safeReason + " */" + REFUSED : refused);
   }

   private static boolean isSql(String text) {
      try {
         SelectorParser.parse(text);
         return true;
      } catch (FilterException e) {
         return false;
      }
   }
}

package io.rulefilter.eval;

import io.rulefilter.message.MessageView;
import io.rulefilter.rule.Rule;

/**
 * A rule ready to evaluate: thread-safe and lock-free. An evaluation costs time linear in the rule's and the
 * message's sizes and allocates nothing for string, decimal-string, integer and boolean values; a floating-point value
 * under a string operator ({@code beg}, {@code end}, {@code weq}) allocates its printed text.
 */
public final class CompiledRule {

   private final Rule rule;
   private final Matcher matcher;

   CompiledRule(Rule rule, Matcher matcher) {
      this.rule = rule;
      this.matcher = matcher;
   }

   public Rule rule() {
      return rule;
   }

   public boolean matches(MessageView message) {
      return matcher.matches(message);
   }

   @Override
   public String toString() {
      return rule.canonical();
   }
}

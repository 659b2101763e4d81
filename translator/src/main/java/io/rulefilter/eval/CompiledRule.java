package io.rulefilter.eval;

import io.rulefilter.message.MessageView;
import io.rulefilter.rule.Rule;

/** A rule ready to evaluate: thread-safe, lock-free, and allocation-free for string and integer values. */
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

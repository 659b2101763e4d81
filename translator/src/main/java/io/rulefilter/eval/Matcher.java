package io.rulefilter.eval;

import io.rulefilter.message.MessageView;

/** One node of a compiled rule. */
interface Matcher {

   boolean matches(MessageView message);

   Matcher ALWAYS = message -> true;
   Matcher NEVER = message -> false;
}

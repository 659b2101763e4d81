package io.rulefilter.artemis.routing;

import io.rulefilter.message.MessageModel;
import io.rulefilter.rule.And;
import io.rulefilter.rule.Condition;
import io.rulefilter.rule.Operand;
import io.rulefilter.rule.Operator;
import io.rulefilter.rule.Rule;
import io.rulefilter.rule.Subject;
import org.apache.activemq.artemis.api.core.SimpleString;

import java.util.List;
import java.util.Optional;

/**
 * A necessary condition of a rule that a hash lookup can test: the rule is a conjunction (or a single condition)
 * with a wildcard-free {@code weq} on the tag or on one attribute. A message whose value text differs from the
 * anchor's cannot match, so the index only evaluates the rules anchored at the message's value.
 *
 * @param key   the attribute key, or null for the tag
 * @param value the value text that the condition requires, as Artemis holds strings
 */
record Anchor(String key, SimpleString value) {

   static Optional<Anchor> of(Rule rule, MessageModel model) {
      List<Rule> conjuncts = rule instanceof And and ? and.operands() : List.of(rule);
      for (Rule conjunct : conjuncts) {
         if (conjunct instanceof Condition c && c.operator() == Operator.WEQ
               && c.operand() instanceof Operand.Pattern p && p.pattern().isLiteral()) {
            if (c.subject() instanceof Subject.Tag) {
               return Optional.of(new Anchor(null, SimpleString.of(p.pattern().literalText())));
            }
            if (c.subject() instanceof Subject.Attribute a && !model.isReserved(a.key())) {
               return Optional.of(new Anchor(a.key(), SimpleString.of(p.pattern().literalText())));
            }
         }
      }
      return Optional.empty();
   }
}

package io.rulefilter.artemis.protocol;

import io.rulefilter.parse.RuleParser;
import io.rulefilter.parse.RuleSyntaxException;
import io.rulefilter.rule.Rule;
import io.rulefilter.selector.RuleSelector;
import io.rulefilter.sql.SqlTranslator;
import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.filter.impl.FilterImpl;

/**
 * Turns a raw rule used as a selector ({@code "@tag beg BS"}) into the selector form before Artemis parses it, so
 * Artemis only ever sees valid SQL. Plain SQL (anything Artemis already accepts) passes unchanged. Text that is
 * neither gets the rule error appended as a comment: Artemis still rejects it (the client sees an
 * InvalidSelectorException), and the message says what is wrong with it as a rule.
 */
public final class SelectorRewriter {

   private final RuleParser parser;
   private final SqlTranslator translator;

   public SelectorRewriter(RuleParser parser, SqlTranslator translator) {
      this.parser = parser;
      this.translator = translator;
   }

   /** The filter to use instead of {@code filter}; the same instance when there is nothing to rewrite. */
   public SimpleString rewrite(SimpleString filter) {
      if (filter == null || filter.isEmpty()) {
         return filter;
      }
      String text = filter.toString();
      if (isSql(text)) {
         return filter;
      }
      try {
         Rule rule = parser.parseRule(text);
         return SimpleString.of(RuleSelector.of(rule, translator.translate(rule).filter()));
      } catch (RuleSyntaxException e) {
         return SimpleString.of(text + " /* not a valid rule either: " + e.getMessage().replace("*/", "* /") + " */");
      }
   }

   /** True when {@code filter} is a raw rule that {@link #rewrite} turns into the selector form. */
   public boolean isRawRule(SimpleString filter) {
      return filter != null && !filter.isEmpty() && !isSql(filter.toString()) && parsesAsRule(filter.toString());
   }

   private boolean parsesAsRule(String text) {
      try {
         parser.parseRule(text);
         return true;
      } catch (RuleSyntaxException e) {
         return false;
      }
   }

   private static boolean isSql(String text) {
      try {
         FilterImpl.createFilter(text);
         return true;
      } catch (ActiveMQException e) {
         return false;
      }
   }
}

package io.rulefilter.artemis.protocol;

import io.rulefilter.parse.RuleParser;
import io.rulefilter.parse.RuleSyntaxException;
import io.rulefilter.rule.Rule;
import io.rulefilter.selector.RuleSelector;
import io.rulefilter.sql.SqlTranslator;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.selector.filter.FilterException;
import org.apache.activemq.artemis.selector.impl.SelectorParser;

import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * Turns a raw rule used as a selector ({@code "@tag beg BS"}) into the selector form before Artemis parses it, so
 * Artemis only ever sees valid SQL. Plain SQL passes unchanged. A selector whose rule is invalid (raw, or inside the
 * selector form) is refused: it is replaced by text that Artemis cannot parse and that says what is wrong, so the
 * client gets an InvalidSelectorException with the rule error in its message.
 */
public final class SelectorRewriter {

   static final String REFUSED = " #rulefilter-refused";

   private final RuleParser parser;
   private final SqlTranslator translator;

   public SelectorRewriter(RuleParser parser, SqlTranslator translator) {
      this.parser = parser;
      this.translator = translator;
   }

   /** The filter to use instead of {@code filter}; the same instance when there is nothing to rewrite. */
   public SimpleString rewrite(SimpleString filter) {
      return rewrite(filter, () -> { });
   }

   /**
    * Like {@link #rewrite(SimpleString)} for the filter of queue {@code queue}; when the filter is a raw rule,
    * {@code onRawRule} is told the queue and the raw text, so a reconnecting client can be shown its own selector.
    */
   public SimpleString rewriteQueueFilter(SimpleString queue, SimpleString filter, BiConsumer<String, String> onRawRule) {
      return rewrite(filter, () -> {
         if (queue != null) {
            onRawRule.accept(queue.toString(), filter.toString());
         }
      });
   }

   private SimpleString rewrite(SimpleString filter, Runnable onRawRule) {
      if (filter == null || filter.isEmpty()) {
         return filter;
      }
      String text = filter.toString();
      if (text.endsWith(REFUSED)) {
         return filter; // refused already, e.g. by the protocol interceptor before queue creation
      }
      Optional<String> carried;
      try {
         carried = RuleSelector.ruleText(text);
      } catch (IllegalArgumentException e) {
         return refuse(text, e.getMessage());
      }
      if (carried.isPresent()) {
         try {
            parser.parseRule(carried.get());
            return filter;
         } catch (RuleSyntaxException e) {
            return refuse(text, "the rule in this selector is not valid: " + e.getMessage());
         }
      }
      if (isSql(text)) {
         return filter;
      }
      try {
         Rule rule = parser.parseRule(text);
         onRawRule.run();
         return SimpleString.of(RuleSelector.of(rule, translator.translate(rule).filter()));
      } catch (RuleSyntaxException e) {
         return refuse(text, "not a valid rule either: " + e.getMessage());
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

package io.rulefilter.parse;

import io.rulefilter.rule.And;
import io.rulefilter.rule.Condition;
import io.rulefilter.rule.Lexical;
import io.rulefilter.rule.Not;
import io.rulefilter.rule.Operand;
import io.rulefilter.rule.Operator;
import io.rulefilter.rule.Or;
import io.rulefilter.rule.Rule;
import io.rulefilter.rule.Subject;
import io.rulefilter.rule.WildcardPattern;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;

/**
 * Parses rule text into a {@link Rule}. Thread-safe: each call works on its own state.
 * <pre>
 * rule      := or-expr
 * or-expr   := and-expr (("or" | "||") and-expr)*
 * and-expr  := unary (("and" | "&amp;&amp;") unary)*
 * unary     := ("not" | "!") unary | "(" or-expr ")" | condition
 * condition := subject op [value]
 * </pre>
 */
public final class RuleParser {

   private static final RuleParser DEFAULT = new RuleParser(RuleLimits.DEFAULT);

   private final RuleLimits limits;

   public RuleParser(RuleLimits limits) {
      this.limits = limits;
   }

   /** Parses with the default limits. */
   public static Rule parse(String text) {
      return DEFAULT.parseRule(text);
   }

   public RuleLimits limits() {
      return limits;
   }

   public Rule parseRule(String text) {
      if (text == null) {
         throw new IllegalArgumentException("rule must not be null");
      }
      return new Run(text, limits).rule();
   }

   /** The state of one parse. */
   private static final class Run {

      private final String text;
      private final RuleLimits limits;
      private int pos;
      private int depth;
      private int conditions;

      Run(String text, RuleLimits limits) {
         this.text = text;
         this.limits = limits;
      }

      Rule rule() {
         if (text.length() > limits.maxLength()) {
            throw error(limits.maxLength(), "at most " + limits.maxLength() + " characters", "more",
                  "the rule is longer than the limit of " + limits.maxLength() + " characters");
         }
         skipSpace();
         if (atEnd()) {
            throw error(pos, "a condition", "end of rule", "the rule is empty: expected a condition");
         }
         Rule rule = orExpr();
         skipSpace();
         if (!atEnd()) {
            if (peek() == ')') {
               throw error(pos, "end of rule", "')'", "unbalanced parentheses: ')' closes nothing");
            }
            throw unexpected("'and', 'or' or end of rule");
         }
         return rule;
      }

      private Rule orExpr() {
         List<Rule> operands = new ArrayList<>();
         operands.add(andExpr());
         while (connective("or", "||")) {
            operands.add(andExpr());
         }
         return operands.size() == 1 ? operands.get(0) : new Or(operands);
      }

      private Rule andExpr() {
         List<Rule> operands = new ArrayList<>();
         operands.add(unary());
         while (connective("and", "&&")) {
            operands.add(unary());
         }
         return operands.size() == 1 ? operands.get(0) : new And(operands);
      }

      private Rule unary() {
         skipSpace();
         if (atEnd()) {
            throw unexpected("a condition");
         }
         int start = pos;
         if (peek() == '(') {
            pos++;
            enter(start);
            Rule inner = orExpr();
            skipSpace();
            if (atEnd() || peek() != ')') {
               throw error(pos, "')'", found(),
                     "expected ')' to close the '(' at " + column(start) + ", found " + found());
            }
            pos++;
            depth--;
            return inner;
         }
         if (peek() == '!' || keyword("not")) {
            pos += peek() == '!' ? 1 : 3;
            enter(start);
            Rule inner = unary();
            depth--;
            return new Not(inner);
         }
         return condition();
      }

      private void enter(int start) {
         if (++depth > limits.maxDepth()) {
            throw error(start, "at most " + limits.maxDepth() + " levels of nesting", "more",
                  "the rule nests deeper than the limit of " + limits.maxDepth() + " levels");
         }
      }

      private Condition condition() {
         int start = pos;
         if (++conditions > limits.maxConditions()) {
            throw error(start, "at most " + limits.maxConditions() + " conditions", "more",
                  "the rule has more than the limit of " + limits.maxConditions() + " conditions");
         }
         if (peek() == ')') {
            throw unexpected("a condition");
         }
         if (connectiveAhead()) {
            throw unexpected("a condition");
         }
         Subject subject = subject();
         String subjectText = text.substring(start, pos);

         skipSpace();
         int opStart = pos;
         if (atEnd() || peek() == ')') {
            throw unexpected("an operator (" + Operator.KEYWORDS + ") after '" + subjectText + "'");
         }
         String opWord = bareWord();
         Operator op = Operator.fromKeyword(opWord).orElseThrow(() -> error(opStart,
               "an operator", quote(opWord),
               "expected an operator (" + Operator.KEYWORDS + ") after '" + subjectText + "', found " + quote(opWord)));
         if (op.kind() == Operator.Kind.NUMBER && subject instanceof Subject.Keys) {
            throw error(opStart, "a key operator", quote(opWord),
                  "'" + op.keyword() + "' compares numbers and cannot apply to @attr (attribute keys)");
         }
         return new Condition(subject, op, operand(subject, op));
      }

      private Subject subject() {
         int start = pos;
         if (Lexical.isQuote(peek())) {
            Value key = quoted();
            return attribute(start, key.text.toString());
         }
         Value word = bare();
         if (word.raw.startsWith("@")) {
            String lower = word.raw.toLowerCase(Locale.ROOT);
            if (lower.equals("@tag")) {
               return Subject.TAG;
            }
            if (lower.equals("@attr")) {
               return Subject.KEYS;
            }
            throw error(start, "a subject", quote(word.raw),
                  "unknown subject " + quote(word.raw) + ": expected @tag, @attr or an attribute key");
         }
         if (word.raw.startsWith("attr.")) {
            return attribute(start + 5, word.text.substring(5));
         }
         return attribute(start, word.text.toString());
      }

      private Subject attribute(int start, String key) {
         if (key.isEmpty()) {
            throw error(start, "an attribute key", "an empty key", "an attribute key must not be empty");
         }
         return Subject.attribute(key);
      }

      private Operand operand(Subject subject, Operator op) {
         Class<? extends Operand> kind = Condition.expectedOperand(subject, op);
         if (kind == Operand.None.class) {
            return Operand.NONE;
         }
         skipSpace();
         int start = pos;
         String what = switch (op.kind()) {
            case NUMBER -> "a number";
            case EXISTENCE -> "a key";
            default -> "a value";
         };
         if (atEnd() || peek() == ')') {
            throw unexpected(what + " after '" + op.keyword() + "'");
         }
         Value value = Lexical.isQuote(peek()) ? quoted() : bare();
         if (kind == Operand.Number.class) {
            BigDecimal number = DecimalSyntax.parse(value.text.toString());
            if (number == null || value.hasEscapes()) {
               throw error(start, what, quote(value.raw),
                     "expected a number after '" + op.keyword() + "', found " + quote(value.raw));
            }
            return new Operand.Number(number);
         }
         if (kind == Operand.Pattern.class) {
            return new Operand.Pattern(value.pattern());
         }
         if (op.kind() == Operator.Kind.EXISTENCE && value.text.toString().isEmpty()) {
            throw error(start, what, "an empty key", "expected a key after '" + op.keyword() + "', found an empty key");
         }
         return new Operand.Text(value.text.toString());
      }

      // ---- tokens ----

      /** Consumes {@code word} (any case) or {@code symbol} when either comes next. */
      private boolean connective(String word, String symbol) {
         skipSpace();
         if (text.startsWith(symbol, pos)) {
            pos += symbol.length();
            return true;
         }
         if (keyword(word)) {
            pos += word.length();
            return true;
         }
         return false;
      }

      private boolean connectiveAhead() {
         return text.startsWith("&&", pos) || text.startsWith("||", pos) || keyword("and") || keyword("or");
      }

      /** True when {@code word} (any case) stands at pos as a whole word. */
      private boolean keyword(String word) {
         if (!text.regionMatches(true, pos, word, 0, word.length())) {
            return false;
         }
         int after = pos + word.length();
         return after == text.length() || Lexical.isSpace(text.codePointAt(after)) || text.charAt(after) == '('
               || text.charAt(after) == ')';
      }

      private String bareWord() {
         return bare().raw;
      }

      /** A bare word runs to the next white space or ')'; a backslash takes the next character literally. */
      private Value bare() {
         int start = pos;
         Value value = new Value();
         while (!atEnd()) {
            int cp = text.codePointAt(pos);
            if (Lexical.isSpace(cp) || cp == ')') {
               break;
            }
            readCharacter(cp, value);
         }
         value.raw = text.substring(start, pos);
         return value;
      }

      /** A quoted value: {@code '...'} or {@code "..."}; a backslash takes the next character literally. */
      private Value quoted() {
         int start = pos;
         char quote = text.charAt(pos++);
         Value value = new Value();
         while (true) {
            if (atEnd()) {
               throw error(start, "a closing " + quote, "end of rule",
                     "unterminated quoted value: the " + quote + " at " + column(start) + " is never closed");
            }
            int cp = text.codePointAt(pos);
            if (cp == quote) {
               pos++;
               break;
            }
            readCharacter(cp, value);
         }
         value.raw = text.substring(start, pos);
         return value;
      }

      /** Adds the character at pos to the value; a backslash makes the character after it literal. */
      private void readCharacter(int cp, Value value) {
         if (cp == '\\') {
            escaped(value);
         } else {
            value.append(cp, false);
            pos += Character.charCount(cp);
         }
      }

      private void escaped(Value value) {
         int at = pos++;
         if (atEnd()) {
            throw error(at, "a character after '\\'", "end of rule", "a backslash at the end of the rule escapes nothing");
         }
         int cp = text.codePointAt(pos);
         value.append(cp, true);
         pos += Character.charCount(cp);
      }

      private void skipSpace() {
         while (!atEnd()) {
            int cp = text.codePointAt(pos);
            if (!Lexical.isSpace(cp)) {
               return;
            }
            pos += Character.charCount(cp);
         }
      }

      private boolean atEnd() {
         return pos >= text.length();
      }

      private char peek() {
         return text.charAt(pos);
      }

      // ---- errors ----

      private String found() {
         if (atEnd()) {
            return "end of rule";
         }
         if (peek() == ')' || peek() == '(') {
            return "'" + peek() + "'";
         }
         int save = pos;
         String word = Lexical.isQuote(peek()) ? text.substring(pos, Math.min(text.length(), pos + 20)) : bare().raw;
         pos = save;
         return quote(word.isEmpty() ? text.substring(pos, pos + 1) : word);
      }

      private RuleSyntaxException unexpected(String expected) {
         String found = found();
         return error(pos, expected, found, "expected " + expected + ", found " + found);
      }

      private RuleSyntaxException error(int at, String expected, String found, String detail) {
         return new RuleSyntaxException(text, at, expected, found, detail);
      }

      private int column(int index) {
         return text.codePointCount(0, index) + 1;
      }

      private static String quote(String word) {
         return "'" + word + "'";
      }
   }

   /** A value as read: its text with escapes resolved, which characters were escaped, and the raw source. */
   private static final class Value {

      private final StringBuilder text = new StringBuilder();
      private final BitSet escapedAt = new BitSet();
      private String raw;

      void append(int cp, boolean escaped) {
         if (escaped) {
            escapedAt.set(text.length());
         }
         text.appendCodePoint(cp);
      }

      boolean hasEscapes() {
         return !escapedAt.isEmpty();
      }

      /** Unescaped {@code *} and {@code ?} are wildcards; {@code ?} takes one code point. */
      WildcardPattern pattern() {
         List<WildcardPattern.Element> elements = new ArrayList<>();
         StringBuilder literal = new StringBuilder();
         for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            boolean wildcard = (ch == '*' || ch == '?') && !escapedAt.get(i);
            if (!wildcard) {
               literal.append(ch);
               continue;
            }
            if (literal.length() > 0) {
               elements.add(new WildcardPattern.Literal(literal.toString()));
               literal.setLength(0);
            }
            elements.add(ch == '*' ? WildcardPattern.ANY_RUN : WildcardPattern.ANY_CHAR);
         }
         if (literal.length() > 0) {
            elements.add(new WildcardPattern.Literal(literal.toString()));
         }
         return new WildcardPattern(elements);
      }

      @Override
      public String toString() {
         return text.toString();
      }
   }
}

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
package io.rulefilter.internal.parse;

import io.rulefilter.parse.RuleLimits;
import io.rulefilter.parse.RuleSyntaxException;
import io.rulefilter.rule.And;
import io.rulefilter.rule.Condition;
import io.rulefilter.rule.Not;
import io.rulefilter.rule.Operator;
import io.rulefilter.rule.Or;
import io.rulefilter.rule.Rule;
import io.rulefilter.rule.Subject;

import java.util.ArrayList;
import java.util.List;

/**
 * Parses rule text into a {@link Rule}, within {@link RuleLimits}. Thread-safe: each call works on its own state.
 * <pre>
 * rule      := or-expr
 * or-expr   := and-expr (("or" | "||") and-expr)*
 * and-expr  := unary (("and" | "&amp;&amp;") unary)*
 * unary     := ("not" | "!") unary | "(" or-expr ")" | condition
 * condition := subject op [value]
 * subject   := "@tag" | "@attr" | "attr." key | key | "@typeb" ["." letter ["." n]]     (@typeb: version 2)
 * value     := single | "(" single ("," single)* ")"                                 (lists: version 2)
 * </pre>
 * Every error is a {@link RuleSyntaxException} naming the column and what was expected there.
 */
public final class RuleParser {

   private static final RuleParser DEFAULT = new RuleParser(RuleLimits.DEFAULT);
   private static final String V1_HINT = " (since version 2 of the language a bare value starting with '(' opens a list;"
         + " quote the value, as in a weq '(x', to mean the text itself)";

   private final RuleLimits limits;
   private final LanguageVersion version;
   private final String typeBRefusal;

   /** A parser of the current language, version 2. */
   public RuleParser(RuleLimits limits) {
      this(limits, LanguageVersion.V2);
   }

   public RuleParser(RuleLimits limits, LanguageVersion version) {
      this(limits, version, null);
   }

   private RuleParser(RuleLimits limits, LanguageVersion version, String typeBRefusal) {
      this.limits = limits;
      this.version = version;
      this.typeBRefusal = typeBRefusal;
   }

   /**
    * This parser, refusing every {@code @typeb} subject with an error at the subject that ends with {@code reason}:
    * for a place where Type B content is not read, so that no rule waits there for content it never sees.
    */
   public RuleParser withoutTypeB(String reason) {
      return new RuleParser(limits, version, reason);
   }

   /** Parses with the default limits. */
   public static Rule parse(String text) {
      return DEFAULT.parseRule(text);
   }

   public RuleLimits limits() {
      return limits;
   }

   public LanguageVersion version() {
      return version;
   }

   public Rule parseRule(String text) {
      if (text == null) {
         throw new IllegalArgumentException("rule must not be null");
      }
      try {
         return parseAs(version, text);
      } catch (RuleSyntaxException e) {
         throw readsAsV1(text) ? e.withHint(V1_HINT) : e;
      }
   }

   /** True when this parser reads version 2 and {@code text} is one that only version 1 read. */
   private boolean readsAsV1(String text) {
      if (version == LanguageVersion.V1 || text.indexOf('(') < 0) {
         return false;
      }
      try {
         parseAs(LanguageVersion.V1, text);
         return true;
      } catch (RuleSyntaxException e) {
         return false;
      }
   }

   /**
    * Parses a rule that may have been stored or sent before version 2: as version 2, and, when only version 1 reads
    * it (a bare value starting with {@code (}), as version 1, so that it keeps the meaning it had when it was written.
    * A text neither version reads throws version 2's error.
    */
   public Rule parseStored(String text) {
      if (text == null) {
         throw new IllegalArgumentException("rule must not be null");
      }
      try {
         return parseAs(version, text);
      } catch (RuleSyntaxException current) {
         if (!readsAsV1(text)) {
            throw current;
         }
         return parseAs(LanguageVersion.V1, text);
      }
   }

   private Rule parseAs(LanguageVersion as, String text) {
      return new OneParse(new Scanner(text), limits, as, typeBRefusal).rule();
   }

   /** The state of one parse. */
   private static final class OneParse {

      private final Scanner in;
      private final RuleLimits limits;
      private final boolean v2;
      private final SubjectReader subjects;
      private final OperandReader operands;
      private int depth;
      private int conditions;

      OneParse(Scanner in, RuleLimits limits, LanguageVersion version, String typeBRefusal) {
         this.in = in;
         this.limits = limits;
         this.v2 = version == LanguageVersion.V2;
         this.subjects = new SubjectReader(in, v2, typeBRefusal);
         this.operands = new OperandReader(in, limits, v2);
      }

      Rule rule() {
         String text = in.text();
         if (text.length() > limits.maxLength() && text.codePointCount(0, text.length()) > limits.maxLength()) {
            int at = text.offsetByCodePoints(0, limits.maxLength());
            throw in.error(at, "at most " + limits.maxLength() + " characters", "more",
                  "the rule is longer than the limit of " + limits.maxLength() + " characters");
         }
         in.skipSpace();
         if (in.atEnd()) {
            throw in.error(in.pos(), "a condition", "end of rule", "the rule is empty: expected a condition");
         }
         Rule rule = orExpr();
         in.skipSpace();
         if (!in.atEnd()) {
            if (in.peek() == ')') {
               throw in.error(in.pos(), "end of rule", "')'", "unbalanced parentheses: ')' closes nothing");
            }
            throw in.unexpected("'and', 'or' or end of rule");
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

      private boolean connective(String word, String symbol) {
         in.skipSpace();
         return in.symbol(symbol) || in.keyword(word);
      }

      private Rule unary() {
         in.skipSpace();
         if (in.atEnd()) {
            throw in.unexpected("a condition");
         }
         int start = in.pos();
         if (in.symbol("(")) {
            enter(start);
            Rule inner = orExpr();
            in.skipSpace();
            if (!in.symbol(")")) {
               throw in.error(in.pos(), "')'", in.found(),
                     "expected ')' to close the '(' at " + in.column(start) + ", found " + in.found());
            }
            depth--;
            return inner;
         }
         if (in.symbol("!") || in.keyword("not")) {
            enter(start);
            Rule inner = unary();
            depth--;
            return new Not(inner);
         }
         return condition();
      }

      private void enter(int start) {
         if (++depth > limits.maxDepth()) {
            throw in.error(start, "at most " + limits.maxDepth() + " levels of nesting", "more",
                  "the rule nests deeper than the limit of " + limits.maxDepth() + " levels");
         }
      }

      private Condition condition() {
         int start = in.pos();
         if (++conditions > limits.maxConditions()) {
            throw in.error(start, "at most " + limits.maxConditions() + " conditions", "more",
                  "the rule has more than the limit of " + limits.maxConditions() + " conditions");
         }
         if (in.peek() == ')' || in.startsWith("&&") || in.startsWith("||") || in.keywordAhead("and")
               || in.keywordAhead("or")) {
            throw in.unexpected("a condition");
         }
         Subject subject = subjects.subject();
         String subjectText = Scanner.abbreviate(in.text().substring(start, in.pos()));

         in.skipSpace();
         int opStart = in.pos();
         if (in.atEnd() || in.peek() == ')') {
            throw in.unexpected("an operator (" + Operator.KEYWORDS + ") after '" + subjectText + "'");
         }
         String opWord = in.operator(v2);
         String keywords = v2 ? Operator.KEYWORDS : Operator.V1_KEYWORDS;
         Operator op = Operator.fromKeyword(opWord).filter(o -> v2 || !o.isV2()).orElseThrow(() -> in.error(opStart,
               "an operator", Scanner.quoted(opWord), "expected an operator (" + keywords + ") after '" + subjectText
                     + "', found " + Scanner.quoted(opWord)));
         if (op.kind() == Operator.Kind.NUMBER && subject instanceof Subject.Keys) {
            throw in.error(opStart, "a key operator", Scanner.quoted(opWord),
                  "'" + op.keyword() + "' compares numbers and cannot apply to @attr (attribute keys)");
         }
         return new Condition(subject, op, operands.operand(subject, op));
      }
   }
}

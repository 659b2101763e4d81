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
package io.rulefilter.internal.sql;

import io.rulefilter.message.MessageModel;
import io.rulefilter.rule.And;
import io.rulefilter.rule.Condition;
import io.rulefilter.rule.Not;
import io.rulefilter.rule.Operand;
import io.rulefilter.rule.Operator;
import io.rulefilter.rule.Or;
import io.rulefilter.rule.Rule;
import io.rulefilter.rule.Subject;
import io.rulefilter.rule.WildcardPattern;
import io.rulefilter.sql.Exactness;
import io.rulefilter.sql.SqlFilter;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * Translates rules into Artemis filter strings. The rule is first put in negation normal form (every {@code not}
 * pushed down to a condition), so each condition is translated with its polarity and an UNKNOWN from SQL's
 * three-valued logic can only ever act as FALSE. Conditions SQL cannot express become TRUE (a superset).
 * <p>
 * The result is portable: it uses only what the selector parsers of the JMS clients of every protocol accept (Artemis,
 * Qpid JMS, ActiveMQ Classic), so that it can travel as a client's selector: bare identifiers where the name allows
 * one, and no {@code convert_string_expressions:} prefix, which Qpid JMS's parser rejects (numbers held in strings
 * pass the SQL part instead, and the plugin decides).
 */
public final class SqlTranslator {

   private static final SqlTranslator DEFAULT = new SqlTranslator(MessageModel.DEFAULT);
   /** Artemis reads a filter's {@code m.x} from an AMQP message's annotation {@code x}. */
   private static final String AMQP_ANNOTATION_PREFIX = "m.";

   private final MessageModel model;

   public SqlTranslator(MessageModel model) {
      this.model = model;
   }

   /** Translates for the default message model (tag in {@code JMSType}). */
   public static SqlFilter translateDefault(Rule rule) {
      return DEFAULT.translate(rule);
   }

   public SqlFilter translate(Rule rule) {
      Fragment fragment = fragment(rule, false, new LikeBudget());
      return new SqlFilter(fragment.sql(), fragment.exactness());
   }

   private Fragment fragment(Rule rule, boolean negated, LikeBudget budget) {
      if (rule instanceof Not not) {
         return fragment(not.operand(), !negated, budget);
      }
      if (rule instanceof And and) {
         List<Fragment> parts = and.operands().stream().map(r -> fragment(r, negated, budget)).toList();
         return negated ? Fragment.or(parts) : Fragment.and(parts);
      }
      if (rule instanceof Or or) {
         List<Fragment> parts = or.operands().stream().map(r -> fragment(r, negated, budget)).toList();
         return negated ? Fragment.and(parts) : Fragment.or(parts);
      }
      Condition c = (Condition) rule;
      return condition(c.subject(), c.operator().positive(), c.operand(), negated ^ c.operator().isNegated(), budget);
   }

   private Fragment condition(Subject subject, Operator op, Operand operand, boolean negated, LikeBudget budget) {
      if (subject instanceof Subject.TypeB) {
         return Fragment.UNKNOWN; // Artemis never reads the body
      }
      if (op.ignoresCase()) {
         return ignoringCase(subject, negated, budget);
      }
      if (operand instanceof Operand.ValueList list) {
         return list(subject, op, list, negated, budget);
      }
      if (subject instanceof Subject.Keys) {
         return keys(op, operand, negated, budget);
      }
      String name = subject instanceof Subject.Attribute a ? a.key() : model.tagProperty();
      if (subject instanceof Subject.Attribute && model.isReserved(name)) {
         return Fragment.constant(negated); // reserved names are never attributes: always missing
      }
      if (!readsTheProperty(name)) {
         return Fragment.UNKNOWN;
      }
      String property = SqlSyntax.identifier(name);
      Fragment atom = switch (op.kind()) {
         case EXISTENCE -> Fragment.atom(property + (negated ? " IS NULL" : " IS NOT NULL"), Exactness.EXACT);
         case TEXT, PATTERN -> text(property, like(op, operand), negated, budget);
         case NUMBER -> number(property, op, ((Operand.Number) operand).value(), negated, budget);
      };
      // what the JMS client would change on its way to the broker would no longer say what the rule says
      return ClientRewriting.changes(atom.sql()) ? Fragment.UNKNOWN : atom;
   }

   /**
    * SQL has no case-insensitive comparison: a positive condition needs at least the value to be there (a superset),
    * a negated one can say nothing. Either way RuleFilter decides.
    */
   private Fragment ignoringCase(Subject subject, boolean negated, LikeBudget budget) {
      if (subject instanceof Subject.Keys) {
         return Fragment.UNKNOWN;
      }
      Fragment present = condition(subject, Operator.EX, Operand.NONE, false, budget);
      if (negated) {
         return present.shape() == Fragment.Shape.FALSE ? Fragment.constant(true) : Fragment.UNKNOWN;
      }
      return present.shape() == Fragment.Shape.ATOM ? Fragment.atom(present.sql(), Exactness.SUPERSET) : present;
   }

   /**
    * A value list: one {@code IN (…)} for wildcard-free {@code weq} items, else the items' own translations joined,
    * with OR for a positive condition (one item holds) and AND for a negated one (no item holds).
    */
   private Fragment list(Subject subject, Operator op, Operand.ValueList list, boolean negated, LikeBudget budget) {
      if (op == Operator.WEQ && !negated && !(subject instanceof Subject.Keys)) {
         Fragment in = in(subject, list, budget);
         if (in != null) {
            return in;
         }
      }
      List<Fragment> parts = new ArrayList<>(list.items().size());
      for (Operand item : list.items()) {
         parts.add(condition(subject, op, item, negated, budget));
      }
      return negated ? Fragment.and(parts) : Fragment.or(parts);
   }

   /**
    * {@code p IN ('a', 'b')}: exact for string values; Artemis answers UNKNOWN for any other value, so when an item
    * could be the printed text of a number or boolean, those values pass too (a superset). Null when the items are not
    * all literal, or the name cannot be written, or the client would rewrite the list.
    */
   private Fragment in(Subject subject, Operand.ValueList list, LikeBudget budget) {
      String name = subject instanceof Subject.Attribute a ? a.key() : model.tagProperty();
      if (subject instanceof Subject.Attribute && model.isReserved(name) || !readsTheProperty(name)) {
         return null;
      }
      List<String> literals = new ArrayList<>(list.items().size());
      boolean mayMatchNonString = false;
      for (Operand item : list.items()) {
         WildcardPattern pattern = ((Operand.Pattern) item).pattern();
         if (!pattern.isLiteral()) {
            return null;
         }
         literals.add(SqlSyntax.literal(pattern.literalText()));
         mayMatchNonString |= LikePattern.of(pattern).mayMatchNonString();
      }
      String property = SqlSyntax.identifier(name);
      String sql = property + " IN (" + String.join(", ", literals) + ")";
      if (mayMatchNonString) {
         if (!budget.take(1)) {
            return Fragment.UNKNOWN;
         }
         sql = "(" + sql + " OR (" + property + " IS NOT NULL AND " + property + " NOT LIKE '%'))";
      }
      return ClientRewriting.changes(sql) ? null : Fragment.atom(sql, mayMatchNonString ? Exactness.SUPERSET : Exactness.EXACT);
   }

   /**
    * False for a name Artemis does not read as the application property of that name on every message: its header
    * names ({@code AMQPriority}, …), names starting with {@code m.} (AMQP message annotations, for AMQP messages),
    * and names with a single quote, which would upset the JMS client's quote counting for the rest of the selector.
    */
   private static boolean readsTheProperty(String name) {
      return !MessageModel.ARTEMIS_HEADER_NAMES.contains(name) && !name.startsWith(AMQP_ANNOTATION_PREFIX)
            && name.indexOf('\'') < 0;
   }

   /** {@code @attr}: only a test for one exact key can be written in SQL. */
   private Fragment keys(Operator op, Operand operand, boolean negated, LikeBudget budget) {
      String key = null;
      if (op == Operator.EX) {
         key = ((Operand.Text) operand).text();
      } else if (operand instanceof Operand.Pattern p && p.pattern().isLiteral() && !p.pattern().elements().isEmpty()) {
         key = p.pattern().literalText();
      }
      return key == null ? Fragment.UNKNOWN : condition(Subject.attribute(key), Operator.EX, Operand.NONE, negated, budget);
   }

   private static LikePattern like(Operator op, Operand operand) {
      return switch (op) {
         case BEG -> LikePattern.prefix(((Operand.Text) operand).text());
         case END -> LikePattern.suffix(((Operand.Text) operand).text());
         default -> LikePattern.of(((Operand.Pattern) operand).pattern());
      };
   }

   /**
    * A text condition within {@code budget}; {@code TRUE} (a superset) when not even one piece of it fits. A value
    * that is not a string costs Artemis one pass ({@code NOT LIKE '%'}) to recognise.
    */
   private static Fragment text(String property, LikePattern like, boolean negated, LikeBudget budget) {
      if (negated) {
         String notLike = like.isExact() ? like.notLike(property, budget) : null;
         if (notLike == null) {
            return Fragment.UNKNOWN; // NOT of a wider pattern would be narrower than the rule
         }
         // NOT LIKE is TRUE for every non-string value, which covers any whose printed text would match.
         Exactness exactness = like.mayMatchNonString() ? Exactness.SUPERSET : Exactness.EXACT;
         return Fragment.atom("(" + property + " IS NULL OR " + notLike + ")", exactness);
      }
      if (like.mayMatchNonString() && !budget.take(1)) {
         return Fragment.UNKNOWN;
      }
      LikePattern.Like positive = like.like(property, budget);
      if (positive == null) {
         return Fragment.UNKNOWN;
      }
      Exactness exactness = like.mayMatchNonString() || !positive.complete() ? Exactness.SUPERSET : Exactness.EXACT;
      if (like.mayMatchNonString()) {
         String nonString = "(" + property + " IS NOT NULL AND " + property + " NOT LIKE '%')";
         return Fragment.atom("(" + positive.sql() + " OR " + nonString + ")", exactness);
      }
      return Fragment.atom(positive.sql(), exactness);
   }

   /**
    * Numeric conditions are always supersets: SQL cannot tell a double from a float from a string. A string value
    * ({@code p LIKE '%'}) always passes, since without Artemis's string conversion SQL cannot read a number in it.
    */
   private static Fragment number(String p, Operator op, BigDecimal c, boolean negated, LikeBudget budget) {
      if (!budget.take(1)) {
         return Fragment.UNKNOWN; // p LIKE '%' walks a string value once
      }
      String below = NumericBounds.below(c);
      String above = NumericBounds.above(c);
      if (!negated) {
         String atLeast = below == null ? p + " IS NOT NULL" : p + " >= " + below;
         String atMost = above == null ? p + " IS NOT NULL" : p + " <= " + above;
         String sql = switch (op) {
            case GT, GE -> atLeast;
            case LT, LE -> atMost;
            default -> "(" + atLeast + " AND " + atMost + ")";
         };
         sql = "(" + sql + " OR " + p + " LIKE '%')";
         return Fragment.atom(sql, Exactness.SUPERSET);
      }
      // Missing, any string (it may not be a number), NaN or infinity, or on the complement side of the bound;
      // without a bound on that side, the complement takes in every number and SQL can add nothing.
      String notANumber = p + " IS NULL OR " + p + " LIKE '%'";
      String sql = switch (op) {
         case GT, GE -> above == null ? null : "(" + notANumber + " OR NOT (" + p + " > " + above + ") OR NOT (" + p
               + " <= " + NumericBounds.MAX + "))";
         case LT, LE -> below == null ? null : "(" + notANumber + " OR NOT (" + p + " < " + below + ") OR NOT (" + p
               + " >= " + NumericBounds.MIN + "))";
         default -> {
            String k = NumericBounds.exactEquality(c);
            yield k == null ? null : "(" + notANumber + " OR NOT (" + p + " = " + k + "))";
         }
      };
      return sql == null ? Fragment.UNKNOWN : Fragment.atom(sql, Exactness.SUPERSET);
   }
}

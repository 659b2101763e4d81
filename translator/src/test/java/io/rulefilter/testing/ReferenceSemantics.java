package io.rulefilter.testing;

import io.rulefilter.message.MessageModel;
import io.rulefilter.parse.DecimalSyntax;
import io.rulefilter.rule.And;
import io.rulefilter.rule.Condition;
import io.rulefilter.rule.Not;
import io.rulefilter.rule.Operand;
import io.rulefilter.rule.Operator;
import io.rulefilter.rule.Or;
import io.rulefilter.rule.Rule;
import io.rulefilter.rule.Subject;
import io.rulefilter.rule.WildcardPattern;

import java.math.BigDecimal;
import java.util.List;

/**
 * The rule language's semantics written as plainly as possible from the spec, with no concern for speed: the oracle
 * that the compiled evaluator is tested against. Numbers go through {@link BigDecimal}, wildcards through a
 * recursive match over code points.
 */
public final class ReferenceSemantics {

   private final MessageModel model = MessageModel.DEFAULT;

   public boolean holds(Rule rule, TestMessage m) {
      if (rule instanceof And and) {
         return and.operands().stream().allMatch(r -> holds(r, m));
      }
      if (rule instanceof Or or) {
         return or.operands().stream().anyMatch(r -> holds(r, m));
      }
      if (rule instanceof Not not) {
         return !holds(not.operand(), m);
      }
      Condition c = (Condition) rule;
      boolean positive = positive(c.subject(), c.operator().positive(), c.operand(), m);
      return c.operator().isNegated() != positive;
   }

   private boolean positive(Subject subject, Operator op, Operand operand, TestMessage m) {
      if (subject instanceof Subject.Keys) {
         return m.attributes().keySet().stream().filter(k -> !model.isReserved(k)).anyMatch(k -> switch (op) {
            case EX -> k.equals(((Operand.Text) operand).text());
            default -> textOp(op, operand, k);
         });
      }
      Object value;
      if (subject instanceof Subject.Tag) {
         value = m.tag();
      } else {
         String key = ((Subject.Attribute) subject).key();
         value = model.isReserved(key) ? null : m.attributes().get(key);
      }
      if (value == null) {
         return false;
      }
      if (op == Operator.EX) {
         return true;
      }
      if (op.kind() == Operator.Kind.NUMBER) {
         BigDecimal number = number(value);
         if (number == null) {
            return false;
         }
         int sign = number.compareTo(((Operand.Number) operand).value());
         return switch (op) {
            case GT -> sign > 0;
            case GE -> sign >= 0;
            case LT -> sign < 0;
            case LE -> sign <= 0;
            default -> sign == 0;
         };
      }
      String text = text(value);
      return text != null && textOp(op, operand, text);
   }

   private static boolean textOp(Operator op, Operand operand, String text) {
      return switch (op) {
         case BEG -> text.startsWith(((Operand.Text) operand).text());
         case END -> text.endsWith(((Operand.Text) operand).text());
         default -> wildcard(((Operand.Pattern) operand).pattern().elements(), 0, text.codePoints().toArray(), 0);
      };
   }

   private static boolean wildcard(List<WildcardPattern.Element> pattern, int p, int[] text, int t) {
      if (p == pattern.size()) {
         return t == text.length;
      }
      WildcardPattern.Element e = pattern.get(p);
      if (e instanceof WildcardPattern.AnyRun) {
         for (int skip = t; skip <= text.length; skip++) {
            if (wildcard(pattern, p + 1, text, skip)) {
               return true;
            }
         }
         return false;
      }
      if (e instanceof WildcardPattern.AnyChar) {
         return t < text.length && wildcard(pattern, p + 1, text, t + 1);
      }
      int[] literal = ((WildcardPattern.Literal) e).text().codePoints().toArray();
      if (t + literal.length > text.length) {
         return false;
      }
      for (int i = 0; i < literal.length; i++) {
         if (text[t + i] != literal[i]) {
            return false;
         }
      }
      return wildcard(pattern, p + 1, text, t + literal.length);
   }

   private static String text(Object value) {
      if (value instanceof String s) {
         return s;
      }
      if (value instanceof Number || value instanceof Boolean) {
         return value.toString();
      }
      return null;
   }

   private static BigDecimal number(Object value) {
      if (value instanceof String s) {
         return DecimalSyntax.parse(s);
      }
      if (value instanceof Double d) {
         return d.isNaN() || d.isInfinite() ? null : new BigDecimal(Double.toString(d));
      }
      if (value instanceof Float f) {
         return f.isNaN() || f.isInfinite() ? null : new BigDecimal(Float.toString(f));
      }
      if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
         return BigDecimal.valueOf(((Number) value).longValue());
      }
      return null;
   }
}

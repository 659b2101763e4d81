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

import io.rulefilter.rule.And;
import io.rulefilter.rule.Condition;
import io.rulefilter.rule.Not;
import io.rulefilter.rule.Operand;
import io.rulefilter.rule.Or;
import io.rulefilter.rule.Rule;
import io.rulefilter.rule.Subject;
import io.rulefilter.rule.WildcardPattern;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;

/**
 * Prints the canonical text of a rule: lower-case keywords, single spaces, the fewest parentheses, values bare
 * where the grammar allows and single-quoted otherwise. {@code parse(print(rule))} equals {@code rule}.
 */
public final class RulePrinter {

   private RulePrinter() {
   }

   public static String print(Rule rule) {
      StringBuilder out = new StringBuilder();
      print(rule, out);
      return out.toString();
   }

   private static void print(Rule rule, StringBuilder out) {
      if (rule instanceof Or or) {
         join(or.operands(), " or ", And.class, out);
      } else if (rule instanceof And and) {
         join(and.operands(), " and ", Condition.class, out);
      } else if (rule instanceof Not not) {
         out.append("not ");
         printOperand(not.operand(), not.operand() instanceof Condition || not.operand() instanceof Not, out);
      } else {
         printCondition((Condition) rule, out);
      }
   }

   /** Joins operands; an operand that binds looser than {@code tightest} is parenthesised. */
   private static void join(List<Rule> operands, String separator, Class<?> tightest, StringBuilder out) {
      for (int i = 0; i < operands.size(); i++) {
         if (i > 0) {
            out.append(separator);
         }
         Rule operand = operands.get(i);
         boolean bare = operand instanceof Condition || operand instanceof Not || tightest.isInstance(operand);
         printOperand(operand, bare, out);
      }
   }

   private static void printOperand(Rule rule, boolean bare, StringBuilder out) {
      if (!bare) {
         out.append('(');
      }
      print(rule, out);
      if (!bare) {
         out.append(')');
      }
   }

   private static void printCondition(Condition c, StringBuilder out) {
      Subject subject = c.subject();
      if (subject instanceof Subject.Attribute a) {
         out.append(key(a.key()));
      } else if (subject instanceof Subject.TypeB b) {
         out.append(b.text());
      } else {
         out.append(subject instanceof Subject.Tag ? "@tag" : "@attr");
      }
      out.append(' ').append(c.operator().keyword());
      Operand operand = c.operand();
      if (operand instanceof Operand.ValueList list) {
         out.append(" (");
         for (int i = 0; i < list.items().size(); i++) {
            out.append(i > 0 ? ", " : "").append(single(list.items().get(i), true));
         }
         out.append(')');
      } else if (!(operand instanceof Operand.None)) {
         out.append(' ').append(single(operand, false));
      }
   }

   private static String single(Operand operand, boolean item) {
      if (operand instanceof Operand.Text t) {
         return value(escape(t.text(), false), item);
      }
      if (operand instanceof Operand.Pattern p) {
         return value(pattern(p.pattern()), item);
      }
      return number(((Operand.Number) operand).value());
   }

   /** A key prints bare unless it could be read as something else. */
   static String key(String key) {
      String escaped = escape(key, false);
      boolean bare = escaped.equals(key)
            && Lexical.isBareSafe(key)
            && !key.startsWith("@")
            && !key.startsWith("!")
            && !key.startsWith("attr.")
            && !key.startsWith("&&")
            && !key.startsWith("||")
            && !Lexical.isConnectiveOrNot(key);
      return bare ? key : '"' + escapeQuoted(key, '"') + '"';
   }

   /** A value prints bare where the grammar reads it back whole: in a list, a bare item also ends at ','. */
   private static String value(String escaped, boolean item) {
      boolean bare = Lexical.isBareSafe(escaped) && !(item && escaped.indexOf(',') >= 0);
      return bare ? escaped : "'" + quoteEscaped(escaped) + "'";
   }

   /** Backslash-escapes what would otherwise be a wildcard or an escape. */
   private static String escape(String text, boolean wildcardsLiteral) {
      StringBuilder out = new StringBuilder(text.length());
      for (int i = 0; i < text.length(); i++) {
         char ch = text.charAt(i);
         if (ch == '\\' || (wildcardsLiteral && (ch == '*' || ch == '?'))) {
            out.append('\\');
         }
         out.append(ch);
      }
      return out.toString();
   }

   private static String pattern(WildcardPattern pattern) {
      StringBuilder out = new StringBuilder();
      for (WildcardPattern.Element e : pattern.elements()) {
         if (e instanceof WildcardPattern.Literal l) {
            out.append(escape(l.text(), true));
         } else {
            out.append(e instanceof WildcardPattern.AnyRun ? '*' : '?');
         }
      }
      return out.toString();
   }

   /** Inside single quotes an escaped value only needs its quotes escaped too. */
   private static String quoteEscaped(String escaped) {
      return escaped.replace("'", "\\'");
   }

   private static String escapeQuoted(String raw, char quote) {
      StringBuilder out = new StringBuilder(raw.length() + 2);
      for (int i = 0; i < raw.length(); i++) {
         char ch = raw.charAt(i);
         if (ch == '\\' || ch == quote) {
            out.append('\\');
         }
         out.append(ch);
      }
      return out.toString();
   }

   /** A number as the canonical text prints it: plain unless the exponent is extreme. */
   public static String number(BigDecimal value) {
      int scale = value.scale();
      String text = scale >= -20 && scale <= 40 ? value.toPlainString() : value.toString();
      return text.toUpperCase(Locale.ROOT);
   }
}

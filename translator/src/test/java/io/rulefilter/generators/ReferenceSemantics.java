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
package io.rulefilter.generators;

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
import java.math.BigInteger;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.Map;

/**
 * The rule language's semantics written from the contract alone, as plainly as possible and with no concern for
 * speed: the oracle that the compiled evaluator is tested against. It shares no code with the production classes
 * (only the parsed tree is its input): bookkeeping names, the number syntax and its bounds, and wildcard matching
 * are all written out again here. Numbers go through {@link BigDecimal}, wildcards through a recursive match over
 * code points.
 */
public final class ReferenceSemantics {

   private static final String TAG_PROPERTY = "JMSType";
   private static final List<String> BOOKKEEPING_PREFIXES = List.of("JMS", "_AMQ", "__AMQ", "_HQ", "__HDR_", "mqtt.");
   private static final Pattern NUMBER = Pattern.compile("([+-]?)([0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE]([+-]?[0-9]+))?");
   private static final BigInteger MAX_EXPONENT = BigInteger.valueOf(9_999);

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

   /** True for the tag property and every bookkeeping name: they are never attributes. */
   public static boolean isBookkeeping(String key) {
      return key.equals(TAG_PROPERTY) || BOOKKEEPING_PREFIXES.stream().anyMatch(key::startsWith)
            || TestMessage.PROTOCOL_PROPERTIES.contains(key);
   }

   private boolean positive(Subject subject, Operator op, Operand operand, TestMessage m) {
      if (operand instanceof Operand.ValueList list) {
         return list.items().stream().anyMatch(item -> positive(subject, op, item, m));
      }
      if (subject instanceof Subject.Keys) {
         return m.attributes().entrySet().stream()
               .filter(e -> e.getValue() != null && !isBookkeeping(e.getKey()))
               .map(Map.Entry::getKey)
               .anyMatch(k -> op == Operator.EX ? k.equals(((Operand.Text) operand).text()) : textOp(op, operand, k));
      }
      if (subject instanceof Subject.TypeB b) {
         ReferenceTypeB content = ReferenceTypeB.read(m.body());
         return content != null && content.values(b.element(), b.field()).stream()
               .anyMatch(value -> op == Operator.EX || valueOp(op, operand, value));
      }
      Object value;
      if (subject instanceof Subject.Tag) {
         value = m.tag();
      } else {
         String key = ((Subject.Attribute) subject).key();
         value = isBookkeeping(key) ? null : m.attributes().get(key);
      }
      if (value == null) {
         return false;
      }
      return op == Operator.EX || valueOp(op, operand, value);
   }

   private static boolean valueOp(Operator op, Operand operand, Object value) {
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
      boolean ignoreCase = op == Operator.BEGI || op == Operator.ENDI || op == Operator.WEQI;
      int[] value = text.codePoints().toArray();
      return switch (op) {
         case BEG, BEGI -> startsWith(value, ((Operand.Text) operand).text().codePoints().toArray(), ignoreCase);
         case END, ENDI -> {
            int[] suffix = ((Operand.Text) operand).text().codePoints().toArray();
            yield reverse(value).length >= suffix.length && startsWith(reverse(value), reverse(suffix), ignoreCase);
         }
         default -> wildcard(((Operand.Pattern) operand).pattern().elements(), 0, value, 0, ignoreCase);
      };
   }

   private static boolean startsWith(int[] text, int[] prefix, boolean ignoreCase) {
      if (prefix.length > text.length) {
         return false;
      }
      for (int i = 0; i < prefix.length; i++) {
         if (!same(text[i], prefix[i], ignoreCase)) {
            return false;
         }
      }
      return true;
   }

   private static int[] reverse(int[] codePoints) {
      int[] out = new int[codePoints.length];
      for (int i = 0; i < codePoints.length; i++) {
         out[i] = codePoints[codePoints.length - 1 - i];
      }
      return out;
   }

   /** The contract's case-insensitive equality of two code points, word for word. */
   private static boolean same(int a, int b, boolean ignoreCase) {
      if (a == b) {
         return true;
      }
      if (!ignoreCase) {
         return false;
      }
      int upperA = Character.toUpperCase(a);
      int upperB = Character.toUpperCase(b);
      return upperA == upperB || Character.toLowerCase(upperA) == Character.toLowerCase(upperB);
   }

   private static boolean wildcard(List<WildcardPattern.Element> pattern, int p, int[] text, int t, boolean ignoreCase) {
      if (p == pattern.size()) {
         return t == text.length;
      }
      WildcardPattern.Element e = pattern.get(p);
      if (e instanceof WildcardPattern.AnyRun) {
         for (int skip = t; skip <= text.length; skip++) {
            if (wildcard(pattern, p + 1, text, skip, ignoreCase)) {
               return true;
            }
         }
         return false;
      }
      if (e instanceof WildcardPattern.AnyChar) {
         return t < text.length && wildcard(pattern, p + 1, text, t + 1, ignoreCase);
      }
      int[] literal = ((WildcardPattern.Literal) e).text().codePoints().toArray();
      if (t + literal.length > text.length) {
         return false;
      }
      for (int i = 0; i < literal.length; i++) {
         if (!same(text[t + i], literal[i], ignoreCase)) {
            return false;
         }
      }
      return wildcard(pattern, p + 1, text, t + literal.length, ignoreCase);
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
         return decimal(s);
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

   /** The contract's number syntax and bounds: zero, or a scientific-notation exponent within ±9,999. */
   public static BigDecimal decimal(String s) {
      Matcher m = NUMBER.matcher(s);
      if (!m.matches()) {
         return null;
      }
      BigDecimal mantissa = new BigDecimal(m.group(1) + (m.group(2).startsWith(".") ? "0" : "") + m.group(2));
      if (mantissa.signum() == 0) {
         return BigDecimal.ZERO;
      }
      BigInteger written = m.group(3) == null ? BigInteger.ZERO : new BigInteger(m.group(3));
      BigDecimal stripped = mantissa.stripTrailingZeros();
      BigInteger scientific = BigInteger.valueOf((long) stripped.precision() - stripped.scale() - 1).add(written);
      if (scientific.abs().compareTo(MAX_EXPONENT) > 0) {
         return null;
      }
      return mantissa.scaleByPowerOfTen(written.intValueExact());
   }
}

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
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.LinkedHashMap;
import net.jqwik.api.Tuple;

/**
 * Generators of rules and messages over one shared vocabulary, so that generated rules often hit generated
 * messages. The vocabulary is chosen to reach the edges: keys that need quoting or are reserved, values with quotes,
 * escapes, wildcard and LIKE characters, Chinese text and surrogate pairs, and numbers at the edges of binary
 * floating point.
 */
public final class RuleArbitraries {

   public static final List<String> KEYS = List.of("airline", "flight", "bagCount", "type", "mode", "name",
         "flight-no", "行李", "and", "x y", "attr.x", "JMSType", "JMSCorrelationID", "_AMQ_ROUTE", "AMQPriority", "a\"b",
         // what the JMS client rewrites, AMQP annotations, OpenWire bookkeeping, a non-ASCII space
         "x-JMSPriority", "it's", "a JMSTimestamp", "JMSXGroupID", "m.x", "__HDR_ARRIVAL", "a\u00a0b", "destination", "mqtt.qos.level");

   public static final List<String> TEXTS = List.of("CA", "CA123", "ca", "CA 981", "BSM", "BS", "tag1", "attr1", "1500",
         "12", "1.5", "-3", "0.1", "1E10", "true", "false", "NaN", "Infinity", "行李", "行李箱", "it's", "*/", "a\\b",
         "%", "_", "!", "a%b_c!", "PERSISTENT", "NON_PERSISTENT", "JMSPriority", "😀", "a😀b", " 7", "", "x\ny",
         "PERSISTENT'", "''PERSISTENT", "x'PERSISTENT'y", "'NON_PERSISTENT'", "JMSDeliveryMode", "a\u00a0b",
         "1e9999", "1e10000", "-1e-10000", "0e99999999999", "12e9998", "abababababababababababababababababab",
         // case folding at its edges: long s, Kelvin and Ohm signs, dotted and dotless i, final sigma, sharp s, a titlecase
         "ſ", "s", "\u212a", "k", "\u2126", "ω", "ı", "İ", "i", "I", "ς", "Σ", "ß", "SS", "ǅ", "ǆ", "Ca", "bsM");

   public static final List<String> NUMBERS = List.of("0", "1", "-1", "2", "12", "1500", "0.1", "0.10", "1.5", "-3",
         "0.7", "1e3", "16777217", "9007199254740992", "9007199254740993", "9223372036854775807",
         "9223372036854775808", "-9223372036854775809", "1e400", "-1e400", "1e-400", "3.4028235E38",
         "0.1000000000000000055511151231257827", "0.30000001192092896", "1e9999", "-1e-9999", "9.999e9999",
         "-1e9999", "1e-9999", "1e309", "-1e-330", "4.9e-324", "-1.4e-45");

   private RuleArbitraries() {
   }

   public static Arbitrary<Rule> rules() {
      return rule(3);
   }

   private static Arbitrary<Rule> rule(int depth) {
      if (depth == 0) {
         return conditions().map(Rule.class::cast);
      }
      Arbitrary<Rule> sub = Arbitraries.lazy(() -> rule(depth - 1));
      return Arbitraries.frequencyOf(
            Tuple.of(5, conditions().map(Rule.class::cast)),
            Tuple.of(2, sub.list().ofMinSize(2).ofMaxSize(3).map(And::new)),
            Tuple.of(2, sub.list().ofMinSize(2).ofMaxSize(3).map(Or::new)),
            Tuple.of(1, sub.map(Not::new)));
   }

   /** The Type B subjects rules test: the SMI, whole elements, their fields, one past any generated field. */
   public static final List<Subject> TYPEB_SUBJECTS = List.of(Subject.TYPEB, new Subject.TypeB('F', 0),
         new Subject.TypeB('F', 1), new Subject.TypeB('F', 3), new Subject.TypeB('N', 1), new Subject.TypeB('E', 0),
         new Subject.TypeB('O', 1), new Subject.TypeB('O', 2), new Subject.TypeB('X', 2), new Subject.TypeB('Z', 99));

   public static Arbitrary<Condition> conditions() {
      Arbitrary<Subject> subjects = Arbitraries.frequencyOf(
            Tuple.of(2, Arbitraries.just(Subject.TAG)),
            Tuple.of(2, Arbitraries.just(Subject.KEYS)),
            Tuple.of(6, Arbitraries.of(KEYS).map(Subject::attribute)),
            Tuple.of(2, Arbitraries.of(TYPEB_SUBJECTS)));
      return Combinators.combine(subjects, Arbitraries.of(Operator.class)).as(Tuple::of)
            .filter(t -> !(t.get1() instanceof Subject.Keys && t.get2().kind() == Operator.Kind.NUMBER))
            .flatMap(t -> valueOrList(t.get1(), t.get2()).map(operand -> new Condition(t.get1(), t.get2(), operand)));
   }

   /** A single value, or (version 2) a list of one to five of them where the operator takes one. */
   private static Arbitrary<Operand> valueOrList(Subject subject, Operator op) {
      Arbitrary<Operand> single = operand(subject, op);
      boolean takesValue = op.kind() != Operator.Kind.EXISTENCE || subject instanceof Subject.Keys;
      if (!takesValue || !op.takesList()) {
         return single;
      }
      return Arbitraries.frequencyOf(
            Tuple.of(3, single),
            Tuple.of(1, single.list().ofMinSize(1).ofMaxSize(5).map(Operand.ValueList::new)));
   }

   public static Arbitrary<Operand> operand(Subject subject, Operator op) {
      return switch (op.kind()) {
         case TEXT -> Arbitraries.of(subject instanceof Subject.Keys ? KEYS : TEXTS).map(Operand.Text::new);
         case PATTERN -> patterns(subject instanceof Subject.Keys ? KEYS : TEXTS).map(Operand.Pattern::new);
         case NUMBER -> Arbitraries.of(NUMBERS).map(n -> new Operand.Number(new BigDecimal(n)));
         case EXISTENCE -> subject instanceof Subject.Keys
               ? Arbitraries.of(KEYS).map(Operand.Text::new)
               : Arbitraries.just(Operand.NONE);
      };
   }

   /**
    * Rules near the limits: up to 64 conditions, a share of them with patterns of up to 200 elements (mostly
    * wildcards), the kind whose translation must stay within what Artemis can afford.
    */
   public static Arbitrary<Rule> largeRules() {
      Arbitrary<Rule> longPatterns = Combinators.combine(Arbitraries.of(KEYS).map(Subject::attribute),
            Arbitraries.of(Operator.WEQ, Operator.NWEQ), patterns(TEXTS, 200))
            .as((subject, op, pattern) -> new Condition(subject, op, new Operand.Pattern(pattern)));
      Arbitrary<Rule> condition = Arbitraries.frequencyOf(
            Tuple.of(1, conditions().map(Rule.class::cast)),
            Tuple.of(2, longPatterns));
      Arbitrary<Rule> group = Combinators.combine(condition.list().ofMinSize(2).ofMaxSize(8), Arbitraries.of(true, false))
            .as((operands, and) -> and ? (Rule) new And(operands) : new Or(operands));
      return Combinators.combine(group.list().ofMinSize(2).ofMaxSize(8), Arbitraries.of(true, false))
            .as((operands, and) -> and ? (Rule) new And(operands) : new Or(operands));
   }

   /** Messages whose values are long runs of the vocabulary, so that long patterns match some of them. */
   public static Arbitrary<TestMessage> longValueMessages() {
      Arbitrary<String> longText = Arbitraries.of(TEXTS).list().ofMinSize(1).ofMaxSize(120).map(words -> String.join("", words));
      Arbitrary<List<Object[]>> attributes = Combinators.combine(Arbitraries.of(KEYS), longText)
            .as((k, v) -> new Object[] {k, v}).list().ofMaxSize(8);
      return Combinators.combine(Arbitraries.of(TEXTS), attributes).as((tag, entries) -> {
         LinkedHashMap<String, Object> map = new LinkedHashMap<>();
         for (Object[] entry : entries) {
            map.put((String) entry[0], entry[1]);
         }
         map.remove("JMSType");
         return new TestMessage(tag, map);
      });
   }

   /** Patterns built from pieces of the vocabulary, so they match real values as often as not. */
   static Arbitrary<WildcardPattern> patterns(List<String> vocabulary) {
      return patterns(vocabulary, 6);
   }

   private static Arbitrary<WildcardPattern> patterns(List<String> vocabulary, int maxElements) {
      Arbitrary<String> pieces = Arbitraries.of(vocabulary).flatMap(word -> word.isEmpty()
            ? Arbitraries.just(word)
            : Arbitraries.integers().between(0, word.length()).flatMap(from -> Arbitraries.integers()
                  .between(from, word.length()).map(to -> safeSubstring(word, from, to))));
      Arbitrary<WildcardPattern.Element> element = Arbitraries.frequencyOf(
            Tuple.of(4, pieces.filter(s -> !s.isEmpty()).map(WildcardPattern.Literal::new)),
            Tuple.of(2, Arbitraries.just(WildcardPattern.ANY_RUN)),
            Tuple.of(1, Arbitraries.just(WildcardPattern.ANY_CHAR)));
      return element.list().ofMaxSize(maxElements).map(WildcardPattern::new);
   }

   /** A substring that does not split a surrogate pair. */
   private static String safeSubstring(String word, int from, int to) {
      int start = from > 0 && from < word.length() && Character.isLowSurrogate(word.charAt(from)) ? from - 1 : from;
      int end = to < word.length() && to > 0 && Character.isLowSurrogate(word.charAt(to)) ? to + 1 : to;
      return word.substring(start, Math.max(start, end));
   }

   public static Arbitrary<TestMessage> messages() {
      Arbitrary<String> tags = Arbitraries.frequencyOf(
            Tuple.of(1, Arbitraries.just((String) null)),
            Tuple.of(4, Arbitraries.of(TEXTS)));
      Arbitrary<Object> values = Arbitraries.oneOf(
            Arbitraries.of(TEXTS).map(Object.class::cast),
            Arbitraries.of(NUMBERS).map(n -> (Object) n),
            Arbitraries.of(0L, 1L, -1L, 2L, 12L, 1500L, 16777217L, 9007199254740993L, Long.MAX_VALUE, Long.MIN_VALUE)
                  .map(Object.class::cast),
            Arbitraries.of(0, 1500, -3, Integer.MAX_VALUE).map(Object.class::cast),
            Arbitraries.of((short) 12, (short) -1).map(Object.class::cast),
            Arbitraries.of((byte) 2, (byte) 0).map(Object.class::cast),
            Arbitraries.of(0.0, -0.0, 0.1, 0.7, 1.5, 1500.0, 1e10, 9007199254740992.0, 1e300, Double.NaN,
                  Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, -Double.MIN_VALUE, -3.0).map(Object.class::cast),
            Arbitraries.of(0.1f, 0.7f, 1.5f, 16777216f, 3.4028235E38f, Float.NaN, 0.30000001192092896f, -0.0f, -Float.MIN_VALUE)
                  .map(Object.class::cast),
            Arbitraries.of(true, false).map(Object.class::cast)).injectNull(0.05);
      Arbitrary<List<Object[]>> attributes = Combinators.combine(Arbitraries.of(KEYS), values)
            .as((k, v) -> new Object[] {k, v}).list().ofMaxSize(5);
      Arbitrary<String> bodies = Arbitraries.frequencyOf(
            Tuple.of(3, Arbitraries.just((String) null)),
            Tuple.of(2, typeBBodies()));
      return Combinators.combine(tags, attributes, bodies).as((tag, entries, body) -> {
         LinkedHashMap<String, Object> map = new LinkedHashMap<>();
         for (Object[] entry : entries) {
            if (!"JMSType".equals(entry[0])) {
               map.put((String) entry[0], entry[1]);
            }
         }
         return new TestMessage(tag, map, body);
      });
   }

   /**
    * Bodies that are Type B messages, nearly (no SMI, lower-case SMI, elements before the SMI or after its END line),
    * with every kind of line end and element values from the shared vocabulary, so that generated rules hit them.
    */
   public static Arbitrary<String> typeBBodies() {
      Arbitrary<String> field = Arbitraries.frequencyOf(
            Tuple.of(6, Arbitraries.of(TEXTS).filter(t -> t.indexOf('\n') < 0 && t.indexOf('/') < 0)),
            Tuple.of(1, Arbitraries.of("CA1234", "05FEB", "SHA", "PEK", "Y", "0999123456", "RUSH", "")));
      Arbitrary<String> element = Combinators.combine(Arbitraries.of("F", "N", "E", "O", "X", "V", "f"),
                  field.list().ofMinSize(1).ofMaxSize(4), Arbitraries.of("", "", " ", "  "))
            .as((letter, fields, trailing) -> "." + letter + "/" + String.join("/", fields) + trailing);
      Arbitrary<String> line = Arbitraries.frequencyOf(
            Tuple.of(8, element),
            Tuple.of(1, Arbitraries.of("QU SHAXXCA", ".SHAXXCA 051200", "", "ENDBSM", "ENDBPM", ".F", ".F/", "BSM",
                  "XYZ", "END", "  .F/CA1 ", ".1/x")));
      Arbitrary<String> identifier = Arbitraries.of("BSM", "BPM", "BTM", "bsm", "BSMX", "");
      Arbitrary<String> heading = Arbitraries.of("QU PEKXXCA\n.SHAXXCA 051200", "", "BS", "QD SHAXXMU");
      Arbitrary<String> lineEnd = Arbitraries.of("\r\n", "\n", "\r");
      return Combinators.combine(heading, identifier, line.list().ofMaxSize(8), lineEnd, Arbitraries.of(true, false))
            .as((head, smi, lines, end, closed) -> {
               StringBuilder body = new StringBuilder(head).append(end).append(smi);
               for (String l : lines) {
                  body.append(end).append(l);
               }
               if (closed) {
                  body.append(end).append("END").append(smi).append(end).append(".F/AFTER1/01JAN/END");
               }
               return body.toString();
            });
   }

   public static List<Object> orderedKeys() {
      return new ArrayList<>(KEYS);
   }
}

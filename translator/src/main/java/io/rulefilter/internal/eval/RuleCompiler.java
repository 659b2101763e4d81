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
package io.rulefilter.internal.eval;

import io.rulefilter.eval.CompiledRule;
import io.rulefilter.eval.Explanation;
import io.rulefilter.message.AttributeKey;
import io.rulefilter.message.MessageView;
import io.rulefilter.message.MessageModel;
import io.rulefilter.rule.And;
import io.rulefilter.rule.Condition;
import io.rulefilter.rule.Not;
import io.rulefilter.rule.Operand;
import io.rulefilter.rule.Operator;
import io.rulefilter.rule.Or;
import io.rulefilter.rule.Rule;
import io.rulefilter.rule.Subject;

import java.util.ArrayList;
import java.util.List;

/** Compiles rules into matcher trees. Negated operators compile as the complement of their positive twin. */
public final class RuleCompiler {

   private static final RuleCompiler DEFAULT = new RuleCompiler(MessageModel.DEFAULT);

   private final MessageModel model;

   public RuleCompiler(MessageModel model) {
      this.model = model;
   }

   /** Compiles for the default message model (tag in {@code JMSType}). */
   public static CompiledRule compileDefault(Rule rule) {
      return DEFAULT.compile(rule);
   }

   public MessageModel model() {
      return model;
   }

   public CompiledRule compile(Rule rule) {
      return new CompiledMatcher(rule, matcher(rule));
   }

   /** Every node of {@code rule} with its own verdict on {@code message}. */
   public Explanation explain(Rule rule, MessageView message) {
      List<Explanation> operands = operandsOf(rule).stream().map(child -> explain(child, message)).toList();
      return new Explanation(rule, compile(rule).matches(message), operands);
   }

   private static List<Rule> operandsOf(Rule rule) {
      if (rule instanceof And and) {
         return and.operands();
      }
      if (rule instanceof Or or) {
         return or.operands();
      }
      if (rule instanceof Not not) {
         return List.of(not.operand());
      }
      return List.of();
   }

   private Matcher matcher(Rule rule) {
      if (rule instanceof And and) {
         return new AllOf(and.operands().stream().map(this::matcher).toArray(Matcher[]::new));
      }
      if (rule instanceof Or or) {
         return new AnyOf(or.operands().stream().map(this::matcher).toArray(Matcher[]::new));
      }
      if (rule instanceof Not not) {
         return new NoneOf(matcher(not.operand()));
      }
      Condition c = (Condition) rule;
      Matcher positive = positive(c.subject(), c.operator().positive(), c.operand());
      return c.operator().isNegated() ? new NoneOf(positive) : positive;
   }

   private Matcher positive(Subject subject, Operator op, Operand operand) {
      if (subject instanceof Subject.Tag) {
         return op == Operator.EX ? message -> message.tag() != null : new TagMatcher(valueTest(op, operand));
      }
      if (subject instanceof Subject.Attribute a) {
         return attribute(a.key(), op == Operator.EX ? null : valueTest(op, operand));
      }
      if (subject instanceof Subject.TypeB b) {
         return new TypeBMatcher(b, op == Operator.EX ? null : valueTest(op, operand));
      }
      return keys(op, operand);
   }

   /** An attribute condition; {@code test == null} asks only whether the attribute exists. */
   private Matcher attribute(String key, ValueTest test) {
      if (model.isReserved(key)) {
         return Matcher.NEVER;
      }
      AttributeKey attributeKey = new AttributeKey(key);
      return test == null ? message -> message.attribute(attributeKey) != null : new AttributeMatcher(attributeKey, test);
   }

   /** {@code @attr}: keys named exactly (by {@code ex} or a wildcard-free {@code weq}) are looked up, not searched. */
   private Matcher keys(Operator op, Operand operand) {
      List<Operand> values = operand instanceof Operand.ValueList list ? list.items() : List.of(operand);
      List<String> exactKeys = new ArrayList<>();
      for (Operand value : values) {
         if (op == Operator.EX) {
            exactKeys.add(((Operand.Text) value).text());
         } else if (op == Operator.WEQ && value instanceof Operand.Pattern p && p.pattern().isLiteral()
               && !p.pattern().elements().isEmpty()) {
            exactKeys.add(p.pattern().literalText());
         }
      }
      if (exactKeys.size() < values.size()) {
         return new KeyMatcher(textTest(op, operand), model);
      }
      Matcher[] lookups = exactKeys.stream().distinct().map(key -> attribute(key, null)).toArray(Matcher[]::new);
      return lookups.length == 1 ? lookups[0] : new AnyOf(lookups);
   }

   private ValueTest valueTest(Operator op, Operand operand) {
      if (operand instanceof Operand.Number n) {
         return new NumberTest(op, n.value());
      }
      if (operand instanceof Operand.ValueList list && list.items().get(0) instanceof Operand.Number) {
         return new NumberSetTest(list.items().stream().map(item -> ((Operand.Number) item).value()).toList());
      }
      return textTest(op, operand);
   }

   private static TextTest textTest(Operator op, Operand operand) {
      boolean ignoreCase = op.ignoresCase();
      if (operand instanceof Operand.ValueList list) {
         return anyText(op, list, ignoreCase);
      }
      return switch (op.caseSensitive()) {
         case BEG -> TextTest.prefix(((Operand.Text) operand).text(), ignoreCase);
         case END -> TextTest.suffix(((Operand.Text) operand).text(), ignoreCase);
         case WEQ -> TextTest.pattern(((Operand.Pattern) operand).pattern(), ignoreCase);
         default -> throw new IllegalArgumentException("not a text operator: " + op);
      };
   }

   /** A list: wildcard-free {@code weq}/{@code weqi} items go into one hash set, the rest are tested one by one. */
   private static TextTest anyText(Operator op, Operand.ValueList list, boolean ignoreCase) {
      List<String> literals = new ArrayList<>();
      List<TextTest> others = new ArrayList<>();
      for (Operand item : list.items()) {
         if (item instanceof Operand.Pattern p && p.pattern().isLiteral()) {
            literals.add(p.pattern().literalText());
         } else {
            others.add(textTest(op, item));
         }
      }
      TextSet set = literals.isEmpty() ? null : new TextSet(literals, ignoreCase);
      if (set == null && others.size() == 1) {
         return others.get(0);
      }
      return new TextTest.AnyOf(set, others.toArray(TextTest[]::new));
   }
}

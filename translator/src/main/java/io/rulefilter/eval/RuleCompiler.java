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
package io.rulefilter.eval;

import io.rulefilter.message.AttributeKey;
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
      return new CompiledRule(rule, matcher(rule));
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

   private Matcher keys(Operator op, Operand operand) {
      if (op == Operator.EX) {
         return attribute(((Operand.Text) operand).text(), null);
      }
      if (operand instanceof Operand.Pattern p && p.pattern().isLiteral() && !p.pattern().elements().isEmpty()) {
         return attribute(p.pattern().literalText(), null);
      }
      return new KeyMatcher(textTest(op, operand), model);
   }

   private ValueTest valueTest(Operator op, Operand operand) {
      if (operand instanceof Operand.Number n) {
         return new NumberTest(op, n.value());
      }
      return textTest(op, operand);
   }

   private static TextTest textTest(Operator op, Operand operand) {
      return switch (op) {
         case BEG -> new TextTest.Prefix(((Operand.Text) operand).text());
         case END -> new TextTest.Suffix(((Operand.Text) operand).text());
         case WEQ -> {
            WildcardPattern pattern = ((Operand.Pattern) operand).pattern();
            yield pattern.isLiteral()
                  ? new TextTest.Equal(pattern.literalText())
                  : new TextTest.Wildcard(new WildcardMatcher(pattern));
         }
         default -> throw new IllegalArgumentException("not a text operator: " + op);
      };
   }
}

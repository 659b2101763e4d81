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
import io.rulefilter.rule.Condition;
import io.rulefilter.rule.Operand;
import io.rulefilter.rule.Operator;
import io.rulefilter.rule.Subject;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the value side of a condition for {@link RuleParser}: one value, or in version 2 a list of them. Kept apart
 * from the parser so that every error about a value, and above all about one item of a list, is said in one place:
 * at the item, naming it.
 */
final class OperandReader {

   private final Scanner in;
   private final RuleLimits limits;
   private final boolean v2;

   OperandReader(Scanner in, RuleLimits limits, boolean v2) {
      this.in = in;
      this.limits = limits;
      this.v2 = v2;
   }

   Operand operand(Subject subject, Operator op) {
      Class<? extends Operand> kind = Condition.expectedOperand(subject, op);
      if (kind == Operand.None.class) {
         return Operand.NONE;
      }
      in.skipSpace();
      String what = switch (op.kind()) {
         case NUMBER -> "a number";
         case EXISTENCE -> "a key";
         default -> "a value";
      };
      if (in.atEnd() || in.peek() == ')') {
         throw in.unexpected(what + " after '" + op.keyword() + "'");
      }
      if (v2 && in.peek() == '(') {
         return list(op, kind, what);
      }
      int start = in.pos();
      return single(op, kind, what, start, in.found(), in.word(), "");
   }

   /** A value list: {@code (a, b, c)}, at least one item and at most the limit. */
   private Operand list(Operator op, Class<? extends Operand> kind, String what) {
      int open = in.pos();
      if (!op.takesList()) {
         throw in.error(open, "a number", "a list", "'" + op.keyword() + "' takes one number, not a list: say '"
               + op.keyword() + "' the " + (op == Operator.GT || op == Operator.GE ? "smallest" : "largest")
               + " bound instead");
      }
      in.advance(1);
      List<Operand> items = new ArrayList<>();
      while (true) {
         in.skipSpace();
         requireMore(open);
         int start = in.pos();
         if (in.peek() == ')' || in.peek() == ',') {
            throw in.error(start, what, in.foundItem(), items.isEmpty() && in.peek() == ')'
                  ? "an empty list: expected " + what + " in the list after '" + op.keyword() + "'"
                  : "expected " + what + " in the list after '" + op.keyword() + "', found " + in.foundItem());
         }
         if (items.size() == limits.maxListItems()) {
            throw in.error(start, "at most " + limits.maxListItems() + " items", "more",
                  "the list has more than the limit of " + limits.maxListItems() + " items");
         }
         items.add(single(op, kind, what, start, in.foundItem(), in.item(), " in the list"));
         in.skipSpace();
         requireMore(open);
         if (in.symbol(")")) {
            return new Operand.ValueList(items);
         }
         if (!in.symbol(",")) {
            throw in.error(in.pos(), "',' or ')'", in.foundItem(), "expected ',' or ')' in the list opened at "
                  + in.column(open) + ", found " + in.foundItem());
         }
      }
   }

   /** A list that runs to the end of the rule is said so, pointing at where it opened. */
   private void requireMore(int open) {
      if (in.atEnd()) {
         throw in.error(in.pos(), "')'", "end of rule", "the list opened at " + in.column(open) + " is never closed");
      }
   }

   /** One value, alone or as an item of a list ({@code where} says which, for errors). */
   private Operand single(Operator op, Class<? extends Operand> kind, String what, int start, String found, Word value,
         String where) {
      if (kind == Operand.Number.class) {
         return new Operand.Number(number(value, op, start, found, where));
      }
      if (kind == Operand.Pattern.class) {
         return new Operand.Pattern(value.pattern());
      }
      if (op.kind() == Operator.Kind.EXISTENCE && value.text().isEmpty()) {
         throw in.error(start, what, "an empty key", "expected a key" + where + " after '" + op.keyword()
               + "', found an empty key");
      }
      return new Operand.Text(value.text());
   }

   private BigDecimal number(Word value, Operator op, int start, String found, String where) {
      if (value.hasEscapes() || !DecimalSyntax.isWellFormed(value.text())) {
         throw in.error(start, "a number", found, "expected a number" + where + " after '" + op.keyword() + "', found "
               + found);
      }
      BigDecimal number = DecimalSyntax.parse(value.text());
      if (number == null) {
         throw in.error(start, "a number within range", found, "the number " + found + " is out of range: its "
               + "exponent in scientific notation must lie within ±" + DecimalSyntax.MAX_EXPONENT);
      }
      return number;
   }
}

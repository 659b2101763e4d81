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
package io.rulefilter.rule;

import java.util.Locale;
import java.util.Optional;

/** The operators of the rule language. Negated operators are exact complements of their positive twin. */
public enum Operator {
   BEG(Kind.TEXT), END(Kind.TEXT),
   WEQ(Kind.PATTERN), NWEQ(Kind.PATTERN),
   EX(Kind.EXISTENCE), NEX(Kind.EXISTENCE),
   GT(Kind.NUMBER), GE(Kind.NUMBER), LT(Kind.NUMBER), LE(Kind.NUMBER), EQ(Kind.NUMBER), NEQ(Kind.NUMBER),
   /** Version 2: {@code beg}, {@code end}, {@code weq}, {@code nweq} without regard to case. */
   BEGI(Kind.TEXT), ENDI(Kind.TEXT), WEQI(Kind.PATTERN), NWEQI(Kind.PATTERN);

   /** What an operator compares, which decides the operand it takes. */
   public enum Kind { TEXT, PATTERN, EXISTENCE, NUMBER }

   /** The keywords of version 1, for messages that list what a v1 rule may say. */
   public static final String V1_KEYWORDS = "beg, end, weq, nweq, ex, nex, gt, ge, lt, le, eq, neq";
   public static final String KEYWORDS = V1_KEYWORDS + ", begi, endi, weqi, nweqi";

   private final Kind kind;

   Operator(Kind kind) {
      this.kind = kind;
   }

   public Kind kind() {
      return kind;
   }

   public String keyword() {
      return name().toLowerCase(Locale.ROOT);
   }

   /** True for {@code nweq}, {@code nweqi}, {@code nex} and {@code neq}, the complements of their positive twins. */
   public boolean isNegated() {
      return this == NWEQ || this == NWEQI || this == NEX || this == NEQ;
   }

   /** The positive operator this one complements; itself when it is not negated. */
   public Operator positive() {
      return switch (this) {
         case NWEQ -> WEQ;
         case NWEQI -> WEQI;
         case NEX -> EX;
         case NEQ -> EQ;
         default -> this;
      };
   }

   /** True for the case-insensitive operators of version 2 ({@code begi endi weqi nweqi}). */
   public boolean ignoresCase() {
      return this == BEGI || this == ENDI || this == WEQI || this == NWEQI;
   }

   /** The operator that compares the same way with regard to case: {@code weq} for {@code weqi}; itself otherwise. */
   public Operator caseSensitive() {
      return switch (this) {
         case BEGI -> BEG;
         case ENDI -> END;
         case WEQI -> WEQ;
         case NWEQI -> NWEQ;
         default -> this;
      };
   }

   /** True when the operator belongs to version 2 only. */
   public boolean isV2() {
      return ignoresCase();
   }

   /** True when a value list may stand for the value: every op that takes a value except the ordering ones. */
   public boolean takesList() {
      return kind != Kind.NUMBER || this == EQ || this == NEQ;
   }

   public static Optional<Operator> fromKeyword(String word) {
      for (Operator op : values()) {
         if (op.keyword().equalsIgnoreCase(word)) {
            return Optional.of(op);
         }
      }
      return Optional.empty();
   }
}

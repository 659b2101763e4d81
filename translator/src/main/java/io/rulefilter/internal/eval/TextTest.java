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

import io.rulefilter.internal.message.ValueText;
import io.rulefilter.rule.WildcardPattern;

/**
 * A string operator: sees any value through {@link ValueText}. Integers are printed into a per-thread buffer rather
 * than a new string, so strings, integers and booleans are tested without allocating; floating-point values are
 * printed by {@link Double#toString}, which allocates.
 */
abstract class TextTest implements ValueTest {

   private static final ThreadLocal<IntegerText> INTEGER_TEXT = ThreadLocal.withInitial(IntegerText::new);

   abstract boolean test(CharSequence text);

   @Override
   public final boolean test(Object value) {
      if (value instanceof CharSequence text) {
         return test(text);
      }
      if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
         return test(INTEGER_TEXT.get().of(((Number) value).longValue()));
      }
      CharSequence text = ValueText.of(value);
      return text != null && test(text);
   }

   /** {@code beg}, or {@code begi} ignoring case. */
   static TextTest prefix(String prefix, boolean ignoreCase) {
      if (!ignoreCase) {
         return new Prefix(prefix);
      }
      int[] folded = CaseFold.codePoints(prefix, true);
      return new TextTest() {
         @Override
         boolean test(CharSequence text) {
            return CaseFold.startsWith(text, folded);
         }
      };
   }

   /** {@code end}, or {@code endi} ignoring case. */
   static TextTest suffix(String suffix, boolean ignoreCase) {
      if (!ignoreCase) {
         return new Suffix(suffix);
      }
      int[] folded = CaseFold.codePoints(suffix, true);
      return new TextTest() {
         @Override
         boolean test(CharSequence text) {
            return CaseFold.endsWith(text, folded);
         }
      };
   }

   /** {@code weq} of a pattern, or {@code weqi} ignoring case. */
   static TextTest pattern(WildcardPattern pattern, boolean ignoreCase) {
      if (!pattern.isLiteral()) {
         return new Wildcard(new WildcardMatcher(pattern, ignoreCase));
      }
      if (!ignoreCase) {
         return new Equal(pattern.literalText());
      }
      int[] folded = CaseFold.codePoints(pattern.literalText(), true);
      return new TextTest() {
         @Override
         boolean test(CharSequence text) {
            return CaseFold.equals(text, folded);
         }
      };
   }

   /** {@code beg}. */
   static final class Prefix extends TextTest {
      private final String prefix;

      Prefix(String prefix) {
         this.prefix = prefix;
      }

      @Override
      boolean test(CharSequence text) {
         return Texts.regionEquals(text, 0, prefix);
      }
   }

   /** {@code end}. */
   static final class Suffix extends TextTest {
      private final String suffix;

      Suffix(String suffix) {
         this.suffix = suffix;
      }

      @Override
      boolean test(CharSequence text) {
         int at = text.length() - suffix.length();
         return at >= 0 && Texts.regionEquals(text, at, suffix);
      }
   }

   /** {@code weq} without wildcards. */
   static final class Equal extends TextTest {
      private final String expected;

      Equal(String expected) {
         this.expected = expected;
      }

      @Override
      boolean test(CharSequence text) {
         return text.length() == expected.length() && Texts.regionEquals(text, 0, expected);
      }
   }

   /** {@code weq} with wildcards. */
   static final class Wildcard extends TextTest {
      private final WildcardMatcher matcher;

      Wildcard(WildcardMatcher matcher) {
         this.matcher = matcher;
      }

      @Override
      boolean test(CharSequence text) {
         return matcher.matches(text);
      }
   }

   /**
    * A value list: the text passes when it is one of {@code texts} (one hash lookup, however many) or passes one of
    * {@code others} (patterns with wildcards, prefixes, suffixes: one test each).
    */
   static final class AnyOf extends TextTest {
      private final TextSet texts;
      private final TextTest[] others;

      AnyOf(TextSet texts, TextTest[] others) {
         this.texts = texts;
         this.others = others;
      }

      @Override
      boolean test(CharSequence text) {
         if (texts != null && texts.contains(text)) {
            return true;
         }
         for (TextTest other : others) {
            if (other.test(text)) {
               return true;
            }
         }
         return false;
      }
   }
}

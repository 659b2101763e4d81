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

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A {@code weq} pattern: literal runs, {@code *} (any run of code points, also none) and {@code ?} (one code point).
 * Adjacent literals are joined and repeated {@code *} collapse, so equal patterns have equal element lists.
 */
public record WildcardPattern(List<Element> elements) {

   /** One piece of a pattern. */
   public sealed interface Element permits Literal, AnyRun, AnyChar {
   }

   public record Literal(String text) implements Element {

      public Literal {
         if (text.isEmpty()) {
            throw new IllegalArgumentException("a literal must not be empty");
         }
      }
   }

   public record AnyRun() implements Element {
   }

   public record AnyChar() implements Element {
   }

   public static final AnyRun ANY_RUN = new AnyRun();
   public static final AnyChar ANY_CHAR = new AnyChar();

   public WildcardPattern {
      elements = normalize(elements);
   }

   /** A pattern that matches exactly {@code text}. */
   public static WildcardPattern literal(String text) {
      return new WildcardPattern(text.isEmpty() ? List.of() : List.of(new Literal(text)));
   }

   /** True when the pattern has no wildcard, so it matches one text only. */
   public boolean isLiteral() {
      return elements.stream().allMatch(Literal.class::isInstance);
   }

   /** The concatenated literal text, wildcards left out. */
   public String literalText() {
      StringBuilder text = new StringBuilder();
      for (Element e : elements) {
         if (e instanceof Literal l) {
            text.append(l.text());
         }
      }
      return text.toString();
   }

   private static List<Element> normalize(List<Element> input) {
      List<Element> out = new ArrayList<>(input.size());
      for (Element e : input) {
         Element last = out.isEmpty() ? null : out.get(out.size() - 1);
         if (e instanceof Literal l && last instanceof Literal prev) {
            out.set(out.size() - 1, new Literal(prev.text() + l.text()));
         } else if (e instanceof AnyRun && last instanceof AnyRun) {
            continue;
         } else {
            out.add(Objects.requireNonNull(e, "element"));
         }
      }
      return List.copyOf(out);
   }
}

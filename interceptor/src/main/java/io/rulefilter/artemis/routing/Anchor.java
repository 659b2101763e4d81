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
package io.rulefilter.artemis.routing;

import io.rulefilter.internal.eval.CaseFold;
import io.rulefilter.message.MessageModel;
import io.rulefilter.rule.And;
import io.rulefilter.rule.Condition;
import io.rulefilter.rule.Operand;
import io.rulefilter.rule.Operator;
import io.rulefilter.rule.Or;
import io.rulefilter.rule.Rule;
import io.rulefilter.rule.Subject;
import org.apache.activemq.artemis.api.core.SimpleString;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A necessary condition of a rule that the index can test without evaluating the rule: the value text of the tag, of
 * one attribute or of one Type B subject (any of its occurrences) must equal one of {@code values} or start with one
 * of {@code prefixes}. It comes from a
 * wildcard-free {@code weq} or a {@code beg}, or a list of them (every item is an item of the anchor, so a rule that lists
 * 1,000 flights costs one lookup), from any conjunct of an {@code and}, and from every operand of an
 * {@code or} when all are anchored on the same key. Its items never overlap (no prefix starts another, no value
 * starts with a prefix), so a message's value meets at most one of them and the rule is evaluated at most once.
 * <p>
 * The case-insensitive {@code weqi} and {@code begi} make anchors that {@code ignoreCase}: their items are folded by
 * the evaluator's {@link CaseFold}, and so is the message's value, once, before it is looked up. Folding keeps the
 * code-point count, so equal folded texts are exactly the texts {@code weqi} finds equal, and a folded prefix is
 * exactly what {@code begi} tests, unless it ends in half a surrogate pair (then there is no such anchor).
 *
 * @param key        the attribute key, null for the tag, or a Type B subject's {@link #keyOf key}
 * @param ignoreCase whether the items, and the message's value before its lookup, are case-folded
 * @param values     whole value texts, as Artemis holds strings
 * @param prefixes   value-text prefixes
 */
record Anchor(String key, boolean ignoreCase, Set<SimpleString> values, Set<String> prefixes) {

   static Optional<Anchor> of(Rule rule, MessageModel model) {
      if (rule instanceof Condition c) {
         return ofCondition(c, model);
      }
      if (rule instanceof And and) {
         return ofConjunction(and.operands(), model);
      }
      if (rule instanceof Or or) {
         return ofDisjunction(or.operands(), model);
      }
      return Optional.empty();
   }

   /**
    * Whether {@code rule} holds exactly when a message's value meets its anchor, so the index need not evaluate it:
    * a condition that is its own anchor, or an or of such conditions on one key.
    */
   static boolean isWhole(Rule rule, MessageModel model) {
      if (rule instanceof Condition c) {
         return ofCondition(c, model).isPresent();
      }
      return rule instanceof Or or && ofDisjunction(or.operands(), model).isPresent()
            && or.operands().stream().allMatch(disjunct -> isWhole(disjunct, model));
   }

   private static Optional<Anchor> ofCondition(Condition c, MessageModel model) {
      String key;
      if (c.subject() instanceof Subject.Tag) {
         key = null;
      } else if (c.subject() instanceof Subject.Attribute a && !model.isReserved(a.key())
            && !a.key().startsWith(TYPEB_MARK)) {
         key = a.key();
      } else if (c.subject() instanceof Subject.TypeB b) {
         key = keyOf(b);
      } else {
         return Optional.empty();
      }
      List<Operand> items = c.operand() instanceof Operand.ValueList list ? list.items() : List.of(c.operand());
      boolean ignoreCase = c.operator().ignoresCase();
      Operator op = c.operator().caseSensitive();
      Set<SimpleString> values = new LinkedHashSet<>();
      Set<String> prefixes = new LinkedHashSet<>();
      for (Operand item : items) {
         if (op == Operator.WEQ && item instanceof Operand.Pattern p && p.pattern().isLiteral()) {
            values.add(SimpleString.of(folded(p.pattern().literalText(), ignoreCase)));
         } else if (op == Operator.BEG && item instanceof Operand.Text t && !endsInHighSurrogate(t.text(), ignoreCase)) {
            prefixes.add(folded(t.text(), ignoreCase));
         } else {
            return Optional.empty(); // a wildcard, an endi or negated op: no item to look up
         }
      }
      return Optional.of(withoutOverlaps(key, ignoreCase, values, prefixes));
   }

   private static String folded(String text, boolean ignoreCase) {
      return ignoreCase ? CaseFold.fold(text) : text;
   }

   /**
    * Whether a folded prefix would end in a lone high surrogate: the index walks folded text by chars, so it would
    * meet the first half of a pair that {@code begi}, comparing code points, does not.
    */
   private static boolean endsInHighSurrogate(String prefix, boolean ignoreCase) {
      return ignoreCase && !prefix.isEmpty() && Character.isHighSurrogate(prefix.charAt(prefix.length() - 1));
   }

   /**
    * Marks the key of a Type B subject ({@code "\0@typeb.F.1"}), so that it shares no bucket with an attribute: an
    * attribute key that starts with it is never an anchor.
    */
   static final String TYPEB_MARK = "\0";

   /** The anchor key of a Type B subject. */
   static String keyOf(Subject.TypeB subject) {
      return TYPEB_MARK + subject.text();
   }

   /** The Type B subject an anchor key names, or null for the tag or an attribute. */
   static Subject.TypeB typeBOf(String key) {
      if (key == null || !key.startsWith(TYPEB_MARK)) {
         return null;
      }
      String[] parts = key.substring(TYPEB_MARK.length()).split("\\.");
      return parts.length == 1 ? Subject.TYPEB : new Subject.TypeB(parts[1].charAt(0),
            parts.length == 2 ? Subject.TypeB.WHOLE : Integer.parseInt(parts[2]));
   }

   /** Any conjunct's anchor will do; whole values narrow more than prefixes, so they win. */
   private static Optional<Anchor> ofConjunction(List<Rule> conjuncts, MessageModel model) {
      Optional<Anchor> withPrefixes = Optional.empty();
      for (Rule conjunct : conjuncts) {
         Optional<Anchor> anchor = of(conjunct, model);
         if (anchor.isPresent() && anchor.get().prefixes().isEmpty()) {
            return anchor;
         }
         if (withPrefixes.isEmpty()) {
            withPrefixes = anchor;
         }
      }
      return withPrefixes;
   }

   /** Every disjunct must be anchored on the same key, all with case or all ignoring it; the anchor is their union. */
   private static Optional<Anchor> ofDisjunction(List<Rule> disjuncts, MessageModel model) {
      String key = null;
      boolean ignoreCase = false;
      Set<SimpleString> values = new LinkedHashSet<>();
      Set<String> prefixes = new LinkedHashSet<>();
      for (int i = 0; i < disjuncts.size(); i++) {
         Optional<Anchor> anchor = of(disjuncts.get(i), model);
         if (anchor.isEmpty() || (i > 0 && (!Objects.equals(key, anchor.get().key())
               || ignoreCase != anchor.get().ignoreCase()))) {
            return Optional.empty();
         }
         key = anchor.get().key();
         ignoreCase = anchor.get().ignoreCase();
         values.addAll(anchor.get().values());
         prefixes.addAll(anchor.get().prefixes());
      }
      return Optional.of(withoutOverlaps(key, ignoreCase, values, prefixes));
   }

   /** Keeps the shortest of nested prefixes and drops values that a kept prefix already admits. */
   private static Anchor withoutOverlaps(String key, boolean ignoreCase, Set<SimpleString> values, Set<String> prefixes) {
      Set<String> kept = new LinkedHashSet<>();
      for (String prefix : prefixes) {
         if (prefixes.stream().noneMatch(other -> !other.equals(prefix) && prefix.startsWith(other))) {
            kept.add(prefix);
         }
      }
      Set<SimpleString> whole = new LinkedHashSet<>();
      for (SimpleString value : values) {
         if (kept.stream().noneMatch(value.toString()::startsWith)) {
            whole.add(value);
         }
      }
      return new Anchor(key, ignoreCase, Set.copyOf(whole), Set.copyOf(kept));
   }
}

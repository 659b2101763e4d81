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
package io.rulefilter.internal.sql;

import io.rulefilter.rule.WildcardPattern;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A {@code beg}, {@code end} or {@code weq} condition as SQL {@code LIKE} patterns, with {@code !} as escape
 * character, written so that Artemis can afford to evaluate them and the JMS client leaves them alone.
 * <p>
 * <b>Cost.</b> Artemis evaluates {@code LIKE} as a Java regular expression in which {@code %} becomes a reluctant
 * {@code .*?}; with two or more of them the regex backtracks and one message can cost seconds. A pattern is
 * <em>affordable</em> when it has at most one {@code %} followed by at most {@value #MAX_AFTER_ANY} code points, or
 * is {@code %M%} with {@code M} at most that long: Artemis then spends at most that many steps per character of the
 * value. Any other pattern is replaced by affordable ones whose conjunction accepts at least as much: the part before
 * the first {@code *} and after the last, and each distinct middle segment on its own, as many as
 * {@link #MAX_PASSES_PER_PATTERN} allows; a rule's pieces together stay within a {@link LikeBudget}.
 * <p>
 * <b>Non-string values.</b> Artemis's {@code LIKE} is FALSE for a value that is not a string, while the rule matches
 * its printed text ({@code 12}, {@code true}, {@code 1.5E10}); a pattern whose literal characters all occur in such
 * texts may match one, so Artemis's verdict can then only be trusted as a superset.
 */
final class LikePattern {

   static final char ESCAPE = '!';
   /** Code points after a {@code %}: Artemis retries them at every position of the value. */
   static final int MAX_AFTER_ANY = 32;
   /** Passes ({@link LikeBudget}) the pieces of one superset may cost: the anchored piece and a middle one. */
   static final int MAX_PASSES_PER_PATTERN = 2 * (MAX_AFTER_ANY + 1);

   /** Every character Java uses to print a boolean, integer, float or double (incl. NaN, Infinity). */
   private static final String NON_STRING_ALPHABET = "0123456789.-EtruefalsNaIinity";
   private static final String PERSISTENT = "PERSISTENT";
   /** Literals the JMS client rewrites when they stand between quotes. */
   private static final List<String> REWRITTEN_LITERALS = List.of(PERSISTENT, "NON_PERSISTENT");

   private final List<List<WildcardPattern.Element>> segments = new ArrayList<>(); // split at '*'
   private final boolean mayMatchNonString;

   private LikePattern(List<WildcardPattern.Element> elements) {
      List<WildcardPattern.Element> current = new ArrayList<>();
      boolean literalOutsideAlphabet = false;
      for (WildcardPattern.Element e : elements) {
         if (e instanceof WildcardPattern.AnyRun) {
            segments.add(current);
            current = new ArrayList<>();
            continue;
         }
         if (e instanceof WildcardPattern.Literal l) {
            literalOutsideAlphabet |= l.text().chars().anyMatch(ch -> NON_STRING_ALPHABET.indexOf(ch) < 0);
         }
         current.add(e);
      }
      segments.add(current);
      this.mayMatchNonString = !literalOutsideAlphabet;
   }

   static LikePattern prefix(String text) {
      List<WildcardPattern.Element> elements = new ArrayList<>(WildcardPattern.literal(text).elements());
      elements.add(WildcardPattern.ANY_RUN);
      return new LikePattern(elements);
   }

   static LikePattern suffix(String text) {
      List<WildcardPattern.Element> elements = new ArrayList<>(List.of(WildcardPattern.ANY_RUN));
      elements.addAll(WildcardPattern.literal(text).elements());
      return new LikePattern(elements);
   }

   static LikePattern of(WildcardPattern pattern) {
      return new LikePattern(pattern.elements());
   }

   boolean mayMatchNonString() {
      return mayMatchNonString;
   }

   /** True when {@link #like} says exactly what the pattern says (for strings), given the budget for it. */
   boolean isExact() {
      return affordable(false) != null;
   }

   /**
    * {@code p LIKE …} for a quoted property {@code p}, written with the pieces that fit in {@code budget}: exact when
    * {@link #isExact} and every piece fits, else a superset; null when no piece fits.
    */
   Like like(String property, LikeBudget budget) {
      List<String> patterns = affordable(false);
      boolean complete = patterns != null;
      if (patterns == null) {
         patterns = affordable(true);
      }
      List<String> parts = new ArrayList<>();
      for (String pattern : patterns) {
         if (!budget.take(passes(pattern))) {
            complete = false; // leaving out one piece of a conjunction only widens it
            continue;
         }
         parts.add(pattern.equals(PERSISTENT)
               // the client would rewrite the literal 'PERSISTENT'; say the same without writing it
               ? "(" + property + " LIKE 'PERSISTENT%' AND " + property + " NOT LIKE 'PERSISTENT_%')"
               : property + " LIKE " + literal(pattern));
      }
      if (parts.isEmpty()) {
         return null;
      }
      return new Like(parts.size() == 1 ? parts.get(0) : "(" + String.join(" AND ", parts) + ")", complete);
   }

   /**
    * {@code p NOT LIKE …}; only for an exact pattern, null when it does not fit in {@code budget}. TRUE for a value
    * that is not a string, NULL when absent.
    */
   String notLike(String property, LikeBudget budget) {
      String pattern = affordable(false).get(0);
      if (!budget.take(passes(pattern))) {
         return null;
      }
      if (pattern.equals(PERSISTENT)) {
         return "(" + property + " NOT LIKE 'PERSISTENT%' OR " + property + " LIKE 'PERSISTENT_%')";
      }
      return property + " NOT LIKE " + literal(pattern);
   }

   /** A LIKE condition and whether it says all the pattern says (else it is wider). */
   record Like(String sql, boolean complete) {
   }

   /** What a piece costs Artemis; {@code PERSISTENT} is written as two patterns with a {@code %} each. */
   private static int passes(String pattern) {
      return pattern.equals(PERSISTENT) ? 2 : LikeBudget.passes(pattern);
   }

   /**
    * The LIKE pattern texts: one exact affordable pattern, or (with {@code superset}) affordable patterns whose
    * conjunction covers this one; null when there is no exact one. Occurrences of {@code PERSISTENT} that the client
    * would rewrite lose their first letter to {@code _}, which only widens the pattern. A superset holds each piece
    * once and at most {@value #MAX_PASSES_PER_PATTERN} passes of them, the anchored piece first: a legal pattern may
    * have two thousand {@code *}, and Artemis would evaluate every piece.
    */
   private List<String> affordable(boolean superset) {
      int stars = segments.size() - 1;
      List<WildcardPattern.Element> head = segments.get(0);
      List<WildcardPattern.Element> tail = segments.get(stars);
      List<String> out = new ArrayList<>();
      boolean exact = true;
      if (stars == 0) {
         out.add(text(head));
      } else if (stars == 1) {
         exact = codePoints(tail) <= MAX_AFTER_ANY;
         out.add(text(head) + "%" + text(lastCodePoints(tail)));
      } else if (stars == 2 && head.isEmpty() && tail.isEmpty()) {
         List<WildcardPattern.Element> middle = segments.get(1);
         exact = codePoints(middle) <= MAX_AFTER_ANY;
         out.add("%" + text(firstCodePoints(middle)) + "%");
      } else {
         exact = false;
         out.add(text(head) + "%" + text(lastCodePoints(tail)));
         for (List<WildcardPattern.Element> middle : segments.subList(1, stars)) {
            if (!middle.isEmpty()) {
               out.add("%" + text(firstCodePoints(middle)) + "%");
            }
         }
      }
      for (int i = 0; i < out.size(); i++) {
         String safe = withoutRewrittenLiteral(out.get(i));
         exact &= safe.equals(out.get(i));
         out.set(i, safe);
      }
      if (exact) {
         return out;
      }
      return superset ? distinctWithinCap(out) : null;
   }

   private static List<String> distinctWithinCap(List<String> pieces) {
      Set<String> kept = new LinkedHashSet<>();
      int passes = 0;
      for (String piece : pieces) {
         int cost = passes(piece);
         if (!kept.contains(piece) && passes + cost <= MAX_PASSES_PER_PATTERN) {
            kept.add(piece);
            passes += cost;
         }
      }
      return new ArrayList<>(kept);
   }

   /**
    * The client rewrites {@code 'PERSISTENT'} and {@code 'NON_PERSISTENT'}: such a word standing between the
    * literal's ends or quotes inside it loses its first letter to {@code _}.
    */
   private static String withoutRewrittenLiteral(String pattern) {
      if (pattern.equals(PERSISTENT)) {
         return pattern; // written another way by like()/notLike()
      }
      StringBuilder out = new StringBuilder(pattern);
      for (String word : REWRITTEN_LITERALS) {
         for (int at = out.indexOf(word); at >= 0; at = out.indexOf(word, at + 1)) {
            int after = at + word.length();
            boolean quoteBefore = at == 0 || out.charAt(at - 1) == '\'';
            boolean quoteAfter = after == out.length() || out.charAt(after) == '\'';
            if (quoteBefore && quoteAfter) {
               out.setCharAt(at, '_');
            }
         }
      }
      return out.toString();
   }

   /** A segment in LIKE syntax: literals escaped, {@code ?} as {@code _}. */
   private static String text(List<WildcardPattern.Element> segment) {
      StringBuilder out = new StringBuilder();
      for (WildcardPattern.Element e : segment) {
         if (e instanceof WildcardPattern.Literal l) {
            for (int i = 0; i < l.text().length(); i++) {
               char ch = l.text().charAt(i);
               if (ch == '%' || ch == '_' || ch == ESCAPE) {
                  out.append(ESCAPE);
               }
               out.append(ch);
            }
         } else {
            out.append('_');
         }
      }
      return out.toString();
   }

   private static String literal(String pattern) {
      String quoted = SqlSyntax.literal(pattern);
      return pattern.indexOf(ESCAPE) >= 0 ? quoted + " ESCAPE '" + ESCAPE + "'" : quoted;
   }

   private static int codePoints(List<WildcardPattern.Element> segment) {
      int count = 0;
      for (WildcardPattern.Element e : segment) {
         count += e instanceof WildcardPattern.Literal l ? l.text().codePointCount(0, l.text().length()) : 1;
      }
      return count;
   }

   private static List<WildcardPattern.Element> firstCodePoints(List<WildcardPattern.Element> segment) {
      return cut(segment, true);
   }

   private static List<WildcardPattern.Element> lastCodePoints(List<WildcardPattern.Element> segment) {
      return cut(segment, false);
   }

   /** The first (or last) {@value #MAX_AFTER_ANY} code points of a segment. */
   private static List<WildcardPattern.Element> cut(List<WildcardPattern.Element> segment, boolean first) {
      if (codePoints(segment) <= MAX_AFTER_ANY) {
         return segment;
      }
      List<Integer> points = new ArrayList<>();
      for (WildcardPattern.Element e : segment) {
         if (e instanceof WildcardPattern.Literal l) {
            l.text().codePoints().forEach(points::add);
         } else {
            points.add(-1);
         }
      }
      List<Integer> kept = first ? points.subList(0, MAX_AFTER_ANY) : points.subList(points.size() - MAX_AFTER_ANY, points.size());
      List<WildcardPattern.Element> out = new ArrayList<>();
      for (int cp : kept) {
         out.add(cp < 0 ? WildcardPattern.ANY_CHAR : new WildcardPattern.Literal(Character.toString(cp)));
      }
      return out;
   }
}

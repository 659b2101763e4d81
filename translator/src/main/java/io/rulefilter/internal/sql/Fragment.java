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

import io.rulefilter.sql.Exactness;

import java.util.List;

/**
 * A piece of a translated filter. Fragments never evaluate to SQL's UNKNOWN where it matters: the translation is
 * in negation normal form, and there an UNKNOWN leaf acts exactly like FALSE.
 *
 * @param sql       the text
 * @param shape     how it binds, to place parentheses
 * @param exactness how its verdict relates to the rule's
 */
record Fragment(String sql, Shape shape, Exactness exactness) {

   enum Shape { TRUE, FALSE, ATOM, AND, OR }

   static final Fragment TRUE_EXACT = new Fragment("TRUE", Shape.TRUE, Exactness.EXACT);
   static final Fragment FALSE_EXACT = new Fragment("FALSE", Shape.FALSE, Exactness.EXACT);
   /** What a condition Artemis cannot see becomes: every message passes, the plugin decides. */
   static final Fragment UNKNOWN = new Fragment("TRUE", Shape.TRUE, Exactness.SUPERSET);

   static Fragment atom(String sql, Exactness exactness) {
      return new Fragment(sql, Shape.ATOM, exactness);
   }

   static Fragment constant(boolean value) {
      return value ? TRUE_EXACT : FALSE_EXACT;
   }

   static Fragment and(List<Fragment> parts) {
      return join(parts, Shape.AND);
   }

   static Fragment or(List<Fragment> parts) {
      return join(parts, Shape.OR);
   }

   /** Joins with AND or OR, folding TRUE and FALSE away. */
   private static Fragment join(List<Fragment> parts, Shape shape) {
      Shape absorbing = shape == Shape.AND ? Shape.FALSE : Shape.TRUE;
      Shape neutral = shape == Shape.AND ? Shape.TRUE : Shape.FALSE;
      Exactness exactness = Exactness.EXACT;
      StringBuilder sql = new StringBuilder();
      int kept = 0;
      Fragment last = null;
      for (Fragment part : parts) {
         exactness = exactness == Exactness.EXACT ? part.exactness : Exactness.SUPERSET;
         if (part.shape == absorbing) {
            // e.g. x AND FALSE: the whole is the constant, as exact as the constant itself
            return new Fragment(part.sql, part.shape, part.exactness);
         }
         if (part.shape == neutral) {
            continue;
         }
         if (kept++ > 0) {
            sql.append(shape == Shape.AND ? " AND " : " OR ");
         }
         boolean wrap = part.shape == Shape.OR || part.shape == Shape.AND && shape == Shape.OR;
         sql.append(wrap ? "(" + part.sql + ")" : part.sql);
         last = part;
      }
      if (kept == 0) {
         return new Fragment(neutral == Shape.TRUE ? "TRUE" : "FALSE", neutral, exactness);
      }
      if (kept == 1) {
         return new Fragment(last.sql, last.shape, exactness);
      }
      return new Fragment(sql.toString(), shape, exactness);
   }
}

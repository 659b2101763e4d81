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
import java.util.function.Function;

/** Shared construction rule of {@link And} and {@link Or}: at least two operands, nested same-kind nodes flattened. */
final class Junction {

   private Junction() {
   }

   static <T extends Rule> List<Rule> flatten(List<Rule> operands, Class<T> kind, Function<T, List<Rule>> children) {
      List<Rule> flat = new ArrayList<>(operands.size());
      for (Rule operand : operands) {
         if (kind.isInstance(operand)) {
            flat.addAll(children.apply(kind.cast(operand)));
         } else {
            flat.add(Objects.requireNonNull(operand, "operand"));
         }
      }
      if (flat.size() < 2) {
         throw new IllegalArgumentException(kind.getSimpleName() + " needs at least two operands");
      }
      return List.copyOf(flat);
   }
}

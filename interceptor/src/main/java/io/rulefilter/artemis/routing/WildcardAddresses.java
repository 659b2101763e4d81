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

import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.config.WildcardConfiguration;
import org.apache.activemq.artemis.core.postoffice.impl.AddressImpl;

import java.util.Collection;
import java.util.List;

/** Which addresses are wildcards, and which addresses a wildcard matches, by the broker's wildcard syntax. */
final class WildcardAddresses {

   /** The broker's wildcard syntax; null when wildcard routing is off. */
   private final WildcardConfiguration syntax;

   WildcardAddresses(WildcardConfiguration syntax) {
      this.syntax = syntax;
   }

   boolean isWildcard(SimpleString address) {
      return syntax != null && new AddressImpl(address, syntax).containsWildCard();
   }

   /** The addresses of {@code names} that {@code wildcard} matches, copied: the caller may change {@code names}. */
   List<SimpleString> matching(SimpleString wildcard, Collection<String> names) {
      AddressImpl pattern = new AddressImpl(wildcard, syntax);
      // AddressImpl.matches reads "is matched by": the concrete address asks whether the pattern matches it
      return names.stream().map(SimpleString::of)
            .filter(address -> new AddressImpl(address, syntax).matches(pattern))
            .toList();
   }
}

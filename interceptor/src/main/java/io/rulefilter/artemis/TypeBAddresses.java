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
package io.rulefilter.artemis;

import io.rulefilter.RuleLanguage;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.config.WildcardConfiguration;
import org.apache.activemq.artemis.core.postoffice.impl.AddressImpl;
import org.apache.activemq.artemis.utils.CompositeAddress;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The addresses where Type B is on (plugin setting {@value #SETTING}): Artemis address patterns, matched with the
 * broker's wildcard syntax. Elsewhere a rule may not use {@code @typeb} and no body is read. An address's answer is
 * remembered (lock-free reads), so the routing path matches no pattern twice; the memory is cleared past
 * {@value #REMEMBERED} addresses, so temporary addresses cannot grow it without bound.
 */
public final class TypeBAddresses {

   public static final String SETTING = "typeb-addresses";
   public static final TypeBAddresses NONE = new TypeBAddresses(List.of(), new WildcardConfiguration());
   private static final int REMEMBERED = 4096;

   private final List<String> patterns;
   private final AddressImpl[] compiled;
   private final WildcardConfiguration wildcards;
   private final Map<SimpleString, Boolean> known = new ConcurrentHashMap<>();

   private TypeBAddresses(List<String> patterns, WildcardConfiguration wildcards) {
      this.patterns = List.copyOf(patterns);
      this.wildcards = wildcards;
      this.compiled = patterns.stream().map(p -> new AddressImpl(SimpleString.of(p), wildcards)).toArray(AddressImpl[]::new);
   }

   /**
    * The setting's value: patterns separated by commas, or {@code none} in any case (the default, as the settings table
    * shows it); throws {@link IllegalArgumentException} on an empty pattern.
    */
   public static TypeBAddresses parse(String value) {
      if (value.trim().equalsIgnoreCase(NONE.toString())) {
         return NONE;
      }
      List<String> patterns = Arrays.stream(value.split(",", -1)).map(String::trim).toList();
      if (patterns.stream().anyMatch(String::isEmpty)) {
         throw new IllegalArgumentException("must be address patterns separated by commas, none of them empty");
      }
      return new TypeBAddresses(patterns, new WildcardConfiguration());
   }

   /** These patterns read with the broker's wildcard syntax (its {@code wildcard-addresses} configuration). */
   public TypeBAddresses matchedBy(WildcardConfiguration brokerWildcards) {
      return patterns.isEmpty() ? this : new TypeBAddresses(patterns, brokerWildcards);
   }

   public List<String> patterns() {
      return patterns;
   }

   /** True when Type B is on for {@code address} (a fully qualified {@code address::queue} counts as its address). */
   public boolean on(SimpleString address) {
      if (compiled.length == 0 || address == null) {
         return false;
      }
      Boolean answer = known.get(address);
      if (answer == null) {
         answer = matches(address);
         if (known.size() >= REMEMBERED) {
            known.clear();
         }
         known.put(address, answer);
      }
      return answer;
   }

   private boolean matches(SimpleString address) {
      // AddressImpl.matches reads "is matched by": the concrete address asks whether a pattern matches it
      AddressImpl concrete = new AddressImpl(CompositeAddress.extractAddressName(address), wildcards);
      for (AddressImpl pattern : compiled) {
         if (concrete.matches(pattern)) {
            return true;
         }
      }
      return false;
   }

   /** Why {@code @typeb} is refused on {@code address}: it names the address and the setting. */
   public static String refusal(String address) {
      return "Type B content is off on address '" + address + "' (the plugin setting " + SETTING
            + " turns it on for the addresses it matches)";
   }

   /** {@code language} as it reads a rule for {@code address}: refusing {@code @typeb} where Type B is off. */
   public RuleLanguage at(RuleLanguage language, String address) {
      return on(SimpleString.of(address)) ? language : language.withoutTypeB(refusal(address));
   }

   /** As the settings table shows it. */
   @Override
   public String toString() {
      return patterns.isEmpty() ? "none" : String.join(",", patterns);
   }
}

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
package io.rulefilter.artemis.cluster;

import io.rulefilter.RuleLanguage;
import io.rulefilter.artemis.routing.ArtemisMessageView;
import io.rulefilter.artemis.subscription.PeerForwarding;
import io.rulefilter.eval.CompiledRule;
import io.rulefilter.rule.Or;
import io.rulefilter.rule.Rule;
import io.rulefilter.selector.RuleSelector;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.filter.Filter;
import org.apache.activemq.artemis.core.filter.impl.FilterImpl;
import org.apache.activemq.artemis.core.postoffice.Binding;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Makes the filter of a copy of another node's queue from what that node said it accepts: always a superset of what
 * the queue takes there (which judges again), as narrow as what is known allows.
 */
final class CopyFilters {

   private final Function<SimpleString, Optional<CompiledRule>> creationRule;
   private final Function<String, Optional<CompiledRule>> addressRule;
   private final RuleLanguage language;
   private final ThreadLocal<ArtemisMessageView> views;
   private final Function<SimpleString, Binding> bindings;

   /**
    * @param creationRule the compiled rule a queue filter string carries (the selector form), or empty for plain SQL
    * @param addressRule  this node's rule of an address in force, if any; lock-free
    * @param bindings     the post office's bindings by unique name
    */
   CopyFilters(Function<SimpleString, Optional<CompiledRule>> creationRule,
               Function<String, Optional<CompiledRule>> addressRule, RuleLanguage language,
               ThreadLocal<ArtemisMessageView> views, Function<SimpleString, Binding> bindings) {
      this.creationRule = creationRule;
      this.addressRule = addressRule;
      this.language = language;
      this.views = views;
      this.bindings = bindings;
   }

   /**
    * @param address      the copy's address: this node's rule of it narrows what a node with RuleFilter is forwarded
    *                     (each node's address rules are the cluster's, kept in step by management)
    * @param routingName  the copy's routing name
    * @param mark         the copy's {@link RedistributionMark#entry entry}
    * @param filterString the queue's filter string, or null for none
    * @param plainNode    the queue's node runs without RuleFilter: only its SQL filter applies
    * @param forwarding   what the queue's node accepts by (any of them); null: not known, everything
    */
   Filter of(SimpleString address, SimpleString routingName, byte[] mark, SimpleString filterString, boolean plainNode,
             List<PeerForwarding> forwarding) {
      LocalNamesake namesake = new LocalNamesake(address, routingName, bindings);
      if (plainNode) {
         return filterString == null ? CopyFilter.forwardingAll(mark, null, false, true, null, views)
               : sql(mark, filterString, null, namesake);
      }
      Optional<CompiledRule> created = created(filterString);
      boolean ofRule = created.isPresent();
      if (!ofRule && filterString != null && carriesRule(filterString)) {
         // a rule this node cannot compile (a newer node's, say): its SQL part is no more than a superset
         return CopyFilter.forwardingAll(mark, filterString, true, false, namesake, views);
      }
      if (forwarding == null) {
         // its node has not told since it connected
         return CopyFilter.forwardingAll(mark, filterString, ofRule, false, namesake, views);
      }
      if (forwarding.equals(List.of(PeerForwarding.EVERYTHING))) {
         return CopyFilter.forwardingAll(mark, filterString, ofRule, true, null, views); // its switch is off
      }
      CompiledRule narrowing = addressRule.apply(address.toString()).orElse(null);
      if (forwarding.equals(List.of(PeerForwarding.CREATION_RULE))) {
         if (ofRule) {
            return CopyFilter.byRule(mark, filterString, created.get(), narrowing, views, true, true, null);
         }
         return filterString == null ? CopyFilter.byRule(mark, null, null, narrowing, views, false, true, null)
               : sql(mark, filterString, narrowing, namesake);
      }
      List<Rule> rules = new ArrayList<>();
      for (PeerForwarding state : forwarding) {
         Optional<Rule> rule = ruleOf(state, created);
         if (rule.isEmpty()) {
            return CopyFilter.forwardingAll(mark, filterString, ofRule, false, namesake, views);
         }
         rules.add(rule.get());
      }
      CompiledRule accepting = rules.size() == 1 ? language.compile(rules.get(0)) : language.compile(new Or(rules));
      return CopyFilter.byRule(mark, filterString, accepting, narrowing, views, ofRule, rules.size() == 1, namesake);
   }

   private Optional<CompiledRule> created(SimpleString filterString) {
      try {
         return filterString == null ? Optional.empty() : creationRule.apply(filterString);
      } catch (RuntimeException uncompilable) {
         return Optional.empty();
      }
   }

   private static boolean carriesRule(SimpleString filterString) {
      try {
         return RuleSelector.isRuleSelector(filterString.toString());
      } catch (IllegalArgumentException malformed) { // a comment that looks like a rule's and is broken
         return true;
      }
   }

   /** The rule a state accepts by; empty when it accepts everything, or by SQL, or its rule is unreadable. */
   private Optional<Rule> ruleOf(PeerForwarding state, Optional<CompiledRule> created) {
      if (!state.managed()) {
         return created.map(CompiledRule::rule);
      }
      if (state.rule() == null) {
         return Optional.empty();
      }
      try {
         return Optional.of(language.parseStored(state.rule())); // a node not yet upgraded may send a version 1 rule
      } catch (RuntimeException unreadable) { // another node's word; it judges what arrives anyway
         return Optional.empty();
      }
   }

   /** A plain SQL filter: Artemis decides exactly what the queue's own filter decides. */
   private CopyFilter sql(byte[] mark, SimpleString filterString, CompiledRule narrowing, LocalNamesake namesake) {
      try {
         return CopyFilter.bySql(mark, filterString, FilterImpl.createFilter(filterString), narrowing, views);
      } catch (Exception e) {
         return CopyFilter.forwardingAll(mark, filterString, false, false, namesake, views);
      }
   }
}

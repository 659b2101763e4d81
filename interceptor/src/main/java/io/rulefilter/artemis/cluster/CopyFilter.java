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

import io.rulefilter.artemis.routing.ArtemisMessageView;
import io.rulefilter.artemis.routing.CopyForwarding;
import io.rulefilter.artemis.routing.SubscriptionPolicy;
import io.rulefilter.eval.CompiledRule;
import io.rulefilter.message.MessageView;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.filter.Filter;
import org.apache.activemq.artemis.selector.filter.Filterable;

import java.util.Map;

/**
 * The filter of this node's copy of another node's queue: it forwards what the queue's creation rule (or plain SQL
 * filter) accepts, or everything while the queue's own node may accept more. Either way a superset of what that node
 * accepts, which it judges again on arrival; {@link #exact} when it is what that node accepts, as far as this node
 * knows. It keeps the queue's filter string, so that the copy can be refiltered.
 */
final class CopyFilter implements Filter, CopyForwarding {

   private final SimpleString filterString;
   private final CompiledRule rule;
   private final Filter sql;
   /** This node's rule of the copy's address, or null: the queue's node takes nothing it rejects. */
   private final CompiledRule addressRule;
   private final ThreadLocal<ArtemisMessageView> views;
   /** The {@link RedistributionMark#entry entry} naming the copy's queue on its node; never changed. */
   private final byte[] redistributed;
   private final SubscriptionPolicy forwarding;
   private final boolean ofRule;
   private final boolean exact;
   /** This node's queue of the same routing name, which a superset gives way to; null: none looked for. */
   private final LocalNamesake namesake;

   private CopyFilter(byte[] redistributed, SimpleString filterString, CompiledRule rule, Filter sql,
                      CompiledRule addressRule, ThreadLocal<ArtemisMessageView> views, boolean ofRule, boolean exact,
                      LocalNamesake namesake) {
      this.redistributed = redistributed;
      this.namesake = exact ? null : namesake;
      this.addressRule = addressRule;
      this.forwarding = new SubscriptionPolicy(rule, sql, addressRule, rule != null || sql != null || addressRule != null);
      this.ofRule = ofRule;
      this.exact = exact;
      this.filterString = filterString;
      this.rule = rule;
      this.sql = sql;
      this.views = views;
   }

   /**
    * Forwards what {@code rule} accepts (the queue's creation rule, its management rule, or a union of them; null:
    * everything) and {@code addressRule} too, when not null. {@code ofRule}: the queue's filter string carries a rule.
    * {@code exact}: that is what the queue accepts (one state, known), not a superset of it; when not, the copy gives
    * way to {@code namesake} (may be null).
    */
   static CopyFilter byRule(byte[] redistributed, SimpleString filterString, CompiledRule rule, CompiledRule addressRule,
                            ThreadLocal<ArtemisMessageView> views, boolean ofRule, boolean exact,
                            LocalNamesake namesake) {
      return new CopyFilter(redistributed, filterString, rule, null, addressRule, views, ofRule, exact, namesake);
   }

   /**
    * A plain SQL filter: Artemis decides, exactly as the queue's own filter does; with {@code addressRule} (not null
    * only when the queue's node runs RuleFilter, which applies it), that too.
    */
   static CopyFilter bySql(byte[] redistributed, SimpleString filterString, Filter sql, CompiledRule addressRule,
                           ThreadLocal<ArtemisMessageView> views) {
      return new CopyFilter(redistributed, filterString, null, sql, addressRule, views, false, true, null);
   }

   /**
    * Forwards everything; {@code filterString} may be null (a queue without a filter). {@code ofRule}: the queue is a
    * RuleFilter subscription (its filter string carries a rule). {@code exact}: the queue takes everything too; when
    * not, the copy gives way to {@code namesake} (may be null).
    */
   static CopyFilter forwardingAll(byte[] redistributed, SimpleString filterString, boolean ofRule, boolean exact,
                                   LocalNamesake namesake, ThreadLocal<ArtemisMessageView> views) {
      return new CopyFilter(redistributed, filterString, null, null, null, views, ofRule, exact, namesake);
   }

   @Override
   public boolean isExact() {
      return exact;
   }

   @Override
   public SubscriptionPolicy forwarding() {
      return forwarding;
   }

   @Override
   public boolean isOfRule() {
      return ofRule;
   }

   /**
    * Whether the copy takes the message. A message a queue already holds is being redistributed (Artemis asks the
    * filter of each copy of a queue of the same name, and moves the message to the first that takes it): it is taken
    * only where it is known to be accepted, so that the copy is {@link #exact}; anything else stays where it is, as
    * plain Artemis leaves a message no other queue's filter takes. A message taken is marked with this copy's queue,
    * so that its node keeps it without judging it again (its rule may have changed since this node heard of it, and
    * the original is acknowledged here). Artemis makes the copy a moment after asking, with no hook in between, so the
    * mark is written on the held message itself, which the node's other queues share: it is
    * {@link RedistributionMark#add added to}, so a redistribution from another queue at the same moment leaves this
    * one named; the original's acknowledgement takes the entry out again ({@link MarkedHere}). The other forwards of
    * the message target none of the named queues (a message goes to one queue of a subscription).
    * <p>
    * A message routed for the first time is taken when the copy's filter takes it; when that is a superset, not if
    * this node's queue of the same routing name takes it instead (see {@link LocalNamesake}).
    * <p>
    * A message read back from a page counts no references (Artemis's paged references count usage only) but is marked
    * paged; a message is marked paged only once its first routing has asked every filter, and copies (expiry, dead
    * letter, divert, move) start unpaged, so neither test takes a message being routed for the first time.
    */
   @Override
   public boolean match(Message message) {
      if (message.getRefCount() > 0 || message.isPaged()) {
         if (!exact || !takes(message, false)) {
            return false;
         }
         RedistributionMark.add(message, redistributed);
         MarkedHere.marked(message, redistributed);
         return true;
      }
      if (namesake == null) {
         return takes(message, true); // the queue's node judges it, and reports a failure
      }
      ArtemisMessageView view = views.get().of(message);
      try {
         return takes(message, view, true) && !namesake.takesInstead(message, filterString, view);
      } finally {
         view.release();
      }
   }

   @Override
   public boolean givesWay(Message message, MessageView view) {
      return namesake != null && namesake.takesInstead(message, filterString, view);
   }

   private boolean takes(Message message, boolean onFailure) {
      if (addressRule == null && rule == null) {
         return sql == null || sql.match(message);
      }
      ArtemisMessageView view = views.get().of(message);
      try {
         return takes(message, view, onFailure);
      } finally {
         view.release();
      }
   }

   private boolean takes(Message message, MessageView view, boolean onFailure) {
      try {
         if (addressRule != null && !addressRule.matches(view)) {
            return false;
         }
         return rule != null ? rule.matches(view) : sql == null || sql.match(message);
      } catch (RuntimeException e) {
         return onFailure;
      }
   }

   /** Not used for forwarding; a copy has no messages of its own to select. */
   @Override
   public boolean match(Map<String, String> map) {
      return true;
   }

   @Override
   public boolean match(Filterable filterable) {
      return true;
   }

   @Override
   public SimpleString getFilterString() {
      return filterString;
   }

   @Override
   public String toString() {
      String kind = sql != null ? "by SQL" : rule != null ? "by rule '" + rule + "'" : "forwards all";
      String narrowed = addressRule == null ? "" : " and address rule '" + addressRule + "'";
      return "CopyFilter[" + kind + narrowed + (exact ? "" : " (a superset)") + ", " + filterString + "]";
   }
}

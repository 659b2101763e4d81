package io.rulefilter.artemis.routing;

import io.rulefilter.message.AttributeKey;
import io.rulefilter.message.MessageModel;
import io.rulefilter.message.ValueText;
import io.rulefilter.rule.Rule;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.filter.Filter;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;
import org.apache.activemq.artemis.core.server.RoutingContext;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * All rules of one address evaluated together, once per message: a rule anchored on a value (see {@link Anchor}) is
 * evaluated only when the message carries that value, found by one hash lookup per anchored key; other rules and
 * queues RuleFilter does not manage are checked one by one. Immutable: a change builds a new index.
 */
final class RuleIndex {

   private final LocalQueueBinding[] unmanaged;
   private final IndexEntry[] unanchored;
   private final Map<SimpleString, IndexEntry[]> byTag;
   private final AttributeKey[] keys;
   private final List<Map<SimpleString, IndexEntry[]>> byKey;

   private RuleIndex(LocalQueueBinding[] unmanaged, IndexEntry[] unanchored, Map<SimpleString, IndexEntry[]> byTag,
                     AttributeKey[] keys, List<Map<SimpleString, IndexEntry[]>> byKey) {
      this.unmanaged = unmanaged;
      this.unanchored = unanchored;
      this.byTag = byTag;
      this.keys = keys;
      this.byKey = byKey;
   }

   /**
    * Builds the index. {@code anchors} caches each policy's anchor across rebuilds (policies are immutable), so adding
    * the n-th subscription to an address costs O(n) cheap steps rather than re-analysing every rule.
    */
   static RuleIndex of(List<IndexEntry> entries, MessageModel model, Map<SubscriptionPolicy, Optional<Anchor>> anchors) {
      List<LocalQueueBinding> unmanaged = new ArrayList<>();
      List<IndexEntry> unanchored = new ArrayList<>();
      Map<SimpleString, List<IndexEntry>> byTag = new HashMap<>();
      Map<String, Map<SimpleString, List<IndexEntry>>> byKey = new LinkedHashMap<>();
      for (IndexEntry entry : entries) {
         if (entry.policy() == null) {
            unmanaged.add(entry.binding());
            continue;
         }
         Optional<Anchor> anchor = anchors.computeIfAbsent(entry.policy(), policy -> anchor(policy, model));
         if (anchor.isEmpty()) {
            unanchored.add(entry);
         } else if (anchor.get().key() == null) {
            byTag.computeIfAbsent(anchor.get().value(), t -> new ArrayList<>()).add(entry);
         } else {
            byKey.computeIfAbsent(anchor.get().key(), k -> new HashMap<>())
                  .computeIfAbsent(anchor.get().value(), t -> new ArrayList<>()).add(entry);
         }
      }
      return new RuleIndex(unmanaged.toArray(LocalQueueBinding[]::new), unanchored.toArray(IndexEntry[]::new),
            frozen(byTag), byKey.keySet().stream().map(AttributeKey::new).toArray(AttributeKey[]::new),
            byKey.values().stream().map(RuleIndex::frozen).toList());
   }

   /** A disabled subscription takes everything, so it has no anchor; otherwise the own rule's, then the address rule's. */
   private static Optional<Anchor> anchor(SubscriptionPolicy policy, MessageModel model) {
      if (!policy.enabled()) {
         return Optional.empty();
      }
      Optional<Anchor> own = policy.own() == null ? Optional.empty() : Anchor.of(policy.own().rule(), model);
      if (own.isPresent() || policy.addressRule() == null) {
         return own;
      }
      Rule addressRule = policy.addressRule().rule();
      return Anchor.of(addressRule, model);
   }

   private static Map<SimpleString, IndexEntry[]> frozen(Map<SimpleString, List<IndexEntry>> lists) {
      Map<SimpleString, IndexEntry[]> out = new HashMap<>(lists.size() * 2);
      lists.forEach((value, list) -> out.put(value, list.toArray(IndexEntry[]::new)));
      return out;
   }

   void route(Message message, RoutingContext context, ArtemisMessageView view) throws Exception {
      for (LocalQueueBinding binding : unmanaged) {
         Filter filter = binding.getFilter();
         if (filter == null || filter.match(message)) {
            binding.route(message, context);
         }
      }
      for (IndexEntry entry : unanchored) {
         routeIfAccepted(entry, message, context, view);
      }
      if (!byTag.isEmpty()) {
         routeCandidates(byTag, view.tag(), message, context, view);
      }
      for (int i = 0; i < keys.length; i++) {
         routeCandidates(byKey.get(i), view.attribute(keys[i]), message, context, view);
      }
   }

   private static void routeCandidates(Map<SimpleString, IndexEntry[]> anchored, Object value, Message message,
                                       RoutingContext context, ArtemisMessageView view) throws Exception {
      SimpleString text = lookupKey(value);
      IndexEntry[] candidates = text == null ? null : anchored.get(text);
      if (candidates != null) {
         for (IndexEntry entry : candidates) {
            routeIfAccepted(entry, message, context, view);
         }
      }
   }

   private static void routeIfAccepted(IndexEntry entry, Message message, RoutingContext context, ArtemisMessageView view)
         throws Exception {
      if (entry.policy().accepts(message, view)) {
         entry.filter().countIndexedMatch();
         entry.binding().route(message, context);
      }
   }

   /** The value as the index's keys are held; Artemis keeps strings as SimpleString, so usually no conversion. */
   private static SimpleString lookupKey(Object value) {
      if (value == null || value instanceof SimpleString) {
         return (SimpleString) value;
      }
      CharSequence text = ValueText.of(value);
      return text == null ? null : SimpleString.of(text.toString());
   }
}

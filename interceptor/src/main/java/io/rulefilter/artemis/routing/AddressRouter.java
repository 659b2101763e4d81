package io.rulefilter.artemis.routing;

import io.rulefilter.message.MessageModel;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.core.server.RoutingContext;
import org.apache.activemq.artemis.utils.CompositeAddress;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;

/**
 * Routes the messages of one address through its {@link RuleIndex} while the index may handle them. It declines
 * (so Artemis routes the message itself, through each queue's filter) when it is inactive or the message is sent to
 * one fully qualified queue.
 */
public final class AddressRouter {

   private final MessageModel model;
   private final ThreadLocal<ArtemisMessageView> views;
   private final LongAdder evaluated = new LongAdder();
   private final Map<SubscriptionPolicy, Optional<Anchor>> anchors = new IdentityHashMap<>();
   private volatile RuleIndex index;
   private volatile boolean active;

   public AddressRouter(MessageModel model, ThreadLocal<ArtemisMessageView> views) {
      this.model = model;
      this.views = views;
   }

   /** Publishes a new index built from {@code entries}; {@code active} says whether it may route at all. Not thread-safe: the registry serialises calls. */
   public void update(List<IndexEntry> entries, boolean active) {
      RuleIndex next = RuleIndex.of(entries, model, anchors);
      Set<SubscriptionPolicy> live = Collections.newSetFromMap(new IdentityHashMap<>());
      entries.stream().map(IndexEntry::policy).filter(java.util.Objects::nonNull).forEach(live::add);
      anchors.keySet().retainAll(live);
      for (IndexEntry entry : entries) {
         if (entry.filter() != null) {
            entry.filter().joinIndex(evaluated);
         }
      }
      this.index = next;
      this.active = active;
   }

   public boolean isActive() {
      return active;
   }

   boolean handles(Message message) {
      return active && !CompositeAddress.isFullyQualified(message.getAddress());
   }

   void route(Message message, RoutingContext context) throws Exception {
      evaluated.increment();
      ArtemisMessageView view = views.get();
      try {
         index.route(message, context, view.readOnce(message));
      } finally {
         view.release();
      }
   }
}

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

import io.rulefilter.message.AttributeKey;
import io.rulefilter.message.MessageView;
import io.rulefilter.internal.message.ValueText;
import io.rulefilter.typeb.TypeBMessage;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.message.impl.CoreMessage;
import org.apache.activemq.artemis.core.server.cluster.impl.MessageLoadBalancingType;

import java.lang.ref.WeakReference;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * An Artemis message as rules see it: attributes are its application properties, read with
 * {@link Message#getObjectProperty} (for AMQP messages, unlike the filter read, that never turns {@code m.x} into an
 * annotation), and a key with a null value does not exist. One view per routing thread is reused; {@link #of} points
 * it at the next message, so evaluation does not allocate. {@link #readOnce} is for evaluating many rules on one
 * message: a core message's properties are then read in one pass, under one acquisition of their lock, instead of
 * once per rule and property (unless it has more than {@link PropertySnapshot#MAX_PROPERTIES}).
 */
public final class ArtemisMessageView implements MessageView {

   private static final Function<String, SimpleString> SIMPLE_STRING = SimpleString::of;

   private final SimpleString tagProperty;
   private final TypeBBodies bodies = new TypeBBodies();
   /** The message whose body was last read for Type B, weakly: it survives {@link #release}, the message does not. */
   private WeakReference<Message> typeBOf;
   private TypeBMessage typeB;
   /** The entries an index routed for the message, where several Type B occurrences may find one twice. */
   private final Set<IndexEntry> entriesRouted = Collections.newSetFromMap(new IdentityHashMap<>());
   private final KeyScan keyScan = new KeyScan();
   private final PropertySnapshot snapshot = new PropertySnapshot();
   private Message message;
   private boolean snapshotted;
   private RuleIndex pinned;
   private MessageLoadBalancingType loadBalancing = MessageLoadBalancingType.OFF;
   private boolean forwardsToOtherNodes;

   /**
    * A view that reads a message's tag from {@code tagProperty}. It reads the body only for a rule that tests
    * {@code @typeb}: where Type B is off no rule may be given one, and a rule kept from before (the journal, another
    * node) keeps its meaning.
    */
   public ArtemisMessageView(String tagProperty) {
      this.tagProperty = SimpleString.of(tagProperty);
   }

   /** A new view that reads messages as this one does, for a caller that must not disturb this thread's view. */
   public ArtemisMessageView another() {
      return new ArtemisMessageView(tagProperty.toString());
   }

   /** Points the view at {@code message}, read property by property as rules ask. */
   public ArtemisMessageView of(Message message) {
      release();
      this.message = message;
      return this;
   }

   /** Points the view at {@code message}, read all at once if it is a core message; {@link #release} when done. */
   public ArtemisMessageView readOnce(Message message) {
      of(message);
      if (message instanceof CoreMessage core) {
         snapshotted = snapshot.load(core.getProperties()); // a message with very many is read through itself
      }
      return this;
   }

   /** True when the view points at {@code message}. */
   boolean isOn(Message message) {
      return this.message == message;
   }

   /** Forgets the message, so its properties do not stay reachable from the routing thread. */
   public void release() {
      if (snapshotted) {
         snapshot.clear();
         snapshotted = false;
      }
      message = null;
      pinned = null;
      forwardsToOtherNodes = false;
   }

   /**
    * How the message being routed is balanced over the cluster ({@code balancing}), and whether, by that, it may go
    * to other nodes' queues at all: not with {@code LOCAL_ONLY}, nor, with {@code OFF} and
    * {@code OFF_WITH_REDISTRIBUTION}, unless it is a multicast message (as Artemis's {@code BindingsImpl} decides).
    */
   void balance(MessageLoadBalancingType balancing, Message message) {
      loadBalancing = balancing;
      forwardsToOtherNodes = switch (balancing) {
         case LOCAL_ONLY -> false;
         case OFF, OFF_WITH_REDISTRIBUTION -> message.getRoutingType() == RoutingType.MULTICAST;
         default -> true;
      };
   }

   MessageLoadBalancingType loadBalancing() {
      return loadBalancing;
   }

   /** Whether the message being routed may go to other nodes' queues; see {@link #balance}. */
   boolean forwardsToOtherNodes() {
      return forwardsToOtherNodes;
   }

   /** Remembers the index that took the message between the binding's filter and its route. */
   void pin(RuleIndex index) {
      pinned = index;
   }

   /** What the routing thread keeps allocated for snapshots between messages, in properties. */
   int retained() {
      return snapshot.retained();
   }

   RuleIndex pinned() {
      return pinned;
   }

   /** True when the message carries the property {@code key}, a broker-internal one included. */
   boolean hasProperty(SimpleString key) {
      return snapshotted ? snapshot.get(key) != null : message.getExtraBytesProperty(key) != null;
   }

   @Override
   public CharSequence tag() {
      return ValueText.of(read(tagProperty));
   }

   @Override
   public Object attribute(AttributeKey key) {
      return read(key.nativeForm(SIMPLE_STRING));
   }

   private Object read(SimpleString key) {
      return snapshotted ? snapshot.get(key) : message.getObjectProperty(key);
   }

   @Override
   public boolean anyKey(KeyTest test) {
      if (snapshotted) {
         for (int i = 0; i < snapshot.size(); i++) {
            if (snapshot.value(i) != null && test.test(snapshot.key(i))) {
               return true;
            }
         }
         return false;
      }
      if (message instanceof CoreMessage core) {
         return keyScan.scan(core, test); // no copy of the key set, unlike getPropertyNames()
      }
      for (SimpleString key : message.getPropertyNames()) {
         if (message.getObjectProperty(key) != null && test.test(key)) {
            return true;
         }
      }
      return false;
   }

   /**
    * The body's Type B content, read when a rule first asks for it and kept for the same message, also across
    * {@link #of} and {@link #release}: routing one message through many subscriptions, one at a time or through the
    * index, reads its body once. A message no {@code @typeb} rule looks at keeps its body unread.
    */
   @Override
   public TypeBMessage typeB() {
      Message current = message;
      if (current == null) {
         return null;
      }
      if (typeBOf == null || typeBOf.get() != current) {
         typeB = bodies.read(current);
         typeBOf = new WeakReference<>(current);
      }
      return typeB;
   }

   /** An empty set, reused, for an index to note the entries it routed for one lookup of several values. */
   Set<IndexEntry> entriesRouted() {
      entriesRouted.clear();
      return entriesRouted;
   }

      /** A reusable visitor over a core message's properties. */
   private static final class KeyScan implements BiConsumer<SimpleString, Object> {
      private KeyTest test;
      private boolean found;

      boolean scan(CoreMessage message, KeyTest keyTest) {
         test = keyTest;
         found = false;
         message.getProperties().forEach(this);
         test = null;
         return found;
      }

      @Override
      public void accept(SimpleString key, Object value) {
         if (!found && value != null && test.test(key)) {
            found = true;
         }
      }
   }
}

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
import org.apache.activemq.artemis.utils.collections.TypedProperties;

import java.util.Arrays;
import java.util.function.BiConsumer;

/**
 * A core message's properties, copied (references only) in one pass so that the index can evaluate many rules on a
 * message without taking the properties' read lock once per read. Artemis's {@code getObjectProperty} returns what
 * {@link TypedProperties#forEach} hands over, so a lookup here answers exactly as a read through the message would.
 * Lookups are hashed (open addressing, the table at most half full), so each costs the same whatever the message's
 * size. One snapshot per routing thread is reused; it allocates only to grow, up to {@link #MAX_PROPERTIES}: a
 * message with more is not held ({@link #load} says so), and is read through the message, whose own map is hashed
 * too, so that no message makes a routing thread keep more.
 */
final class PropertySnapshot implements BiConsumer<SimpleString, Object> {

   /** The most properties a snapshot holds; a larger message is read through the message. */
   static final int MAX_PROPERTIES = 256;
   private static final int FIRST_CAPACITY = 16;

   private SimpleString[] keys = new SimpleString[FIRST_CAPACITY];
   private int[] hashes = new int[FIRST_CAPACITY];
   private Object[] values = new Object[FIRST_CAPACITY];
   /** Entry {@code i} of the table holds 1 + the index of a property, 0 when free. */
   private int[] table = new int[2 * FIRST_CAPACITY];
   /** Where each property sits in the table, so that clearing costs the properties, not the table. */
   private int[] slots = new int[FIRST_CAPACITY];
   private int size;

   /** Copies the properties; false (holding none) when there are more than {@link #MAX_PROPERTIES}. */
   boolean load(TypedProperties properties) {
      clear();
      try {
         properties.forEach(this);
         return true;
      } catch (TooMany stop) {
         clear();
         return false;
      }
   }

   /** Drops the references to the last message's keys and values, so they do not outlive its routing. */
   void clear() {
      for (int i = 0; i < size; i++) {
         table[slots[i]] = 0;
      }
      Arrays.fill(keys, 0, size, null);
      Arrays.fill(values, 0, size, null);
      size = 0;
   }

   @Override
   public void accept(SimpleString key, Object value) {
      if (size == keys.length) {
         if (size == MAX_PROPERTIES) {
            throw TooMany.STOP; // the rest of a huge message is not even visited (forEach unlocks on the way out)
         }
         grow();
      }
      keys[size] = key;
      hashes[size] = key.hashCode();
      values[size] = value;
      place(size);
      size++;
   }

   /** The value of {@code key}, or null when the message has no such property. */
   Object get(SimpleString key) {
      int hash = key.hashCode();
      int mask = table.length - 1;
      for (int slot = spread(hash) & mask; ; slot = (slot + 1) & mask) {
         int entry = table[slot] - 1;
         if (entry < 0) {
            return null;
         }
         if (hashes[entry] == hash && (keys[entry] == key || keys[entry].equals(key))) {
            return values[entry];
         }
      }
   }

   int size() {
      return size;
   }

   SimpleString key(int i) {
      return keys[i];
   }

   Object value(int i) {
      return values[i];
   }

   /** How many properties the snapshot has room for now: what it keeps allocated between messages. */
   int retained() {
      return keys.length;
   }

   private void place(int entry) {
      int mask = table.length - 1;
      int slot = spread(hashes[entry]) & mask;
      while (table[slot] != 0) {
         slot = (slot + 1) & mask;
      }
      table[slot] = entry + 1;
      slots[entry] = slot;
   }

   private void grow() {
      int capacity = keys.length * 2;
      keys = Arrays.copyOf(keys, capacity);
      hashes = Arrays.copyOf(hashes, capacity);
      values = Arrays.copyOf(values, capacity);
      slots = new int[capacity];
      table = new int[2 * capacity];
      for (int i = 0; i < size; i++) {
         place(i);
      }
   }

   /** SimpleString's hash is a polynomial over the bytes: its high bits are mixed into the low ones the table uses. */
   private static int spread(int hash) {
      return hash ^ (hash >>> 16);
   }

   /** Ends {@link TypedProperties#forEach} early; one instance without a stack trace, so stopping allocates nothing. */
   private static final class TooMany extends RuntimeException {
      private static final TooMany STOP = new TooMany();

      private TooMany() {
         super("more properties than a snapshot holds", null, false, false);
      }
   }
}

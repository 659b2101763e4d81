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
 * One snapshot per routing thread is reused; it allocates only to grow for a message with more properties than
 * any before it.
 */
final class PropertySnapshot implements BiConsumer<SimpleString, Object> {

   private SimpleString[] keys = new SimpleString[16];
   private int[] hashes = new int[16];
   private Object[] values = new Object[16];
   private int size;

   void load(TypedProperties properties) {
      size = 0;
      properties.forEach(this);
   }

   /** Drops the references to the last message's keys and values, so they do not outlive its routing. */
   void clear() {
      Arrays.fill(keys, 0, size, null);
      Arrays.fill(values, 0, size, null);
      size = 0;
   }

   @Override
   public void accept(SimpleString key, Object value) {
      if (size == keys.length) {
         keys = Arrays.copyOf(keys, size * 2);
         hashes = Arrays.copyOf(hashes, size * 2);
         values = Arrays.copyOf(values, size * 2);
      }
      keys[size] = key;
      hashes[size] = key.hashCode();
      values[size] = value;
      size++;
   }

   /** The value of {@code key}, or null when the message has no such property. */
   Object get(SimpleString key) {
      int hash = key.hashCode();
      for (int i = 0; i < size; i++) {
         if (hashes[i] == hash && (keys[i] == key || keys[i].equals(key))) {
            return values[i];
         }
      }
      return null;
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
}

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

import org.apache.activemq.artemis.api.core.ICoreMessage;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.SimpleString;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The mark ({@code _RF_REDISTRIBUTED}) a node writes on a message it redistributes: the queues, each named by node id
 * and queue id, that take it without being judged again. Every queue of a node holding a message shares that one
 * message object, and their redistributors run at the same time, each asking its copy's filter and copying the message
 * a moment later; so the mark is a list each adds its queue to, never a value one replaces. Entries: node id length
 * (2 bytes), node id (UTF-8), queue id (8 bytes). Any value not of this form names no queue.
 */
final class RedistributionMark {

   static final SimpleString PROPERTY = SimpleString.of("_RF_REDISTRIBUTED");
   /**
    * Entries kept; past it the oldest gives way. Only a redistribution between its filter's answer and its copy needs
    * its entry, so more would take that many redistributions of one message at the same instant.
    */
   static final int MAX_ENTRIES = 16;
   private static final int LENGTH_BYTES = Short.BYTES;
   private static final int ID_BYTES = Long.BYTES;

   private RedistributionMark() {
   }

   /** The entry naming queue {@code queueId} of node {@code nodeId}. */
   static byte[] entry(String nodeId, long queueId) {
      byte[] node = nodeId.getBytes(StandardCharsets.UTF_8);
      if (node.length > 0xFFFF) {
         throw new IllegalArgumentException("node id of " + node.length + " bytes: " + nodeId);
      }
      return ByteBuffer.allocate(LENGTH_BYTES + node.length + ID_BYTES).putShort((short) node.length).put(node)
            .putLong(queueId).array();
   }

   /** Adds {@code entry} to the message's mark, under the message's monitor (see {@link CopyFilter#match}). */
   static void add(Message message, byte[] entry) {
      synchronized (message) {
         byte[] mark = valid(read(message));
         if (contains(mark, entry)) {
            return;
         }
         int drop = entries(mark) < MAX_ENTRIES ? 0 : next(mark, 0);
         byte[] added = Arrays.copyOfRange(mark, drop, mark.length + entry.length);
         System.arraycopy(entry, 0, added, mark.length - drop, entry.length);
         message.putExtraBytesProperty(PROPERTY, added);
      }
   }

   /**
    * Takes {@code entry} out of the message's mark, under the message's monitor; the mark goes with its last entry, so
    * that the message is again the size it was counted at.
    */
   static void removeEntry(Message message, byte[] entry) {
      synchronized (message) {
         byte[] mark = valid(read(message));
         int at = indexOf(mark, entry);
         if (at < 0) {
            return;
         }
         if (mark.length == entry.length) {
            remove(message);
            return;
         }
         byte[] kept = new byte[mark.length - entry.length];
         System.arraycopy(mark, 0, kept, 0, at);
         System.arraycopy(mark, at + entry.length, kept, at, mark.length - at - entry.length);
         message.putExtraBytesProperty(PROPERTY, kept);
      }
   }

   /**
    * Removes the mark. A core message keeps it among its properties; asking first leaves an unmarked message as it
    * is (removing marks it changed, to be encoded again). Other messages (AMQP) can carry it only as Artemis's extra
    * property, which their clients cannot set; their own properties are left undecoded.
    */
   static void remove(Message message) {
      if (message instanceof ICoreMessage) {
         if (message.containsProperty(PROPERTY)) {
            message.removeProperty(PROPERTY);
         }
         return;
      }
      try {
         message.removeExtraBytesProperty(PROPERTY);
      } catch (RuntimeException notBytes) {
         // removed all the same; nothing may escape a plugin hook
      }
   }

   /** Whether {@code mark} names queue {@code queueId} of the node whose id is {@code node} (UTF-8). */
   static boolean names(byte[] mark, byte[] node, long queueId) {
      for (int at = 0; at < mark.length; at = next(mark, at)) {
         int length = nodeLength(mark, at);
         int id = at + LENGTH_BYTES + length;
         if (length == node.length && Arrays.equals(mark, at + LENGTH_BYTES, id, node, 0, node.length)
               && idAt(mark, id) == queueId) {
            return true;
         }
      }
      return false;
   }

   /** {@code mark} if well formed, else no entries; null (no mark) is no entries too. */
   static byte[] valid(byte[] mark) {
      if (mark == null) {
         return new byte[0];
      }
      int at = 0;
      int entries = 0;
      while (at < mark.length) {
         if (mark.length - at < LENGTH_BYTES + ID_BYTES
               || mark.length - at < LENGTH_BYTES + nodeLength(mark, at) + ID_BYTES || ++entries > MAX_ENTRIES) {
            return new byte[0];
         }
         at = next(mark, at);
      }
      return mark;
   }

   private static byte[] read(Message message) {
      try {
         return message.getExtraBytesProperty(PROPERTY);
      } catch (RuntimeException notBytes) {
         return null; // not RuleFilter's: replaced
      }
   }

   private static boolean contains(byte[] mark, byte[] entry) {
      return indexOf(mark, entry) >= 0;
   }

   /** Where {@code entry} starts in {@code mark}, or -1. */
   private static int indexOf(byte[] mark, byte[] entry) {
      for (int at = 0; at < mark.length; at = next(mark, at)) {
         if (next(mark, at) - at == entry.length && Arrays.equals(mark, at, next(mark, at), entry, 0, entry.length)) {
            return at;
         }
      }
      return -1;
   }

   private static int entries(byte[] mark) {
      int entries = 0;
      for (int at = 0; at < mark.length; at = next(mark, at)) {
         entries++;
      }
      return entries;
   }

   private static long idAt(byte[] mark, int at) {
      long id = 0;
      for (int i = at; i < at + ID_BYTES; i++) {
         id = id << 8 | (mark[i] & 0xFF);
      }
      return id;
   }

   private static int nodeLength(byte[] mark, int at) {
      return ((mark[at] & 0xFF) << 8) | (mark[at + 1] & 0xFF);
   }

   private static int next(byte[] mark, int at) {
      return at + LENGTH_BYTES + nodeLength(mark, at) + ID_BYTES;
   }
}

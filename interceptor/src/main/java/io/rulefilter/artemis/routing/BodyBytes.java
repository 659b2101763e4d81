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

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.ICoreMessage;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.core.message.LargeBodyReader;

import java.nio.ByteBuffer;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * The bytes of a core message's body, at most {@code limit} of them: in place for a message in memory, read from its
 * file for a large message, and inflated when the core client compressed it ({@link Message#HDR_LARGE_COMPRESSED}, set
 * on large messages and on those that compression brought under the large-message size). Reading stops at the limit,
 * before or after inflating, so a huge file or a small compressed body that inflates without end costs bounded time
 * and memory. A large or compressed body gets an array of its own: those are rare, and a routing thread keeps nothing
 * between messages.
 */
final class BodyBytes {

   private BodyBytes() {
   }

   /**
    * The body, or null when it is longer than {@code limit} bytes (inflated), or unreadable.
    *
    * @throws ActiveMQException when a large message's file cannot be read
    */
   static ByteBuf of(ICoreMessage message, int limit) throws ActiveMQException {
      boolean compressed = message.getBooleanProperty(Message.HDR_LARGE_COMPRESSED);
      int storedLimit = compressed ? compressedLimit(limit) : limit;
      ByteBuf stored = message.isLargeMessage() ? fromFile(message, storedLimit) : message.getReadOnlyBodyBuffer().byteBuf();
      if (stored == null || !compressed) {
         return stored == null || stored.readableBytes() > limit ? null : stored;
      }
      return inflated(stored, limit);
   }

   /** Deflate never grows its input by more than a few bytes per block: a longer compressed body inflates too long. */
   private static int compressedLimit(int limit) {
      return limit + limit / 64 + 64;
   }

   /** The file's bytes, or null when it holds more than {@code limit}: nothing is read then. */
   private static ByteBuf fromFile(ICoreMessage message, int limit) throws ActiveMQException {
      LargeBodyReader reader = message.getLargeBodyReader();
      reader.open();
      try {
         long size = reader.getSize();
         if (size > limit) {
            return null;
         }
         ByteBuffer into = ByteBuffer.allocate((int) size);
         while (into.hasRemaining() && reader.readInto(into) > 0) {
            // a file read may return fewer bytes than asked
         }
         return into.hasRemaining() ? null : Unpooled.wrappedBuffer(into.array());
      } finally {
         reader.close();
      }
   }

   /** The inflated body, or null when it would be longer than {@code limit} or is not a complete deflate stream. */
   private static ByteBuf inflated(ByteBuf compressed, int limit) {
      int length = compressed.readableBytes();
      if (length > compressedLimit(limit)) {
         return null;
      }
      byte[] input = new byte[length];
      compressed.getBytes(compressed.readerIndex(), input);
      byte[] output = new byte[limit + 1];
      Inflater inflater = new Inflater();
      try {
         inflater.setInput(input);
         int inflated = 0;
         while (!inflater.finished() && inflated < output.length) {
            int n = inflater.inflate(output, inflated, output.length - inflated);
            if (n == 0 && !inflater.finished()) {
               return null; // cut short, or asking for a dictionary: not what the core client compresses
            }
            inflated += n;
         }
         return inflater.finished() && inflated <= limit ? Unpooled.wrappedBuffer(output, 0, inflated) : null;
      } catch (DataFormatException e) {
         return null;
      } finally {
         inflater.end();
      }
   }
}

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
import io.rulefilter.typeb.TypeBMessage;
import io.rulefilter.typeb.TypeBParser;
import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.ICoreMessage;
import org.apache.activemq.artemis.api.core.Message;

import java.nio.ByteOrder;

/**
 * Reads a message body's Type B content, bounded by {@link TypeBParser#MAX_BYTES}: a core text body (a JMS
 * {@code TextMessage}; STOMP and OpenWire text arrive as one) is read in place from the message's buffer, a core bytes
 * body (a {@code BytesMessage}, a STOMP frame with {@code content-length}) as UTF-8; a large or compressed core body
 * through {@link BodyBytes}, which stops at the bound. Other protocols' messages (AMQP) are read through their core
 * form, converted once, and only when the whole message is at most {@link #MAX_CONVERTED} bytes, large or not. Other
 * body types, and anything unreadable, have no Type B content: reading never fails a send. One reader per routing
 * thread: it keeps scratch arrays of at most 64 Ki elements.
 */
final class TypeBBodies {

   /** The largest non-core message converted to read its body: the body bound plus room for headers and properties. */
   static final int MAX_CONVERTED = 4 * TypeBParser.MAX_BYTES;
   /** The longest core body read: a text of {@link TypeBParser#MAX_BYTES} characters (two bytes each, after 5). */
   static final int MAX_ENCODED = 5 + 2 * TypeBParser.MAX_BYTES;

   private final BufferChars chars = new BufferChars();
   private byte[] scratch = new byte[0];

   /** The Type B content of {@code message}'s body, or null. */
   TypeBMessage read(Message message) {
      try {
         ICoreMessage core;
         if (message instanceof ICoreMessage c) {
            core = c;
         } else if (wholeSize(message) <= MAX_CONVERTED) {
            core = message.toCore(); // an AMQP large message reads its file (bounded here) to convert
         } else {
            return null;
         }
         ByteBuf body = BodyBytes.of(core, MAX_ENCODED);
         if (body == null) {
            return null;
         }
         return switch (core.getType()) {
            case Message.TEXT_TYPE -> text(body);
            case Message.BYTES_TYPE -> bytes(body);
            default -> null;
         };
      } catch (ActiveMQException | RuntimeException unreadable) {
         return null; // a body that cannot be read has no Type B content; the send goes on
      }
   }

   /** What converting {@code message} reads: its encoding, or its file for a large one (-1: unknown, not read). */
   private static long wholeSize(Message message) {
      long size = message.isLargeMessage() ? message.getWholeMessageSize() : message.getEncodeSize();
      return size < 0 ? Long.MAX_VALUE : size;
   }

   /** A nullable SimpleString: a byte (0: null), an int (its length in bytes), two bytes per UTF-16 unit. */
   private TypeBMessage text(ByteBuf body) {
      int at = body.readerIndex();
      int readable = body.readableBytes();
      if (readable < 5 || body.getByte(at) == 0) {
         return null;
      }
      int length = body.getInt(at + 1);
      if (length < 0 || (length & 1) != 0 || length > readable - 5 || length / 2 > TypeBParser.MAX_BYTES) {
         return null;
      }
      chars.on(body, at + 5, length / 2);
      try {
         return TypeBParser.parse(chars);
      } finally {
         chars.release();
      }
   }

   private TypeBMessage bytes(ByteBuf body) {
      int length = body.readableBytes();
      if (length > TypeBParser.MAX_BYTES) {
         return null;
      }
      if (body.hasArray()) {
         return TypeBParser.parse(body.array(), body.arrayOffset() + body.readerIndex(), length);
      }
      if (scratch.length < length) {
         scratch = new byte[Math.max(length, Math.min(TypeBParser.MAX_BYTES, 2 * scratch.length))];
      }
      body.getBytes(body.readerIndex(), scratch, 0, length);
      return TypeBParser.parse(scratch, 0, length);
   }

   /**
    * The UTF-16 units of a SimpleString in a buffer (little end first), copied in one pass into an array this reader
    * keeps (at most 64 Ki units): the parser then reads plain array elements, not the buffer's checked accessors.
    */
   static final class BufferChars implements CharSequence {
      private char[] units = new char[0];
      private int length;

      void on(ByteBuf buffer, int start, int length) {
         if (units.length < length) {
            units = new char[Math.max(length, Math.min(TypeBParser.MAX_BYTES, 2 * units.length))];
         }
         if (buffer.nioBufferCount() == 1) {
            buffer.nioBuffer(start, 2 * length).order(ByteOrder.LITTLE_ENDIAN).asCharBuffer().get(units, 0, length);
         } else {
            for (int i = 0; i < length; i++) {
               units[i] = (char) buffer.getShortLE(start + 2 * i);
            }
         }
         this.length = length;
      }

      void release() {
         length = 0;
      }

      @Override
      public int length() {
         return length;
      }

      @Override
      public char charAt(int index) {
         return units[index];
      }

      /** A copy, as the parser keeps the text it reads ({@link #toString}, one copy of the whole). */
      @Override
      public CharSequence subSequence(int from, int to) {
         return new String(units, from, to - from);
      }

      @Override
      public String toString() {
         return new String(units, 0, length);
      }
   }
}

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
package io.rulefilter.bench;

import io.rulefilter.artemis.routing.ArtemisMessageView;
import io.rulefilter.message.MessageModel;
import io.rulefilter.typeb.TypeBMessage;
import io.rulefilter.typeb.TypeBParser;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.message.impl.CoreMessage;
import org.apache.activemq.artemis.reader.TextMessageUtil;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * The broker's one read of a message's Type B content (issue 25 item 4), which every {@code @typeb} rule of the
 * address then shares: a BSM of about {@code kib} KiB as a core text body (read in place) or bytes body (UTF-8).
 * Two messages alternate, so each call reads a body (the view keeps the content of the message it read last).
 * Divide by {@code kib} for the cost per KiB.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class TypeBReadBenchmark {

   @Param({"1", "16"})
   public int kib;

   /** {@code string}: the translator's parser on a String, without the broker (what {@code rulefilter eval} pays). */
   @Param({"text", "bytes", "string"})
   public String body;

   private Message[] messages;
   private String[] texts;
   private ArtemisMessageView view;
   private int next;

   @Setup
   public void setup() {
      view = new ArtemisMessageView(MessageModel.DEFAULT.tagProperty());
      texts = new String[] {bsm(kib * 1024, 1), bsm(kib * 1024, 2)};
      messages = new Message[] {message(texts[0]), message(texts[1])};
      if (read() == null || read() == null) {
         throw new IllegalStateException("the sample BSM has no Type B content");
      }
   }

   @Benchmark
   public TypeBMessage read() {
      if (body.equals("string")) {
         return TypeBParser.parse(texts[next++ & 1]);
      }
      TypeBMessage content = view.of(messages[next++ & 1]).typeB();
      view.release();
      return content;
   }

   /** A BSM of about {@code size} characters: a heading, the SMI, flight and bag tag elements up to the size. */
   static String bsm(int size, int variant) {
      StringBuilder b = new StringBuilder("QU SHAXXMU\r\n.PEKKKCA 04120" + variant + "\r\nBSM\r\n.V/1LPEK\r\n");
      b.append(".F/CA1234/05FEB/PEK/Y\r\n.O/MU5101/06FEB/SHA/Y\r\n");
      for (int tag = 0; b.length() < size - 10; tag++) {
         b.append(".N/0999").append(100000 + tag).append("001\r\n");
      }
      return b.append("ENDBSM\r\n").toString();
   }

   private Message message(String text) {
      CoreMessage m = new CoreMessage(1, 256);
      m.setAddress("bags.in");
      if (!body.equals("bytes")) {
         m.setType(Message.TEXT_TYPE);
         TextMessageUtil.writeBodyText(m.getBodyBuffer(), SimpleString.of(text));
      } else {
         m.setType(Message.BYTES_TYPE);
         m.getBodyBuffer().writeBytes(text.getBytes(StandardCharsets.UTF_8));
      }
      return m;
   }
}

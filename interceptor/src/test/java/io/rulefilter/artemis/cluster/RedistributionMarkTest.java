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

import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.core.message.impl.CoreMessage;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class RedistributionMarkTest {

   private static final byte[] NODE_B = "node-b".getBytes(StandardCharsets.UTF_8);

   private static Message held() {
      CoreMessage message = new CoreMessage(1, 64);
      message.setAddress("airport.events");
      return message;
   }

   private static byte[] mark(Message message) {
      return RedistributionMark.valid(message.getExtraBytesProperty(RedistributionMark.PROPERTY));
   }

   @Test
   void namesEachQueueAddedAndNoOther() {
      Message message = held();
      RedistributionMark.add(message, RedistributionMark.entry("node-b", 1));
      RedistributionMark.add(message, RedistributionMark.entry("node-b", 2));
      RedistributionMark.add(message, RedistributionMark.entry("node-b", 2));
      RedistributionMark.add(message, RedistributionMark.entry("node-c", 3));
      byte[] mark = mark(message);
      assertThat(RedistributionMark.names(mark, NODE_B, 1)).isTrue();
      assertThat(RedistributionMark.names(mark, NODE_B, 2)).isTrue();
      assertThat(RedistributionMark.names(mark, NODE_B, 3)).as("queue 3 of another node").isFalse();
      assertThat(RedistributionMark.names(mark, "node-c".getBytes(StandardCharsets.UTF_8), 3)).isTrue();
      assertThat(mark).as("an entry added twice is held once").hasSize(3 * RedistributionMark.entry("node-b", 1).length);
   }

   @Test
   void redistributionsAtTheSameTimeAreAllNamed() throws Exception {
      int queues = 8;
      ExecutorService redistributors = Executors.newFixedThreadPool(queues);
      try {
         for (int round = 0; round < 200; round++) {
            Message message = held();
            CyclicBarrier together = new CyclicBarrier(queues);
            Future<?>[] done = new Future<?>[queues];
            for (int q = 0; q < queues; q++) {
               long queueId = q;
               done[q] = redistributors.submit(() -> {
                  together.await();
                  RedistributionMark.add(message, RedistributionMark.entry("node-b", queueId));
                  return null;
               });
            }
            for (Future<?> f : done) {
               f.get(30, TimeUnit.SECONDS);
            }
            for (int q = 0; q < queues; q++) {
               assertThat(RedistributionMark.names(mark(message), NODE_B, q)).as("round %d, queue %d", round, q).isTrue();
            }
         }
      } finally {
         redistributors.shutdownNow();
      }
   }

   @Test
   void anEntryTakenOutLeavesTheOthersAndTheLastLeavesTheMessageAsItWas() throws Exception {
      Message message = held();
      long unmarked = message.getPersistentSize();
      byte[] one = RedistributionMark.entry("node-b", 1);
      byte[] two = RedistributionMark.entry("node-c", 2);
      RedistributionMark.add(message, one);
      RedistributionMark.add(message, two);
      RedistributionMark.removeEntry(message, RedistributionMark.entry("node-b", 9));
      assertThat(mark(message)).as("an entry it lacks").hasSize(one.length + two.length);
      RedistributionMark.removeEntry(message, one);
      assertThat(RedistributionMark.names(mark(message), NODE_B, 1)).isFalse();
      assertThat(RedistributionMark.names(mark(message), "node-c".getBytes(StandardCharsets.UTF_8), 2)).isTrue();
      RedistributionMark.removeEntry(message, two);
      assertThat(message.containsProperty(RedistributionMark.PROPERTY)).isFalse();
      assertThat(message.getPersistentSize()).as("the size it was counted at").isEqualTo(unmarked);
   }

   @Test
   void pastTheBoundTheOldestEntryGivesWay() {
      Message message = held();
      for (int q = 0; q <= RedistributionMark.MAX_ENTRIES; q++) {
         RedistributionMark.add(message, RedistributionMark.entry("node-b", q));
      }
      byte[] mark = mark(message);
      assertThat(RedistributionMark.names(mark, NODE_B, 0)).as("the oldest").isFalse();
      for (int q = 1; q <= RedistributionMark.MAX_ENTRIES; q++) {
         assertThat(RedistributionMark.names(mark, NODE_B, q)).as("queue %d", q).isTrue();
      }
   }

   @Test
   void aValueNotOfTheFormNamesNothingAndIsReplaced() {
      byte[] entry = RedistributionMark.entry("node-b", 7);
      byte[] longNode = entry.clone();
      longNode[1] = 100; // a node id longer than the value
      byte[][] forged = {new byte[0], new byte[1], new byte[8], new byte[10], longNode, {(byte) 0xFF, (byte) 0xFF, 1}};
      for (byte[] value : forged) {
         assertThat(RedistributionMark.names(RedistributionMark.valid(value), NODE_B, 7)).isFalse();
         assertThat(RedistributionMark.names(RedistributionMark.valid(value), NODE_B, 0)).isFalse();
      }
      Message message = held();
      message.putStringProperty(RedistributionMark.PROPERTY, "yes");
      RedistributionMark.add(message, entry);
      assertThat(mark(message)).as("a text value is replaced").isEqualTo(entry);
      message.putExtraBytesProperty(RedistributionMark.PROPERTY, longNode);
      RedistributionMark.add(message, entry);
      assertThat(mark(message)).as("a garbled value is replaced").isEqualTo(entry);
   }
}

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

import io.rulefilter.RuleLanguage;
import io.rulefilter.artemis.routing.ArtemisMessageView;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.filter.impl.FilterImpl;
import org.apache.activemq.artemis.core.message.impl.CoreMessage;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A copy's filter forwards a superset of what its queue accepts: by the creation rule exactly (not by its SQL part),
 * by a plain SQL filter, or everything; a message a queue already holds is always forwarded, marked as redistributed.
 */
class CopyFilterTest {

   private static final RuleLanguage LANGUAGE = RuleLanguage.standard();
   private static final ThreadLocal<ArtemisMessageView> VIEWS = ThreadLocal.withInitial(() -> new ArtemisMessageView("JMSType"));
   private static final String RULE = "flight weq *3*0*"; // its SQL part takes CA103 as well
   private static final byte[] MARK = RedistributionMark.entry("node-b", 42);

   private static Message flight(String flight) {
      CoreMessage message = new CoreMessage(1, 64);
      message.setAddress("airport.events");
      message.putStringProperty("flight", flight);
      return message;
   }

   @Test
   void byCreationRuleForwardsWhatTheRuleAcceptsNotWhatItsSqlPartTakes() throws Exception {
      SimpleString selector = SimpleString.of(LANGUAGE.selector(LANGUAGE.parse(RULE)));
      CopyFilter filter = CopyFilter.byRule(MARK, selector, LANGUAGE.compile(LANGUAGE.parse(RULE)), null, VIEWS, true);
      assertThat(filter.match(flight("CA130"))).isTrue();
      assertThat(filter.match(flight("CA103"))).isFalse();
      assertThat(FilterImpl.createFilter(selector).match(flight("CA103"))).as("the SQL part alone").isTrue();
      assertThat((Object) filter.getFilterString()).isEqualTo(selector);
   }

   @Test
   void bySqlAndForwardingAll() throws Exception {
      SimpleString sql = SimpleString.of("flight = 'CA130'");
      assertThat(CopyFilter.bySql(MARK, sql, FilterImpl.createFilter(sql), null, VIEWS).match(flight("CA103"))).isFalse();
      assertThat(CopyFilter.bySql(MARK, sql, FilterImpl.createFilter(sql), null, VIEWS).match(flight("CA130"))).isTrue();
      assertThat(CopyFilter.forwardingAll(MARK, sql, false).match(flight("CA103"))).isTrue();
      assertThat((Object) CopyFilter.forwardingAll(MARK, null, false).getFilterString()).isNull();
   }

   @Test
   void aMessageAQueueHoldsIsForwardedAndMarkedAsRedistributed() {
      CopyFilter filter = CopyFilter.byRule(MARK, SimpleString.of(RULE), LANGUAGE.compile(LANGUAGE.parse(RULE)), null, VIEWS, true);
      Message fresh = flight("CA103");
      assertThat(filter.match(fresh)).isFalse();
      assertThat(fresh.getExtraBytesProperty(RedistributionMark.PROPERTY)).isNull();

      Message held = flight("CA103");
      held.refUp();
      assertThat(filter.match(held)).as("held by a queue: being redistributed").isTrue();
      assertThat(held.getExtraBytesProperty(RedistributionMark.PROPERTY)).as("names the copy's queue")
            .isEqualTo(MARK);
   }

   /**
    * A message read back from a page (a paged backlog being redistributed) holds no reference count: Artemis's paged
    * references only count usage. It is the held message all the same, marked and taken.
    */
   @Test
   void aPagedMessageBeingRedistributedIsTakenAndMarked() {
      CopyFilter filter = CopyFilter.byRule(MARK, SimpleString.of(RULE), LANGUAGE.compile(LANGUAGE.parse(RULE)), null, VIEWS, true);
      Message paged = flight("CA103");
      paged.setPaged(); // what reading it from its page does
      paged.usageUp();
      assertThat(paged.getRefCount()).isZero();
      assertThat(filter.match(paged)).as("depaged: being redistributed").isTrue();
      assertThat(paged.getExtraBytesProperty(RedistributionMark.PROPERTY)).as("names the copy's queue").isEqualTo(MARK);
      assertThat(paged.copy().isPaged()).as("a copy Artemis routes afresh (expiry, DLQ, divert) is not paged").isFalse();
   }

   /**
    * Two queues of a node hold the same message object and redistribute it at the same time, each to its
    * subscription's queue on another node: Artemis copies the message a moment after asking the copy's filter, so
    * whichever copy is made last must still name its queue (else that node judges it, and drops it after a rule change).
    */
   @Test
   void twoRedistributionsOfOneMessageBothNameTheirQueue() {
      CopyFilter toFirst = CopyFilter.forwardingAll(RedistributionMark.entry("node-b", 1), null, false);
      CopyFilter toSecond = CopyFilter.forwardingAll(RedistributionMark.entry("node-b", 2), null, false);
      Message held = flight("CA103");
      held.refUp();
      held.refUp();
      assertThat(toFirst.match(held)).isTrue();
      assertThat(toSecond.match(held)).as("the second queue's redistributor, before the first copies").isTrue();
      byte[] firstCopysMark = held.copy().getExtraBytesProperty(RedistributionMark.PROPERTY);
      assertThat(names(firstCopysMark, "node-b", 1)).as("the first copy names its queue").isTrue();
      assertThat(names(firstCopysMark, "node-b", 2)).as("and the second's").isTrue();
   }

   /** Whether a mark holds the node id's bytes followed by the queue id, whatever else it holds. */
   private static boolean names(byte[] mark, String node, long queueId) {
      byte[] entry = ByteBuffer.allocate(node.length() + Long.BYTES)
            .put(node.getBytes(StandardCharsets.UTF_8)).putLong(queueId).array();
      for (int at = 0; mark != null && at + entry.length <= mark.length; at++) {
         if (Arrays.equals(mark, at, at + entry.length, entry, 0, entry.length)) {
            return true;
         }
      }
      return false;
   }
}

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
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A copy's filter forwards a superset of what its queue accepts: by the creation rule exactly (not by its SQL part),
 * by a plain SQL filter, or everything; a message a queue already holds is redistributed only where the copy knows
 * exactly what its queue accepts and that takes it, marked as redistributed.
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
      CopyFilter filter = CopyFilter.byRule(MARK, selector, LANGUAGE.compile(LANGUAGE.parse(RULE)), null, VIEWS, true, true, null);
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
      assertThat(CopyFilter.forwardingAll(MARK, sql, false, false, null, VIEWS).match(flight("CA103"))).isTrue();
      assertThat((Object) CopyFilter.forwardingAll(MARK, null, false, true, null, VIEWS).getFilterString()).isNull();
   }

   @Test
   void aMessageAQueueHoldsIsRedistributedOnlyWhereTheRuleTakesIt() {
      CopyFilter filter = byRule(true);
      Message fresh = flight("CA103");
      assertThat(filter.match(fresh)).isFalse();
      assertThat(fresh.getExtraBytesProperty(RedistributionMark.PROPERTY)).isNull();

      Message rejected = held("CA103");
      assertThat(filter.match(rejected)).as("held, and the queue's rule rejects it: it stays").isFalse();
      assertThat(rejected.getExtraBytesProperty(RedistributionMark.PROPERTY)).isNull();

      Message taken = held("CA130");
      assertThat(filter.match(taken)).as("held, and the queue's rule takes it: redistributed").isTrue();
      assertThat(taken.getExtraBytesProperty(RedistributionMark.PROPERTY)).as("names the copy's queue").isEqualTo(MARK);
   }

   /** A plain SQL queue's copy redistributes what its SQL filter takes, as Artemis's own filter decides. */
   @Test
   void aPlainQueuesCopyRedistributesWhatItsSqlTakes() throws Exception {
      SimpleString sql = SimpleString.of("flight = 'CA130'");
      CopyFilter filter = CopyFilter.bySql(MARK, sql, FilterImpl.createFilter(sql), null, VIEWS);
      assertThat(filter.match(held("CA103"))).isFalse();
      assertThat(filter.match(held("CA130"))).isTrue();
   }

   /**
    * A copy that knows only a superset of what its queue accepts (its node has not told yet, or a change is being put
    * in force there) redistributes nothing: the queue there might reject it, and the original is gone once copied.
    */
   @Test
   void aCopyThatKnowsOnlyASupersetRedistributesNothing() {
      CopyFilter union = byRule(false);
      CopyFilter notTold = CopyFilter.forwardingAll(MARK, SimpleString.of(RULE), true, false, null, VIEWS);
      for (CopyFilter superset : List.of(union, notTold)) {
         assertThat(superset.match(held("CA130"))).as("%s, held", superset).isFalse();
      }
      assertThat(union.match(flight("CA130"))).as("routed for the first time: forwarded").isTrue();
      assertThat(notTold.match(flight("CA103"))).as("routed for the first time: forwarded").isTrue();
   }

   /** A copy by {@link #RULE}, exact or a superset. */
   private static CopyFilter byRule(boolean exact) {
      return CopyFilter.byRule(MARK, SimpleString.of(RULE), LANGUAGE.compile(LANGUAGE.parse(RULE)), null, VIEWS, true, exact, null);
   }

   private static Message held(String flight) {
      Message message = flight(flight);
      message.refUp();
      return message;
   }

   /**
    * A message read back from a page (a paged backlog being redistributed) holds no reference count: Artemis's paged
    * references only count usage. It is the held message all the same, marked and taken.
    */
   @Test
   void aPagedMessageBeingRedistributedIsTakenAndMarked() {
      CopyFilter filter = byRule(true);
      Message paged = flight("CA130");
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
      CopyFilter toFirst = CopyFilter.forwardingAll(RedistributionMark.entry("node-b", 1), null, false, true, null, VIEWS);
      CopyFilter toSecond = CopyFilter.forwardingAll(RedistributionMark.entry("node-b", 2), null, false, true, null, VIEWS);
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

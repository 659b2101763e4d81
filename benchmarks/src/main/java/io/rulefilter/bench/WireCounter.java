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

import org.apache.activemq.artemis.api.core.Interceptor;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.core.protocol.core.Packet;
import org.apache.activemq.artemis.core.protocol.core.impl.wireformat.SessionSendMessage;
import org.apache.activemq.artemis.spi.core.protocol.RemotingConnection;

import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the core messages one cluster node receives: those another node's cluster bridge forwards (they carry the
 * target queue ids in {@code _AMQ_ROUTE_TO}) and those clients publish, with their packets' bytes as decoded off the
 * wire. An interceptor sees a packet as it arrives, before the broker (and RuleFilter, whose owning node judges
 * forwarded ids when the session sends the message on) acts on it.
 */
final class WireCounter implements Interceptor {

   /** Counter values at one moment. */
   record Counts(long forwarded, long forwardedBytes, long routeIds, long published, long publishedBytes) {

      Counts minus(Counts o) {
         return new Counts(forwarded - o.forwarded, forwardedBytes - o.forwardedBytes, routeIds - o.routeIds,
               published - o.published, publishedBytes - o.publishedBytes);
      }

      Counts plus(Counts o) {
         return new Counts(forwarded + o.forwarded, forwardedBytes + o.forwardedBytes, routeIds + o.routeIds,
               published + o.published, publishedBytes + o.publishedBytes);
      }

      static final Counts ZERO = new Counts(0, 0, 0, 0, 0);
   }

   private final LongAdder forwarded = new LongAdder();
   private final LongAdder forwardedBytes = new LongAdder();
   private final LongAdder routeIds = new LongAdder();
   private final LongAdder published = new LongAdder();
   private final LongAdder publishedBytes = new LongAdder();

   @Override
   public boolean intercept(Packet packet, RemotingConnection connection) {
      if (packet instanceof SessionSendMessage send) {
         byte[] ids = send.getMessage().getExtraBytesProperty(Message.HDR_ROUTE_TO_IDS);
         if (ids != null) {
            forwarded.increment();
            forwardedBytes.add(packet.getPacketSize());
            routeIds.add(ids.length / Long.BYTES);
         } else {
            published.increment();
            publishedBytes.add(packet.getPacketSize());
         }
      }
      return true;
   }

   Counts counts() {
      return new Counts(forwarded.sum(), forwardedBytes.sum(), routeIds.sum(), published.sum(), publishedBytes.sum());
   }
}

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

import org.apache.activemq.artemis.api.core.TransportConfiguration;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.api.core.client.ServerLocator;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One connection to each other node for the calls between nodes, made when first needed and kept: a call costs a
 * session on it, not a new TCP connection and handshake (a reconnecting node is called once per managed queue, and
 * more). A connection that fails is closed, and made anew for the next call.
 */
final class PeerConnections implements AutoCloseable {

   private record Link(ServerLocator locator, ClientSessionFactory factory) {
      void close() {
         factory.close();
         locator.close();
      }
   }

   private final Map<TransportConfiguration, Link> links = new ConcurrentHashMap<>();
   private final long callTimeoutMs;
   private volatile boolean closed;

   PeerConnections(long callTimeoutMs) {
      this.callTimeoutMs = callTimeoutMs;
   }

   /**
    * A session on the connection to the node at {@code connector}, as {@code user}; a kept connection that fails to
    * give one (the node restarted meanwhile) is replaced once.
    */
   ClientSession session(TransportConfiguration connector, String user, String password) throws Exception {
      Link link = link(connector);
      try {
         return link.factory().createSession(user, password, false, true, true, false, 0);
      } catch (Exception stale) {
         failed(connector, link.factory());
         return link(connector).factory().createSession(user, password, false, true, true, false, 0);
      }
   }

   /** The call on {@code factory}'s connection failed: the connection is not trusted again. */
   void failed(TransportConfiguration connector, ClientSessionFactory factory) {
      Link link = links.get(connector);
      if (link != null && link.factory() == factory && links.remove(connector, link)) {
         link.close();
      }
   }

   /** The kept connection, or a new one; made outside any lock, so that a node slow to answer holds up no other. */
   private Link link(TransportConfiguration connector) throws Exception {
      Link link = links.get(connector);
      if (link != null && !link.factory().isClosed()) {
         return link;
      }
      if (link != null && links.remove(connector, link)) {
         link.close();
      }
      Link made = connect(connector);
      Link raced = links.putIfAbsent(connector, made);
      if (raced != null) {
         made.close();
         return raced;
      }
      if (closed) {
         links.remove(connector, made);
         made.close();
         throw new IllegalStateException("RuleFilter's cluster routing has stopped");
      }
      return made;
   }

   private Link connect(TransportConfiguration connector) throws Exception {
      ServerLocator locator = ActiveMQClient.createServerLocatorWithoutHA(connector).setCallTimeout(callTimeoutMs)
            .setReconnectAttempts(0).setInitialConnectAttempts(1);
      try {
         return new Link(locator, locator.createSessionFactory());
      } catch (Exception e) {
         locator.close();
         throw e;
      }
   }

   @Override
   public void close() {
      closed = true;
      links.keySet().forEach(connector -> {
         Link link = links.remove(connector);
         if (link != null) {
            link.close();
         }
      });
   }
}

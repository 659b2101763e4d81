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
package io.rulefilter.client;

import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.ActiveMQSecurityException;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.api.core.client.ServerLocator;
import org.apache.activemq.artemis.core.remoting.FailureListener;

/**
 * One core-protocol session on a running broker, opened so that a command fails fast: one connection attempt, no
 * reconnection, calls bounded in time, and a refusal turned into one sentence naming the URL or the user.
 */
public final class BrokerSession implements AutoCloseable {

   static final long TIMEOUT_MS = 10_000;

   private final ServerLocator locator;
   private final ClientSessionFactory factory;
   private final ClientSession session;
   private volatile ActiveMQException lost;

   private BrokerSession(ServerLocator locator, ClientSessionFactory factory, ClientSession session) {
      this.locator = locator;
      this.factory = factory;
      this.session = session;
      // with no reconnection a consumer just stops receiving when the broker goes away: remember why, to say so
      factory.getConnection().addFailureListener(new FailureListener() {
         @Override
         public void connectionFailed(ActiveMQException exception, boolean failedOver) {
            lost = exception;
         }

         @Override
         public void connectionFailed(ActiveMQException exception, boolean failedOver, String scaleDownTargetNodeID) {
            lost = exception;
         }
      });
   }

   /** Opens a started session with auto-committed sends and acknowledgements. */
   public static BrokerSession open(String url, String user, String password) throws Failure {
      ServerLocator locator;
      try {
         // a command must answer, not wait: a broker that is down is reported after one attempt
         locator = ActiveMQClient.createServerLocator(url).setBlockOnNonDurableSend(true).setBlockOnDurableSend(true)
               .setInitialConnectAttempts(1).setReconnectAttempts(0).setCallTimeout(TIMEOUT_MS)
               .setCallFailoverTimeout(TIMEOUT_MS).setConnectionTTL(TIMEOUT_MS * 3);
      } catch (Exception e) {
         throw new Failure("invalid broker URL '" + url + "': " + e.getMessage(), e, true);
      }
      ClientSessionFactory factory;
      try {
         factory = locator.createSessionFactory();
      } catch (Exception e) {
         locator.close();
         throw new Failure("cannot connect to " + url + ": " + e.getMessage(), e, false);
      }
      try {
         ClientSession session = factory.createSession(user, password, false, true, true, false, 1);
         session.start();
         return new BrokerSession(locator, factory, session);
      } catch (ActiveMQSecurityException e) {
         factory.close();
         locator.close();
         throw new Failure("the broker refused user '" + user + "': wrong user name or password", e, false);
      } catch (Exception e) {
         factory.close();
         locator.close();
         throw new Failure("cannot open a session on " + url + ": " + e.getMessage(), e, false);
      }
   }

   public ClientSession session() {
      return session;
   }

   /** Why the connection to the broker was lost, or null while it holds. */
   public ActiveMQException lost() {
      return lost;
   }

   @Override
   public void close() {
      try {
         session.close();
      } catch (ActiveMQException ignored) {
         // closing anyway
      }
      factory.close();
      locator.close();
   }

   /** A session that could not be opened, with the reason to show the user; {@code usage} when the URL itself is wrong. */
   public static final class Failure extends Exception {
      private final boolean usage;

      Failure(String message, Throwable cause, boolean usage) {
         super(message, cause);
         this.usage = usage;
      }

      public boolean usage() {
         return usage;
      }
   }
}

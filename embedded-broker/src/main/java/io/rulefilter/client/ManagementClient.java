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
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientRequestor;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.management.ManagementHelper;

/**
 * Calls RuleFilter's management operations on a running broker through its management address, as any Artemis
 * client can. Failures become {@link ManagementException}s whose message is the broker's own reason.
 */
public final class ManagementClient implements AutoCloseable {

   public static final String RESOURCE = "rulefilter";
   private static final String MANAGEMENT_ADDRESS = "activemq.management";
   private static final long TIMEOUT_MS = BrokerSession.TIMEOUT_MS;

   private final BrokerSession connection;
   private final ClientSession session;
   private ClientRequestor requestor;

   public ManagementClient(String url, String user, String password) throws ManagementException {
      try {
         connection = BrokerSession.open(url, user, password);
      } catch (BrokerSession.Failure e) {
         throw new ManagementException(e.getMessage(), e);
      }
      session = connection.session();
      try {
         requestor = new ClientRequestor(session, MANAGEMENT_ADDRESS);
      } catch (ActiveMQSecurityException e) {
         close();
         throw new ManagementException("user '" + user + "' may not use the management address: " + e.getMessage(), e);
      } catch (Exception e) {
         close();
         throw new ManagementException("cannot open a session on " + url + ": " + e.getMessage(), e);
      }
   }

   /** Invokes {@code operation} and returns its result (JSON text, a boolean, or null). */
   public Object invoke(String operation, Object... arguments) throws ManagementException {
      return invokeOn(RESOURCE, operation, arguments);
   }

   /** Invokes {@code operation} of the management resource {@code resource} (e.g. {@code rulefilter.cluster}). */
   public Object invokeOn(String resource, String operation, Object... arguments) throws ManagementException {
      return request(operation, "call '" + operation + "'",
            request -> ManagementHelper.putOperationInvocation(request, resource, operation, arguments));
   }

   /** Reads the attribute {@code name} (e.g. {@code ForwardedRejected}). */
   public Object attribute(String name) throws ManagementException {
      return request(name, "read '" + name + "'", request -> ManagementHelper.putAttribute(request, RESOURCE, name));
   }

   private Object request(String what, String action, Request fill) throws ManagementException {
      try {
         ClientMessage request = session.createMessage(false);
         fill.into(request);
         ClientMessage reply = requestor.request(request, TIMEOUT_MS);
         if (reply == null) {
            throw new ManagementException("the broker did not answer '" + what + "' within " + TIMEOUT_MS / 1000 + " s");
         }
         Object result = ManagementHelper.getResult(reply);
         if (!ManagementHelper.hasOperationSucceeded(reply)) {
            throw new ManagementException(result == null ? what + " failed" : result.toString());
         }
         return result;
      } catch (ActiveMQSecurityException e) {
         throw new ManagementException("not allowed to " + action + ": " + e.getMessage(), e);
      } catch (ManagementException e) {
         throw e;
      } catch (ActiveMQException e) {
         throw new ManagementException(what + " failed: " + e.getMessage(), e);
      } catch (Exception e) {
         throw new ManagementException(what + " failed: " + e, e);
      }
   }

   /** Writes a management request into a message. */
   private interface Request {
      void into(ClientMessage message) throws Exception;
   }

   @Override
   public void close() {
      try {
         if (requestor != null) {
            // deletes the reply queue first; left to the session's close, the broker logs an error removing its address
            requestor.close();
         }
      } catch (Exception ignored) {
         // closing anyway
      }
      connection.close();
   }

   /** A management call that failed, with the reason to show the user. */
   public static final class ManagementException extends Exception {
      public ManagementException(String message) {
         super(message);
      }

      public ManagementException(String message, Throwable cause) {
         super(message, cause);
      }
   }
}

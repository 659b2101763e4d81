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
package io.rulefilter.console;

import io.rulefilter.artemis.log.ManagementRefusals;
import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.ActiveMQSecurityException;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientRequestor;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.api.core.client.ServerLocator;
import org.apache.activemq.artemis.api.core.management.ManagementHelper;

/**
 * Calls RuleFilter's management operations as the HTTP user, through the broker's management address like any Artemis
 * client: the broker authenticates the user when the session opens, checks MANAGE (and, with
 * {@code management-message-rbac}, the operation's view or edit permission) on every call, and records the session's
 * user as who made a change. Nothing here decides who may do what.
 */
final class ManagementGateway implements AutoCloseable {

   static final String RESOURCE = "rulefilter";
   private static final long TIMEOUT_MS = 10_000;

   private final String url;
   private final String managementAddress;
   private ServerLocator locator;
   private ClientSessionFactory factory;

   ManagementGateway(String url, String managementAddress) {
      this.url = url;
      this.managementAddress = managementAddress;
   }

   /**
    * A session of {@code user} on the broker; one per HTTP request, on a connection all requests share.
    *
    * @throws ApiError 401 when the broker refuses the credentials, 503 when it cannot be reached
    */
   Calls open(String user, String password) throws ApiError {
      ClientSession session;
      try {
         session = factory().createSession(user, password, false, true, true, false, 1);
      } catch (ActiveMQSecurityException e) {
         throw new ApiError(401, "wrong user name or password");
      } catch (Exception e) {
         throw new ApiError(503, "the broker cannot be reached: " + e.getMessage());
      }
      try {
         session.start();
         return new Calls(session, new ClientRequestor(session, managementAddress));
      } catch (ActiveMQSecurityException e) {
         closeQuietly(session);
         throw new ApiError(403, "user '" + user + "' may not use the management address: " + e.getMessage());
      } catch (Exception e) {
         closeQuietly(session);
         throw new ApiError(503, "cannot open a management session: " + e.getMessage());
      }
   }

   private synchronized ClientSessionFactory factory() throws Exception {
      if (factory == null || factory.isClosed()) {
         if (locator == null) {
            locator = ActiveMQClient.createServerLocator(url).setBlockOnNonDurableSend(true).setBlockOnDurableSend(true)
                  .setInitialConnectAttempts(1).setReconnectAttempts(0).setCallTimeout(TIMEOUT_MS);
         }
         factory = locator.createSessionFactory();
      }
      return factory;
   }

   @Override
   public synchronized void close() {
      if (factory != null) {
         factory.close();
      }
      if (locator != null) {
         locator.close();
      }
   }

   private static void closeQuietly(ClientSession session) {
      try {
         session.close();
      } catch (ActiveMQException ignored) {
         // closing anyway
      }
   }

   /** One user's management calls; failures become {@link ApiError}s carrying the broker's own reason. */
   static final class Calls implements AutoCloseable {

      private final ClientSession session;
      private final ClientRequestor requestor;

      private Calls(ClientSession session, ClientRequestor requestor) {
         this.session = session;
         this.requestor = requestor;
      }

      /** The result of RuleFilter's {@code operation}: JSON text, a boolean, or null. */
      Object invoke(String operation, Object... arguments) throws ApiError {
         return invokeOn(RESOURCE, operation, arguments);
      }

      /** The result of {@code operation} of another management resource, e.g. {@code queue.bags}. */
      Object invokeOn(String resource, String operation, Object... arguments) throws ApiError {
         return request(operation, m -> ManagementHelper.putOperationInvocation(m, resource, operation, arguments));
      }

      /** An attribute of another management resource, e.g. {@code MessageCount} of {@code queue.bags}. */
      Object attribute(String resource, String attribute) throws ApiError {
         return request("get" + attribute, m -> ManagementHelper.putAttribute(m, resource, attribute));
      }

      private Object request(String operation, Request fill) throws ApiError {
         try {
            ClientMessage request = session.createMessage(false);
            fill.into(request);
            ClientMessage reply = requestor.request(request, TIMEOUT_MS);
            if (reply == null) {
               throw new ApiError(504, "the broker did not answer '" + operation + "' within " + TIMEOUT_MS / 1000 + " s");
            }
            Object result = ManagementHelper.getResult(reply);
            if (!ManagementHelper.hasOperationSucceeded(reply)) {
               throw refusal(operation, result == null ? operation + " failed" : result.toString());
            }
            return result;
         } catch (ActiveMQSecurityException e) {
            throw new ApiError(403, "not allowed to call '" + operation + "': " + e.getMessage());
         } catch (ApiError e) {
            throw e;
         } catch (Exception e) {
            throw new ApiError(503, operation + " failed: " + e.getMessage());
         }
      }

      /** Management's refusal, with the status its reason calls for; the text is passed on unchanged. */
      private static ApiError refusal(String operation, String reason) {
         if (reason.contains("does not have permission")) {
            return new ApiError(403, "not allowed to call '" + operation + "': " + reason);
         }
         if (ManagementRefusals.isNotFound(reason)) {
            return new ApiError(404, reason);
         }
         return new ApiError(400, reason);
      }

      /** Writes a management request into a message. */
      private interface Request {
         void into(ClientMessage message) throws Exception;
      }

      @Override
      public void close() {
         try {
            requestor.close(); // deletes the reply queue before the session goes, or the broker logs an error
         } catch (Exception ignored) {
            // closing anyway
         }
         closeQuietly(session);
      }
   }
}

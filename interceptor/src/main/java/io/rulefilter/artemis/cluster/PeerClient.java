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

import io.rulefilter.artemis.management.RuleFilterClusterControlMBean;
import io.rulefilter.artemis.management.RuleFilterControlMBean;
import io.rulefilter.artemis.server.ClusterParts;
import org.apache.activemq.artemis.api.core.TransportConfiguration;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientRequestor;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.management.ManagementHelper;

import java.util.concurrent.atomic.LongAdder;

/**
 * Calls RuleFilter's management operations on another node of the cluster, as the cluster user (the identity cluster
 * bridges use, which Artemis authorises for management), through the node's management address.
 */
final class PeerClient {

   /** Longer than a peer's wait for its forwards to be confirmed (5 s), so that its answer can arrive. */
   private static final long TIMEOUT_MS = 15_000;

   /** The node answered, and refused the operation (the message says why). */
   static final class Refused extends Exception {
      Refused(String message) {
         super(message);
      }

      /**
       * Artemis's answer (AMQ229067) when the node has no management resource of the name called: a node without
       * RuleFilter, or with a version older than this one's; {@link #whyAbsent} tells which.
       */
      boolean unknownResource() {
         return String.valueOf(getMessage()).contains(UNKNOWN_RESOURCE);
      }

      /** Artemis's answer (AMQ229069) when the resource has no such operation: a node of an older version. */
      boolean unknownOperation() {
         return String.valueOf(getMessage()).contains(UNKNOWN_OPERATION);
      }
   }

   /** Why a node has no {@code rulefilter.cluster} resource. */
   enum Absent {
      /** It runs no RuleFilter: nothing of it answers there. */
      NO_RULEFILTER,
      /** It runs a RuleFilter older than this one: its operators' resource answers, the operations between nodes do not. */
      OLDER_RULEFILTER,
      /** It could not be asked (it went away meanwhile): ask again later, and assume nothing. */
      UNKNOWN
   }

   /** No resource has it: the node answers that the operation is missing, or that the resource is. */
   private static final String PROBE = "noSuchOperationProbe";

   private static final String UNKNOWN_RESOURCE = "AMQ229067";
   private static final String UNKNOWN_OPERATION = "AMQ229069";

   private final ClusterParts cluster;
   private final PeerConnections connections = new PeerConnections(TIMEOUT_MS);
   private final LongAdder calls = new LongAdder();

   /** Calls other nodes as {@code cluster}'s user, through their management address, naming this node as sender. */
   PeerClient(ClusterParts cluster) {
      this.cluster = cluster;
   }

   /**
    * Invokes {@code operation} on the node at {@code connector}; returns its result.
    *
    * @throws Refused when the node answered with an error
    */
   Object invoke(TransportConfiguration connector, String operation, Object... arguments) throws Exception {
      return invokeOn(connector, RuleFilterClusterControlMBean.RESOURCE_NAME, operation, arguments);
   }

   /**
    * Asks the node at {@code connector}, which refused an operation between nodes for want of the resource, whether
    * it runs RuleFilter at all: only then is its operators' resource ({@code rulefilter}) there. The probe calls an
    * operation no resource has, so that nothing runs there and the only refusal that means "no resource" is
    * Artemis's.
    */
   Absent whyAbsent(TransportConfiguration connector) {
      try {
         invokeOn(connector, RuleFilterControlMBean.RESOURCE_NAME, PROBE);
         return Absent.OLDER_RULEFILTER;
      } catch (Refused e) {
         return e.unknownResource() ? Absent.NO_RULEFILTER : Absent.OLDER_RULEFILTER;
      } catch (Exception e) {
         return Absent.UNKNOWN;
      }
   }

   private Object invokeOn(TransportConfiguration connector, String resource, String operation, Object... arguments)
         throws Exception {
      calls.increment();
      ClientSession session = connections.session(connector, cluster.user(), cluster.password());
      try (session) {
         session.addMetaData(RuleFilterClusterControlMBean.SENDER_METADATA, cluster.sender());
         session.start();
         try (ClientRequestor requestor = new ClientRequestor(session, cluster.managementAddress())) {
            ClientMessage request = session.createMessage(false);
            ManagementHelper.putOperationInvocation(request, resource, operation, arguments);
            ClientMessage reply = requestor.request(request, TIMEOUT_MS);
            if (reply == null) {
               throw new IllegalStateException("no answer to " + operation + " within " + TIMEOUT_MS + " ms");
            }
            Object result = ManagementHelper.getResult(reply);
            if (!ManagementHelper.hasOperationSucceeded(reply)) {
               throw new Refused(String.valueOf(result));
            }
            return result;
         }
      } catch (Refused answered) {
         throw answered;
      } catch (Exception e) {
         connections.failed(connector, session.getSessionFactory()); // the next call connects anew
         throw e;
      }
   }

   /** The operations invoked on other nodes so far, answered or not. */
   long calls() {
      return calls.sum();
   }

   /** Closes the connections to other nodes; a call after this fails. */
   void close() {
      connections.close();
   }
}

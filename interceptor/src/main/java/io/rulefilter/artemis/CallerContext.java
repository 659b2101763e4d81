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
package io.rulefilter.artemis;

import io.rulefilter.artemis.management.RuleFilterClusterControlMBean;
import org.apache.activemq.artemis.core.persistence.OperationContext;
import org.apache.activemq.artemis.core.persistence.impl.journal.OperationContextImpl;
import org.apache.activemq.artemis.core.server.ServerSession;
import org.apache.activemq.artemis.logs.AuditLogger;
import org.apache.activemq.artemis.utils.sm.SecurityManagerShim;

import javax.security.auth.Subject;
import java.security.Principal;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Who is calling a management operation. Artemis runs a management message on the sending session's thread with that
 * session's operation context installed, so the context names the session, and the session its user; knowing it
 * costs one map entry per session, instead of a hook on every message. A JMX call runs as the authenticated JMX
 * subject, whose user principal names the caller.
 */
final class CallerContext {

   private final Map<OperationContext, ServerSession> sessions = new ConcurrentHashMap<>();

   void sessionCreated(ServerSession session) {
      sessions.put(session.getSessionContext(), session);
   }

   void sessionClosed(ServerSession session) {
      sessions.remove(session.getSessionContext());
   }

   /** The calling user; {@code jmx (unauthenticated)} for a JMX call without a subject. */
   String current() {
      String user = sessionUser();
      if (user != null) {
         return user;
      }
      String subject = subjectUser();
      return subject != null ? subject + " (JMX)" : "jmx (unauthenticated)";
   }

   /**
    * Who replaced a queue's filter through Artemis: the user who called {@code updateQueue} when known (Artemis runs
    * the operation in an operation context of its own, with the caller's subject), else Artemis (a broker.xml reload,
    * or an {@code updateQueue} call without a user, such as an unauthenticated JMX one).
    */
   String throughArtemis() {
      String user = sessionUser();
      if (user == null) {
         user = subjectUser();
      }
      return user != null ? user + " through updateQueue" : "Artemis (broker.xml reload or updateQueue)";
   }

   /**
    * The node that calls, as the session of a management message says ({@link
    * RuleFilterClusterControlMBean#SENDER_METADATA}), or null.
    */
   String sender() {
      ServerSession session = session();
      return session == null ? null : session.getMetaData(RuleFilterClusterControlMBean.SENDER_METADATA);
   }

   /** The user of the management message's session whose operation context is installed, or null. */
   private String sessionUser() {
      ServerSession session = session();
      if (session == null) {
         return null;
      }
      String user = session.getUsername();
      return user == null || user.isEmpty() ? "anonymous" : user;
   }

   private ServerSession session() {
      OperationContext context = OperationContextImpl.getContext(null);
      return context == null ? null : sessions.get(context);
   }

   /** The user principal of the calling subject (a JMX call's, or the one Artemis audits a call as), or null. */
   private static String subjectUser() {
      Subject subject = SecurityManagerShim.currentSubject();
      if (subject == null) {
         subject = AuditLogger.currentCaller.get();
      }
      if (subject != null) {
         for (Principal principal : subject.getPrincipals()) {
            if (principal.getClass().getSimpleName().endsWith("UserPrincipal")) {
               return principal.getName();
            }
         }
      }
      return null;
   }
}

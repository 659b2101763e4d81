package io.rulefilter.artemis;

import org.apache.activemq.artemis.core.persistence.OperationContext;
import org.apache.activemq.artemis.core.persistence.impl.journal.OperationContextImpl;
import org.apache.activemq.artemis.core.server.ServerSession;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Who is calling a management operation. Artemis runs a management message on the sending session's thread with that
 * session's operation context installed, so the context names the session, and the session its user. Knowing it
 * costs one map entry per session, instead of a hook on every message.
 */
final class CallerContext {

   private final Map<OperationContext, String> users = new ConcurrentHashMap<>();

   void sessionCreated(ServerSession session) {
      String user = session.getUsername();
      users.put(session.getSessionContext(), user == null || user.isEmpty() ? "anonymous" : user);
   }

   void sessionClosed(ServerSession session) {
      users.remove(session.getSessionContext());
   }

   /** The management user, or {@code jmx} for calls that did not come through a messaging session. */
   String current() {
      OperationContext context = OperationContextImpl.getContext(null);
      String user = context == null ? null : users.get(context);
      return user == null ? "jmx" : user;
   }
}

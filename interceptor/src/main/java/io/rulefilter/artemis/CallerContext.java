package io.rulefilter.artemis;

/**
 * Who is calling a management operation. Artemis checks MANAGE and then runs the operation on the thread that
 * handles the sending session, so the plugin's {@code beforeSend} hook can name the user for the audit log line.
 */
final class CallerContext {

   private static final ThreadLocal<String> USER = new ThreadLocal<>();

   private CallerContext() {
   }

   static void enter(String user) {
      USER.set(user == null || user.isEmpty() ? "anonymous" : user);
   }

   static void leave() {
      USER.remove();
   }

   /** The management user, or {@code jmx} for calls that did not come through the management address. */
   static String current() {
      String user = USER.get();
      return user == null ? "jmx" : user;
   }
}

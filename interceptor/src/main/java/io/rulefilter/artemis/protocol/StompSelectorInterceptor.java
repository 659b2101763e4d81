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
package io.rulefilter.artemis.protocol;

import io.rulefilter.artemis.log.ProtocolLogger;
import org.apache.activemq.artemis.api.core.BaseInterceptor;
import org.apache.activemq.artemis.api.core.SimpleString;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Rewrites a raw rule in the {@code selector} header of a STOMP {@code SUBSCRIBE} frame into the selector form, before
 * Artemis's STOMP layer checks the selector (it refuses anything that is not SQL, before any plugin hook). An invalid
 * rule becomes text that Artemis refuses quoting the rule error, which the client gets in its ERROR frame.
 * <p>
 * Artemis's STOMP module is not on the plugin's compile path (it is not published as a Maven artifact) and may be
 * missing from a broker, so this interceptor is a proxy of its {@code StompFrameInterceptor} interface, made only
 * when the broker has that interface; it calls the frame's methods through method handles.
 */
public final class StompSelectorInterceptor implements InvocationHandler {

   static final String INTERFACE = "org.apache.activemq.artemis.core.protocol.stomp.StompFrameInterceptor";
   static final String FRAME = "org.apache.activemq.artemis.core.protocol.stomp.StompFrame";
   private static final long LOG_QUIET_NANOS = 60_000_000_000L;
   /** A selector that cannot be read is logged at most once a minute: a hostile client must not flood the log. */
   private static final AtomicLong LAST_LOG = new AtomicLong(System.nanoTime() - LOG_QUIET_NANOS);
   private static final String SUBSCRIBE = "SUBSCRIBE";
   private static final String SELECTOR = "selector";
   private static final String[] NO_LOCAL = {"no-local", "activemq.noLocal"};

   private final SelectorRewriter rewriter;
   private final MethodHandle command;
   private final MethodHandle header;
   private final MethodHandle headers;

   private StompSelectorInterceptor(SelectorRewriter rewriter, Class<?> frame) throws ReflectiveOperationException {
      MethodHandles.Lookup lookup = MethodHandles.publicLookup();
      this.rewriter = rewriter;
      this.command = lookup.findVirtual(frame, "getCommand", MethodType.methodType(String.class));
      this.header = lookup.findVirtual(frame, "getHeader", MethodType.methodType(String.class, String.class));
      // addHeader keeps the first value of a header (STOMP 1.1+), so the rewrite goes into the frame's header map
      this.headers = lookup.findVirtual(frame, "getHeadersMap", MethodType.methodType(Map.class));
   }

   /** The interceptor for a broker whose classes {@code loader} loads, or empty when it has no STOMP module. */
   public static Optional<BaseInterceptor<?>> forBroker(SelectorRewriter rewriter, ClassLoader loader)
         throws ReflectiveOperationException {
      Class<?> type;
      Class<?> frame;
      try {
         type = Class.forName(INTERFACE, false, loader);
         frame = Class.forName(FRAME, false, loader);
      } catch (ClassNotFoundException noStomp) {
         return Optional.empty();
      }
      StompSelectorInterceptor handler = new StompSelectorInterceptor(rewriter, frame);
      return Optional.of((BaseInterceptor<?>) Proxy.newProxyInstance(loader, new Class<?>[] {type}, handler));
   }

   @Override
   public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
      return switch (method.getName()) {
         case "intercept" -> intercept(args[0]);
         case "equals" -> proxy == args[0];
         case "hashCode" -> System.identityHashCode(proxy);
         case "toString" -> "RuleFilter STOMP selector interceptor";
         default -> throw new UnsupportedOperationException(method.getName());
      };
   }

   private boolean intercept(Object frame) throws Throwable {
      if (!SUBSCRIBE.equals((String) command.invoke(frame))) {
         return true;
      }
      String selector = (String) header.invoke(frame, SELECTOR);
      if (selector == null || selector.isEmpty()) {
         return true;
      }
      String rewritten;
      try {
         rewritten = rewriter.queueFilter(SimpleString.of(selector)).toString();
         if (isNoLocal(frame) && rewriter.ruleOf(SimpleString.of(rewritten)).isPresent()) {
            // Artemis appends its no-local condition after the rule's comment, where the rule can no longer be read
            rewritten = SelectorRewriter.refuse(selector, "no-local cannot be combined with a rule").toString();
         }
      } catch (Throwable e) { // a hostile selector must not take the connection down with it
         long last = LAST_LOG.get();
         long now = System.nanoTime();
         if (now - last >= LOG_QUIET_NANOS && LAST_LOG.compareAndSet(last, now)) {
            ProtocolLogger.stompSelectorUnreadable(e);
         }
         rewritten = SelectorRewriter.refuse(selector, "the selector could not be read: " + e).toString();
      }
      @SuppressWarnings("unchecked")
      Map<String, String> map = (Map<String, String>) headers.invoke(frame);
      map.put(SELECTOR, rewritten);
      return true;
   }

   private boolean isNoLocal(Object frame) throws Throwable {
      for (String name : NO_LOCAL) {
         if (Boolean.parseBoolean((String) header.invoke(frame, name))) {
            return true;
         }
      }
      return false;
   }
}

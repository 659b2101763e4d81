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

import io.rulefilter.artemis.log.ProtocolLogger;
import io.rulefilter.artemis.protocol.ClientSelectorEcho;
import io.rulefilter.artemis.protocol.RawRuleSelectorInterceptor;
import io.rulefilter.artemis.protocol.SelectorRewriter;
import io.rulefilter.artemis.protocol.StompSelectorInterceptor;
import org.apache.activemq.artemis.api.core.BaseInterceptor;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.remoting.server.RemotingService;

import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * RuleFilter on the broker's connections: raw rules in CORE (and, where the broker has Artemis's STOMP module, STOMP)
 * selectors turned into the selector form before Artemis parses them, and CORE clients shown their own selector text.
 */
final class SelectorInterceptors {

   private final RawRuleSelectorInterceptor incoming;
   private final ClientSelectorEcho outgoing = new ClientSelectorEcho();
   private final Optional<BaseInterceptor<?>> stomp;
   private final RemotingService remoting;

   /** Adds the interceptors to the connections of {@code remoting}, the remoting service of one life of the broker. */
   SelectorInterceptors(RemotingService remoting, SelectorRewriter rewriter, Function<SimpleString, SimpleString> queueFilter,
                        Predicate<SimpleString> filterInUse) {
      this.remoting = remoting;
      incoming = new RawRuleSelectorInterceptor(rewriter, queueFilter, filterInUse);
      remoting.addIncomingInterceptor(incoming);
      remoting.addOutgoingInterceptor(outgoing);
      stomp = stompInterceptor(remoting, rewriter);
      stomp.ifPresent(remoting::addIncomingInterceptor);
      ProtocolLogger.rawRulesRecognised(stomp.isPresent());
   }

   void remove() {
      remoting.removeIncomingInterceptor(incoming);
      remoting.removeOutgoingInterceptor(outgoing);
      stomp.ifPresent(remoting::removeIncomingInterceptor);
   }

   /** STOMP subscribers' raw rules, where the broker has Artemis's STOMP module (loaded by that module's loader). */
   private static Optional<BaseInterceptor<?>> stompInterceptor(RemotingService remoting, SelectorRewriter rewriter) {
      Object stomp = remoting.getProtocolFactoryMap().get("STOMP");
      ClassLoader loader = stomp != null ? stomp.getClass().getClassLoader() : RuleFilterPlugin.class.getClassLoader();
      try {
         return StompSelectorInterceptor.forBroker(rewriter, loader);
      } catch (ReflectiveOperationException | RuntimeException e) {
         ProtocolLogger.stompModuleHidden(e);
         return Optional.empty();
      }
   }
}

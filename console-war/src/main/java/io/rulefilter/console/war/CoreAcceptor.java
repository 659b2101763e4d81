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
package io.rulefilter.console.war;

import org.apache.activemq.artemis.api.core.TransportConfiguration;
import org.apache.activemq.artemis.core.remoting.impl.netty.TransportConstants;

import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The URL the console's management calls take to a broker of this JVM: its first plain TCP acceptor that speaks the
 * core protocol, as the broker's configuration (broker.xml) names it. An acceptor on every interface is reached on
 * the loopback address.
 */
final class CoreAcceptor {

   private CoreAcceptor() {
   }

   /**
    * @throws IllegalStateException when the broker has no such acceptor
    */
   static String url(Collection<TransportConfiguration> acceptors) {
      for (TransportConfiguration acceptor : acceptors) {
         Map<String, Object> params = acceptor.getParams();
         if (acceptor.getFactoryClassName().endsWith("NettyAcceptorFactory") && speaksCore(params) && !ssl(params)) {
            String host = text(params, TransportConstants.HOST_PROP_NAME, TransportConstants.DEFAULT_HOST);
            String port = text(params, TransportConstants.PORT_PROP_NAME, Integer.toString(TransportConstants.DEFAULT_PORT));
            boolean everywhere = host.equals("0.0.0.0") || host.equals("::") || host.equals("[::]");
            return "tcp://" + (everywhere ? "127.0.0.1" : host) + ":" + port;
         }
      }
      throw new IllegalStateException("the broker has no TCP acceptor for the core protocol without SSL, which the "
            + "console's management calls need (add one to broker.xml's <acceptors>)");
   }

   private static boolean speaksCore(Map<String, Object> params) {
      String protocols = text(params, TransportConstants.PROTOCOLS_PROP_NAME, "");
      return protocols.isBlank() || protocols.toUpperCase(Locale.ROOT).matches("(.*,)?\\s*CORE\\s*(,.*)?");
   }

   private static boolean ssl(Map<String, Object> params) {
      return Boolean.parseBoolean(text(params, TransportConstants.SSL_ENABLED_PROP_NAME, "false"));
   }

   private static String text(Map<String, Object> params, String name, String fallback) {
      return Objects.toString(params.get(name), fallback).trim();
   }
}

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
package io.rulefilter.broker;

import io.rulefilter.artemis.RuleFilterPlugin;
import org.apache.activemq.artemis.core.remoting.server.RemotingService;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.apache.activemq.artemis.spi.core.remoting.Acceptor;

import java.nio.file.Path;

/**
 * An Artemis broker with the RuleFilter plugin, configured from a broker.xml (the shipped default unless told
 * otherwise). Used by {@code rulefilter broker} and by the end-to-end tests.
 */
public final class RuleFilterBroker implements AutoCloseable {

   public static final String PORT_PROPERTY = "rulefilter.port";
   public static final String DATA_PROPERTY = "rulefilter.data";

   private final EmbeddedActiveMQ embedded = new EmbeddedActiveMQ();
   private final int port;

   private RuleFilterBroker(int port) {
      this.port = port;
   }

   /**
    * Starts a broker and returns once its acceptor takes connections.
    *
    * @throws IllegalStateException when it started but its acceptor could not listen (e.g. the port is taken)
    */
   public static RuleFilterBroker start(int port, Path dataDirectory, ConfigSource config) throws Exception {
      if (port < 1 || port > 65535) {
         throw new IllegalArgumentException("port must be between 1 and 65535, was " + port);
      }
      System.setProperty(PORT_PROPERTY, Integer.toString(port));
      System.setProperty(DATA_PROPERTY, dataDirectory.toAbsolutePath().toString());
      RuleFilterBroker broker = new RuleFilterBroker(port);
      broker.embedded.setConfigResourcePath(config.brokerXmlUrl());
      broker.embedded.setSecurityManager(BrokerSecurity.from(config));
      broker.embedded.start();
      broker.requireListening();
      return broker;
   }

   private void requireListening() throws Exception {
      RemotingService remoting = server().getRemotingService();
      boolean listening = !remoting.getAcceptors().isEmpty()
            && remoting.getAcceptors().values().stream().allMatch(Acceptor::isStarted);
      if (!server().isActive() || !listening) {
         close();
         throw new IllegalStateException("the broker could not listen on 127.0.0.1:" + port
               + " (is the port in use by another process?)");
      }
   }

   public ActiveMQServer server() {
      return embedded.getActiveMQServer();
   }

   public int port() {
      return port;
   }

   public String url() {
      return "tcp://127.0.0.1:" + port;
   }

   /** The plugin instance, for code that embeds the broker. */
   public RuleFilterPlugin plugin() {
      return server().getBrokerPlugins().stream().filter(RuleFilterPlugin.class::isInstance)
            .map(RuleFilterPlugin.class::cast).findFirst()
            .orElseThrow(() -> new IllegalStateException("the broker configuration does not load the RuleFilter plugin"));
   }

   @Override
   public void close() throws Exception {
      embedded.stop();
   }
}

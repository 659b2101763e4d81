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
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.remoting.server.RemotingService;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.apache.activemq.artemis.core.server.metrics.ActiveMQMetricsPlugin;
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
   private final MetricsEndpoint metrics;

   private RuleFilterBroker(int port, MetricsEndpoint metrics) {
      this.port = port;
      this.metrics = metrics;
   }

   /**
    * Starts a broker and returns once its acceptor takes connections.
    *
    * @throws IllegalStateException when it started but its acceptor could not listen (e.g. the port is taken)
    */
   public static RuleFilterBroker start(int port, Path dataDirectory, ConfigSource config) throws Exception {
      return start(port, dataDirectory, config, null);
   }

   /**
    * Like {@link #start(int, Path, ConfigSource)}, with Artemis's metrics on: every meter of the broker, RuleFilter's
    * included, served in the Prometheus text format at {@link #metricsUrl()}.
    *
    * @param metricsPort the port on 127.0.0.1 to serve them on; null for no metrics
    * @throws IllegalStateException    when the metrics port is taken (nothing is started then)
    * @throws IllegalArgumentException when the broker.xml configures a metrics plugin of its own
    */
   public static RuleFilterBroker start(int port, Path dataDirectory, ConfigSource config, Integer metricsPort)
         throws Exception {
      requirePort("port", port);
      if (metricsPort != null) {
         requirePort("metrics port", metricsPort);
      }
      MetricsEndpoint metrics = metricsPort == null ? null : MetricsEndpoint.open(metricsPort);
      try {
         System.setProperty(PORT_PROPERTY, Integer.toString(port));
         System.setProperty(DATA_PROPERTY, dataDirectory.toAbsolutePath().toString());
         RuleFilterBroker broker = new RuleFilterBroker(port, metrics);
         broker.embedded.setConfigResourcePath(config.brokerXmlUrl());
         broker.embedded.setSecurityManager(BrokerSecurity.from(config));
         if (metrics != null) {
            broker.embedded.createActiveMQServer(); // reads broker.xml; the server starts with this configuration
            broker.useMetrics(config);
         }
         broker.embedded.start();
         broker.requireListening();
         return broker;
      } catch (Exception | Error e) {
         if (metrics != null) {
            metrics.close();
         }
         throw e;
      }
   }

   private static void requirePort(String name, int port) {
      if (port < 1 || port > 65535) {
         throw new IllegalArgumentException(name + " must be between 1 and 65535, was " + port);
      }
   }

   /** Artemis's metrics go to the endpoint's registry: one plugin per broker, so one named in broker.xml is refused. */
   private void useMetrics(ConfigSource config) {
      Configuration configuration = embedded.getConfiguration();
      ActiveMQMetricsPlugin configured = configuration.getMetricsPlugin();
      if (configured != null) {
         String brokerXml = config.brokerXml() == null ? "the default broker.xml" : config.brokerXml().toString();
         throw new IllegalArgumentException("--metrics-port: " + brokerXml
               + " configures the metrics plugin " + configured.getClass().getName()
               + "; remove its <plugin> from <metrics> or start without --metrics-port");
      }
      configuration.setMetricsPlugin(metrics.plugin());
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

   /** Where Prometheus scrapes this broker, or null when it was started without a metrics port. */
   public String metricsUrl() {
      return metrics == null ? null : metrics.url();
   }

   /** The plugin instance, for code that embeds the broker. */
   public RuleFilterPlugin plugin() {
      return server().getBrokerPlugins().stream().filter(RuleFilterPlugin.class::isInstance)
            .map(RuleFilterPlugin.class::cast).findFirst()
            .orElseThrow(() -> new IllegalStateException("the broker configuration does not load the RuleFilter plugin"));
   }

   @Override
   public void close() throws Exception {
      try {
         embedded.stop();
      } finally {
         if (metrics != null) {
            metrics.close();
         }
      }
   }
}

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
package io.rulefilter.testing.internal;

import io.rulefilter.artemis.PluginSettings;
import io.rulefilter.artemis.RuleFilterPlugin;
import org.apache.activemq.artemis.api.core.TransportConfiguration;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.remoting.impl.invm.InVMAcceptorFactory;
import org.apache.activemq.artemis.core.remoting.impl.netty.NettyAcceptorFactory;
import org.apache.activemq.artemis.core.server.JournalType;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What a test broker is: every one is an Artemis with security, JMX, the critical analyzer and the disk-usage guard
 * off (a test must not block its producers because the machine's disk is full), in memory or on an NIO journal of its
 * own, with the acceptors and the RuleFilter plugin (or none: plain Artemis) it is given. {@link #build()} makes a
 * new {@link Configuration} each time, with a new plugin instance, so that a broker restarted on it starts afresh as
 * a broker process does.
 */
public final class TestBrokerConfig {

   private final String name;
   private Path data;
   private final List<TransportConfiguration> acceptors = new ArrayList<>();
   private PluginSettings plugin;
   private Consumer<Configuration> own = configuration -> { };

   private TestBrokerConfig(String name) {
      this.name = name;
   }

   /** A broker named {@code name}, in memory, without acceptors and without RuleFilter until told otherwise. */
   public static TestBrokerConfig named(String name) {
      return new TestBrokerConfig(name);
   }

   /** Persistent, on an NIO journal in {@code data} (journal, bindings, paging and large-messages directories). */
   public TestBrokerConfig journalIn(Path data) {
      this.data = data;
      return this;
   }

   /** An in-VM acceptor ({@code vm://serverId}). */
   public TestBrokerConfig inVmAcceptor(String acceptorName, int serverId) {
      return acceptor(acceptorName, InVMAcceptorFactory.class, Map.of("serverId", serverId));
   }

   /** A TCP acceptor on 127.0.0.1:{@code port} for every protocol the broker has. */
   public TestBrokerConfig tcpAcceptor(String acceptorName, int port) {
      return acceptor(acceptorName, NettyAcceptorFactory.class, Map.of("host", "127.0.0.1", "port", port));
   }

   /** A TCP acceptor on 127.0.0.1:{@code port} for {@code protocols} only (e.g. {@code CORE}). */
   public TestBrokerConfig tcpAcceptor(String acceptorName, int port, String protocols) {
      return acceptor(acceptorName, NettyAcceptorFactory.class,
            Map.of("host", "127.0.0.1", "port", port, "protocols", protocols));
   }

   private TestBrokerConfig acceptor(String acceptorName, Class<?> factory, Map<String, Object> params) {
      acceptors.add(new TransportConfiguration(factory.getName(), new HashMap<>(params), acceptorName));
      return this;
   }

   /** With the RuleFilter plugin, these settings. */
   public TestBrokerConfig ruleFilter(PluginSettings settings) {
      this.plugin = settings;
      return this;
   }

   /** With the RuleFilter plugin, these properties (as in broker.xml). */
   public TestBrokerConfig ruleFilter(Map<String, String> properties) {
      return ruleFilter(PluginSettings.from(properties));
   }

   /** What this broker has of its own (address settings, a cluster connection…), applied last at each build. */
   public TestBrokerConfig and(Consumer<Configuration> configure) {
      this.own = own.andThen(configure);
      return this;
   }

   /** Whether the broker runs RuleFilter. */
   public boolean hasRuleFilter() {
      return plugin != null;
   }

   /** The journal's directory, or null for a broker in memory. */
   public Path data() {
      return data;
   }

   /** A new configuration: the same broker each time, with a new RuleFilter plugin instance. */
   public Configuration build() {
      Configuration config = new ConfigurationImpl().setName(name).setSecurityEnabled(false)
            .setJMXManagementEnabled(false).setCriticalAnalyzer(false).setMaxDiskUsage(-1)
            .setPersistenceEnabled(data != null);
      if (data != null) {
         config.setJournalDirectory(data.resolve("journal").toString())
               .setBindingsDirectory(data.resolve("bindings").toString())
               .setPagingDirectory(data.resolve("paging").toString())
               .setLargeMessagesDirectory(data.resolve("large").toString())
               .setJournalType(JournalType.NIO);
      }
      for (TransportConfiguration acceptor : acceptors) { // a copy: a configuration is the broker's to change
         config.addAcceptorConfiguration(new TransportConfiguration(acceptor.getFactoryClassName(),
               new HashMap<>(acceptor.getParams()), acceptor.getName()));
      }
      if (plugin != null) {
         config.registerBrokerPlugin(new RuleFilterPlugin(plugin));
      }
      own.accept(config);
      return config;
   }
}

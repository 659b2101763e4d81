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
package io.rulefilter.artemis.testing;

import io.rulefilter.artemis.PluginSettings;
import io.rulefilter.artemis.RuleFilterPlugin;
import org.apache.activemq.artemis.api.core.TransportConfiguration;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.remoting.impl.invm.InVMAcceptorFactory;
import org.apache.activemq.artemis.core.server.JournalType;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What a broker of the plugin's unit tests is, in the shape of test-support's {@code TestBrokerConfig}, which describes
 * every other test broker: this module cannot use that one (test-support depends on it, a Maven cycle), so keep the
 * two alike. Security, JMX, the critical analyzer and the disk-usage guard are off (a test must not block its producers
 * because the machine's disk is full); the journal is NIO, in a directory of the broker's own.
 */
public final class InVmBrokerConfig {

   private final String name;
   private final Path data;
   private final Map<String, Object> inVm = new HashMap<>();
   private String acceptorName;
   private PluginSettings plugin;
   private Consumer<Configuration> own = configuration -> { };

   private InVmBrokerConfig(String name, Path data) {
      this.name = name;
      this.data = data;
   }

   /** A broker named {@code name}, on a journal in {@code data} (journal, bindings, paging, large messages). */
   public static InVmBrokerConfig named(String name, Path data) {
      return new InVmBrokerConfig(name, data);
   }

   /** An in-VM acceptor ({@code vm://serverId}). */
   public InVmBrokerConfig inVmAcceptor(String acceptor, int serverId) {
      this.acceptorName = acceptor;
      inVm.put("serverId", serverId);
      return this;
   }

   /** With the RuleFilter plugin, these settings. */
   public InVmBrokerConfig ruleFilter(PluginSettings settings) {
      this.plugin = settings;
      return this;
   }

   /** What this broker has of its own (HA, a cluster connection…), applied last. */
   public InVmBrokerConfig and(Consumer<Configuration> configure) {
      this.own = own.andThen(configure);
      return this;
   }

   /** A new configuration, with a new RuleFilter plugin instance. */
   public Configuration build() {
      Configuration config = new ConfigurationImpl().setName(name).setSecurityEnabled(false)
            .setJMXManagementEnabled(false).setCriticalAnalyzer(false).setMaxDiskUsage(-1).setPersistenceEnabled(true)
            .setJournalDirectory(data.resolve("journal").toString())
            .setBindingsDirectory(data.resolve("bindings").toString())
            .setPagingDirectory(data.resolve("paging").toString())
            .setLargeMessagesDirectory(data.resolve("large").toString())
            .setJournalType(JournalType.NIO);
      if (acceptorName != null) {
         config.addAcceptorConfiguration(new TransportConfiguration(InVMAcceptorFactory.class.getName(),
               new HashMap<>(inVm), acceptorName));
      }
      if (plugin != null) {
         config.registerBrokerPlugin(new RuleFilterPlugin(plugin));
      }
      own.accept(config);
      return config;
   }
}

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

import io.rulefilter.artemis.RuleFilterPlugin;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.apache.activemq.artemis.utils.FileUtil;

/**
 * A running test broker, in this JVM, as its {@link TestBrokerConfig} describes it. Closing it stops it and deletes
 * its journal's directory: journals left behind fill the disk, and Artemis then blocks producers.
 */
public final class EmbeddedTestBroker implements AutoCloseable {

   private final TestBrokerConfig config;
   private EmbeddedActiveMQ embedded;

   private EmbeddedTestBroker(TestBrokerConfig config) {
      this.config = config;
   }

   /** Starts the broker; returns once it has started. */
   public static EmbeddedTestBroker start(TestBrokerConfig config) throws Exception {
      EmbeddedTestBroker broker = new EmbeddedTestBroker(config);
      broker.startEmbedded();
      return broker;
   }

   private void startEmbedded() throws Exception {
      embedded = new EmbeddedActiveMQ();
      embedded.setConfiguration(config.build());
      embedded.start();
   }

   public ActiveMQServer server() {
      return embedded.getActiveMQServer();
   }

   /** The broker's RuleFilter plugin. */
   public RuleFilterPlugin plugin() {
      return pluginOf(server());
   }

   /** Stops cleanly and starts again on the same journal, with a new plugin instance, as a broker process does. */
   public void restart() throws Exception {
      embedded.stop();
      startEmbedded();
   }

   /** The RuleFilter plugin {@code server} runs. */
   public static RuleFilterPlugin pluginOf(ActiveMQServer server) {
      return server.getBrokerPlugins().stream().filter(RuleFilterPlugin.class::isInstance)
            .map(RuleFilterPlugin.class::cast).findFirst()
            .orElseThrow(() -> new IllegalStateException("broker " + server.getConfiguration().getName()
                  + " runs no RuleFilter plugin"));
   }

   @Override
   public void close() throws Exception {
      try {
         embedded.stop();
      } finally {
         if (config.data() != null) {
            FileUtil.deleteDirectory(config.data().toFile());
         }
      }
   }
}

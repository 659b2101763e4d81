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
package io.rulefilter.console;

import io.rulefilter.RuleLanguage;
import io.rulefilter.artemis.RuleFilterPlugin;
import io.rulefilter.artemis.internal.PluginParts;
import io.rulefilter.artemis.management.RuleManagement;
import io.rulefilter.artemis.routing.ArtemisMessageView;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.server.ActiveMQServer;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The console of one running broker, whichever web server carries its requests: the page at "/", the JSON API under
 * "/api/". Management calls go through the broker's core acceptor and management address as each request's user;
 * "try" and "dry run" use the plugin's rule language, the dry run reading the broker's queues as its routing does.
 * Every change in force on the broker is recorded in the history while it is open.
 */
public final class Console implements AutoCloseable {

   /** The change history's file, next to the broker's bindings directory: each node keeps its own. */
   public static final String HISTORY_FILE = "rulefilter-console-changes.jsonl";

   private final RuleManagement management;
   private final ManagementGateway gateway;
   private final ChangeRecorder recorder;
   private final ConsoleApi api;
   private final ConsolePage page = new ConsolePage();

   /**
    * The console of the broker {@code plugin} is registered with, calling management through the core acceptor at
    * {@code url} (such as {@code tcp://127.0.0.1:61616}).
    *
    * @throws IllegalStateException when the plugin is not registered with a running broker
    */
   public Console(RuleFilterPlugin plugin, String url) {
      ActiveMQServer server = plugin.server();
      management = PluginParts.management(plugin);
      if (server == null || management == null) {
         throw new IllegalStateException("the RuleFilter plugin is not registered with a running broker");
      }
      RuleLanguage language = management.language();
      DryRun dryRun = new DryRun(language, server::locateQueue, () -> new ArtemisMessageView(language.tagProperty()));
      Configuration configuration = server.getConfiguration();
      gateway = new ManagementGateway(url, configuration.getManagementAddress().toString());
      Path bindings = configuration.getBindingsLocation().toPath().toAbsolutePath();
      ChangeHistory history = new ChangeHistory(bindings.resolveSibling(HISTORY_FILE));
      recorder = new ChangeRecorder(history, configuration.getName());
      management.addChangeListener(recorder); // every change in force here, whoever made it and wherever
      api = new ConsoleApi(gateway, new RuleTrial(language), dryRun, history);
   }

   /** Answers one request: under "/api/" the API, elsewhere the page's files. */
   public void handle(HttpCall call) throws IOException {
      if (call.path().startsWith("/api/")) {
         api.handle(call);
      } else {
         page.handle(call);
      }
   }

   @Override
   public void close() {
      management.removeChangeListener(recorder);
      gateway.close();
   }
}

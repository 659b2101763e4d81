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

import io.rulefilter.artemis.RuleFilterPlugin;
import io.rulefilter.artemis.RunningPlugins;
import io.rulefilter.console.Console;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The operators' console in a stock Artemis instance's own web server: the same page and API as
 * {@code rulefilter broker} serves, for the broker of this JVM, found through its RuleFilter plugin (installed in the
 * instance's lib/). Every API call is a management call as the request's user on that broker, so the broker's own
 * login (its JAAS realm) and roles decide, as for {@code rulefilter broker}.
 */
public final class ConsoleServlet extends HttpServlet {

   private static final long serialVersionUID = 1L;

   private transient Console console;

   @Override
   public void init() {
      try {
         console();
      } catch (IllegalStateException e) {
         log("RuleFilter console: not ready yet, asked again on the first request: " + e.getMessage());
      }
   }

   @Override
   protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
      Console serving;
      try {
         serving = console();
      } catch (IllegalStateException e) {
         response.setStatus(HttpServletResponse.SC_SERVICE_UNAVAILABLE);
         response.setContentType("application/json; charset=utf-8");
         String error = "{\"error\": " + jsonString("RuleFilter console: " + e.getMessage()) + "}";
         response.getOutputStream().write(error.getBytes(StandardCharsets.UTF_8));
         return;
      }
      serving.handle(new ServletCall(request, response));
   }

   /** The console of the one broker with RuleFilter in this JVM, made on first use (the broker may start later). */
   private synchronized Console console() {
      if (console == null) {
         List<RuleFilterPlugin> plugins = RunningPlugins.all();
         if (plugins.size() != 1) {
            throw new IllegalStateException(plugins.isEmpty()
                  ? "no broker with the RuleFilter plugin is running in this JVM (is the plugin installed in lib/ and "
                  + "named in broker.xml?)"
                  : plugins.size() + " brokers with the RuleFilter plugin run in this JVM; the console serves one");
         }
         RuleFilterPlugin plugin = plugins.get(0);
         console = new Console(plugin, CoreAcceptor.url(plugin.server().getConfiguration().getAcceptorConfigurations()));
      }
      return console;
   }

   private static String jsonString(String text) {
      return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
   }

   @Override
   public synchronized void destroy() {
      if (console != null) {
         console.close();
         console = null;
      }
   }
}

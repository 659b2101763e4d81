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

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The RuleFilter plugins registered with a server of this JVM, in the order they were registered: how code that runs
 * beside a stock broker without a reference to it (the console's web application in Artemis's own web server) finds
 * the broker. Touched only when a plugin is registered or unregistered, never while routing.
 */
public final class RunningPlugins {

   private static final List<RuleFilterPlugin> PLUGINS = new CopyOnWriteArrayList<>();

   private RunningPlugins() {
   }

   static void add(RuleFilterPlugin plugin) {
      if (!PLUGINS.contains(plugin)) {
         PLUGINS.add(plugin);
      }
   }

   static void remove(RuleFilterPlugin plugin) {
      PLUGINS.remove(plugin);
   }

   /** The plugins registered now, oldest first. */
   public static List<RuleFilterPlugin> all() {
      return List.copyOf(PLUGINS);
   }
}

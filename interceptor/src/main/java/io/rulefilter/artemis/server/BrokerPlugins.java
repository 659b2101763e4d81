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
package io.rulefilter.artemis.server;

import org.apache.activemq.artemis.core.server.plugin.ActiveMQServerBasePlugin;

/** The broker's plugin list, which RuleFilter's own message hooks join only while they are needed. */
public interface BrokerPlugins {

   void add(ActiveMQServerBasePlugin plugin);

   void remove(ActiveMQServerBasePlugin plugin);
}

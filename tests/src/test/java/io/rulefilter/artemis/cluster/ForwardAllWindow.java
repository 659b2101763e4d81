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
package io.rulefilter.artemis.cluster;

import io.rulefilter.artemis.internal.PluginParts;
import io.rulefilter.broker.RuleFilterBroker;

/**
 * A deterministic hook for end-to-end tests: opens on a real node the window in which its copies of other nodes'
 * queues forward everything (as from a reconnection until the other nodes have told what their queues accept), and
 * keeps it open: no node is asked, so nothing closes it but a later reconnection.
 */
public final class ForwardAllWindow {

   private ForwardAllWindow() {
   }

   public static void open(RuleFilterBroker node) {
      PluginParts.cluster(node.plugin()).copies().nodesConnecting();
   }
}

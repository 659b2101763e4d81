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
package io.rulefilter.artemis.protocol;

import io.rulefilter.artemis.log.ProtocolLogger;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.CoreAddressConfiguration;
import org.apache.activemq.artemis.core.config.CoreQueueConfiguration;

import java.util.List;

/**
 * Queues declared in broker.xml may carry a raw rule as their filter; Artemis must only ever see the selector form.
 * Rewrites the configuration at start and again whenever Artemis reloads broker.xml ({@code
 * configuration-file-refresh-period}): the reload installs a new list of address configurations, and Artemis announces
 * each address (a plugin's {@code beforeAddAddress}) before it deploys the address's queues.
 */
public final class ConfigurationRewriter {

   private final SelectorRewriter rewriter;
   private List<CoreAddressConfiguration> rewrittenAddresses;
   @SuppressWarnings("deprecation")
   private List<CoreQueueConfiguration> rewrittenQueues;
   private int rewrittenQueueCount;

   public ConfigurationRewriter(SelectorRewriter rewriter) {
      this.rewriter = rewriter;
   }

   /** Rewrites raw rules in {@code configuration}'s queues, unless these very lists were rewritten already. */
   @SuppressWarnings("deprecation") // the top-level queues' live list holds CoreQueueConfigurations
   public synchronized void rewrite(Configuration configuration) {
      if (configuration.getAddressConfigurations() != rewrittenAddresses) {
         rewrittenAddresses = configuration.getAddressConfigurations();
         for (CoreAddressConfiguration address : rewrittenAddresses) {
            address.getQueueConfigs().forEach(this::rewrite);
         }
      }
      // getQueueConfigs() returns copies, which Artemis never reads back: the list it deploys from is this one. A
      // reload appends to it rather than replacing it, hence the size.
      List<CoreQueueConfiguration> queues = configuration.getQueueConfigurations();
      if (queues != rewrittenQueues || queues.size() != rewrittenQueueCount) {
         rewrittenQueues = queues;
         rewrittenQueueCount = queues.size();
         for (CoreQueueConfiguration queue : queues) {
            if (queue.getFilterString() != null) {
               queue.setFilterString(rewrite(queue.getName(), SimpleString.of(queue.getFilterString())).toString());
            }
         }
      }
   }

   private void rewrite(QueueConfiguration queue) {
      if (queue.getFilterString() != null) {
         queue.setFilterString(rewrite(queue.getName().toString(), queue.getFilterString()));
      }
   }

   private SimpleString rewrite(String queue, SimpleString filter) {
      SimpleString rewritten = rewriter.filter(filter);
      if (rewritten.toString().endsWith(SelectorRewriter.REFUSED)) {
         ProtocolLogger.configuredFilterInvalid(queue, rewritten);
      }
      return rewritten;
   }
}

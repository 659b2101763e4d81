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

import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.WildcardConfiguration;
import org.apache.activemq.artemis.core.persistence.StorageManager;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.plugin.ActiveMQServerBasePlugin;
import org.apache.activemq.artemis.utils.ExecutorFactory;

import java.util.concurrent.ScheduledExecutorService;
import java.util.function.BooleanSupplier;

/**
 * The pieces of one life of an Artemis server that RuleFilter's parts use, each part taking only the ones it needs.
 *
 * @param postOffice         the post office and its monitor
 * @param storage            the journal RuleFilter's records and ids come from
 * @param scheduled          the broker's scheduled pool (retries, periodic work)
 * @param executors          the broker's executors, for work off Artemis's calling thread
 * @param wildcards          the broker's wildcard syntax, null when wildcard routing is off
 * @param meters             where meters go
 * @param active             whether the server is active (not a backup waiting), read at each call
 * @param grouping           whether message grouping is configured (a grouping handler is set), read at each call
 * @param reservedPrefixes   the management and notification addresses, which take no rules
 * @param plugins            the broker's plugin list
 */
public record ServerParts(PostOfficeLock postOffice, StorageManager storage, ScheduledExecutorService scheduled,
                          ExecutorFactory executors, WildcardConfiguration wildcards, BrokerMeters meters,
                          BooleanSupplier active, BooleanSupplier grouping, ReservedAddresses reservedPrefixes,
                          BrokerPlugins plugins) {

   /** The management and notification addresses: no rule may be given to them or to addresses under them. */
   public record ReservedAddresses(SimpleString management, SimpleString notifications) {

      public boolean reserves(String address) {
         return address.startsWith(management.toString()) || address.startsWith(notifications.toString());
      }
   }

   /** The pieces of {@code server}'s current life; call it from {@code registered}, when Artemis has built them. */
   public static ServerParts of(ActiveMQServer server) {
      Configuration config = server.getConfiguration();
      return new ServerParts(new PostOfficeLock(server.getPostOffice()), server.getStorageManager(), server.getScheduledPool(),
            server.getExecutorFactory(), config.isWildcardRoutingEnabled() ? config.getWildcardConfiguration() : null,
            new BrokerMeters(config.getName(), server.getMetricsManager()), server::isActive, () -> server.getGroupingHandler() != null,
            new ReservedAddresses(config.getManagementAddress(), config.getManagementNotificationAddress()),
            new BrokerPlugins() {
               @Override
               public void add(ActiveMQServerBasePlugin plugin) {
                  server.registerBrokerPlugin(plugin);
               }

               @Override
               public void remove(ActiveMQServerBasePlugin plugin) {
                  server.unRegisterBrokerPlugin(plugin);
               }
            });
   }
}

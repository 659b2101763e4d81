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

import io.rulefilter.RuleLanguage;
import io.rulefilter.artemis.cluster.ClusterRouting;
import io.rulefilter.artemis.management.RuleManagement;
import io.rulefilter.artemis.protocol.ConfigurationRewriter;
import io.rulefilter.artemis.protocol.ConsumerRules;
import io.rulefilter.artemis.protocol.SelectorRewriter;
import io.rulefilter.artemis.routing.AddressIndexes;
import io.rulefilter.artemis.routing.ArtemisMessageView;
import io.rulefilter.artemis.server.ClusterParts;
import io.rulefilter.artemis.server.ServerParts;
import io.rulefilter.artemis.subscription.SubscriptionBindings;
import io.rulefilter.artemis.subscription.SubscriptionRegistry;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.management.CoreNotificationType;
import org.apache.activemq.artemis.api.core.management.ManagementHelper;
import org.apache.activemq.artemis.core.server.ActivateCallback;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.management.Notification;
import org.apache.activemq.artemis.core.server.management.NotificationListener;

/**
 * The parts RuleFilter wires on a server for one life of it, from {@link RuleFilterPlugin#registered} to the next
 * {@code registered} (Artemis starting the stopped server again) or {@code unregistered}: the subscription registry
 * with its store and the address indexes, the protocol interceptors, consumer rules, the configuration rewriter, the
 * listener for queue updates and its part in clustering. {@link RuleFilterPlugin} hands Artemis's hooks on to them.
 */
final class PluginLife {

   final RuleLanguage language;
   final TypeBAddresses typeB;
   final TypeBGate typeBGate;
   final SubscriptionRegistry registry;
   final SubscriptionBindings bindings;
   final RuleManagement management;
   final SelectorRewriter rewriter;
   final ConfigurationRewriter configurationRewriter;
   final ConsumerRules consumerRules;
   final SelectorInterceptors interceptors;
   final ClusterRouting cluster;
   private final NotificationListener queueUpdates;
   private final ActivateCallback activation;
   private final CallerContext callers;

   PluginLife(ActiveMQServer server, PluginSettings settings, CallerContext callers) {
      this.callers = callers;
      language = RuleLanguage.of(settings.model().tagProperty(), settings.limits());
      typeB = settings.typeBAddresses().matchedBy(server.getConfiguration().getWildcardConfiguration());
      typeBGate = new TypeBGate(language, typeB);
      ServerParts parts = ServerParts.of(server);
      ThreadLocal<ArtemisMessageView> views = ThreadLocal.withInitial(() -> new ArtemisMessageView(language.tagProperty()));
      AddressIndexes indexes = new AddressIndexes(parts, settings.model(), settings.routingIndex(), views);
      registry = new SubscriptionRegistry(parts, language, settings.limits(), views, indexes, typeB);
      bindings = registry.bindings();
      management = new RuleManagement(registry, language, callers::current, callers::sender, parts::storage,
            settings.changeConfirmTimeoutMs());
      rewriter = new SelectorRewriter(language);
      configurationRewriter = new ConfigurationRewriter(rewriter);
      consumerRules = new ConsumerRules(parts.plugins(), rewriter, language);
      interceptors = new SelectorInterceptors(server.getRemotingService(), rewriter, registry::queueFilter,
            registry::filterInUse);
      configurationRewriter.rewrite(server.getConfiguration());
      cluster = new ClusterRouting(parts, ClusterParts.of(server), management,
            filter -> rewriter.ruleOf(filter).map(language::compile),
            registry.addresses()::addressRuleInForce, views, bindings::copyRefiltered);
      registry.addresses().onAddressRuleChanged(cluster::addressRuleChanged);
      cluster.start();
      queueUpdates = this::onNotification;
      server.getManagementService().addNotificationListener(queueUpdates);
      activation = new ActivateCallback() {
         @Override
         public void activationComplete() {
            registry.pruneStore();
            cluster.activated();
         }
      };
      server.registerActivateCallback(activation);
   }

   /** The plugin leaves {@code server}: what this life added to its remoting and management services goes. */
   void leave(ActiveMQServer server) {
      interceptors.remove();
      server.getManagementService().removeNotificationListener(queueUpdates);
   }

   /**
    * Artemis starts a stopped server again with the same plugin and calls {@link RuleFilterPlugin#registered} anew,
    * never {@code unregistered}; what this life put on the server itself (not on its remoting and management services,
    * which each start makes new) leaves, so that it neither runs against a stopped journal nor sees the next life's
    * messages: the activation callback, the guard of forwarded messages, consumer rules; and its meters, from the
    * metrics plugin's registry, which outlives the restart.
    */
   void end(ActiveMQServer server) {
      server.unregisterActivateCallback(activation);
      cluster.stop();
      consumerRules.stop();
      registry.stopped();
   }

   /** Artemis replaced a queue's filter (updateQueue through management, a broker.xml change): its rules follow. */
   private void onNotification(Notification notification) {
      if (notification.getType() == CoreNotificationType.BINDING_UPDATED && notification.getProperties() != null) {
         SimpleString address = notification.getProperties().getSimpleStringProperty(ManagementHelper.HDR_ADDRESS);
         if (address != null) {
            management.filtersReplacedThroughArtemis(bindings.filtersReplaced(address), callers.throughArtemis());
            cluster.filterReplaced(notification.getProperties().getSimpleStringProperty(ManagementHelper.HDR_CLUSTER_NAME),
                  notification.getProperties().getSimpleStringProperty(ManagementHelper.HDR_FILTERSTRING));
         }
      }
   }
}

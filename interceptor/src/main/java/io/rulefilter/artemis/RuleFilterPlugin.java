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
import io.rulefilter.artemis.routing.TypeBAddresses;
import io.rulefilter.artemis.subscription.SubscriptionRegistry;
import io.rulefilter.eval.RuleCompiler;
import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.management.CoreNotificationType;
import org.apache.activemq.artemis.api.core.management.ManagementHelper;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.postoffice.Binding;
import org.apache.activemq.artemis.core.postoffice.QueueBinding;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;
import org.apache.activemq.artemis.core.server.ActivateCallback;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.ServerConsumer;
import org.apache.activemq.artemis.core.server.ServerSession;
import org.apache.activemq.artemis.core.server.impl.AddressInfo;
import org.apache.activemq.artemis.core.server.management.Notification;
import org.apache.activemq.artemis.core.server.management.NotificationListener;
import org.apache.activemq.artemis.core.server.plugin.ActiveMQServerBasePlugin;
import org.apache.activemq.artemis.core.server.plugin.ActiveMQServerPlugin;
import org.apache.activemq.artemis.core.server.plugin.ActiveMQServerQueuePlugin;
import org.apache.activemq.artemis.core.transaction.Transaction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.EnumSet;
import java.util.Map;

/**
 * RuleFilter as an Artemis broker plugin:
 * <pre>
 * &lt;broker-plugins&gt;
 *   &lt;broker-plugin class-name="io.rulefilter.artemis.RuleFilterPlugin"&gt;
 *     &lt;property key="tag-property" value="JMSType"/&gt;
 *   &lt;/broker-plugin&gt;
 * &lt;/broker-plugins&gt;
 * </pre>
 * {@link #init} reads the properties; {@link #registered} wires the parts: the subscription registry with its store
 * and the address indexes, the protocol interceptors, consumer rules, the configuration rewriter, the listener for
 * queue updates, its part in clustering and the management resource {@code rulefilter}. The hooks below only hand Artemis's events on.
 * RuleFilter should be the first plugin that sees queue creation: a raw rule is not SQL until it has rewritten it.
 */
public class RuleFilterPlugin implements ActiveMQServerPlugin {

   private static final Logger LOG = LoggerFactory.getLogger(RuleFilterPlugin.class);

   private PluginSettings settings = PluginSettings.DEFAULT;
   private ActiveMQServer server;
   private final CallerContext callers = new CallerContext();
   private SubscriptionRegistry registry;
   private RuleManagement management;
   private SelectorRewriter rewriter;
   private ConfigurationRewriter configuration;
   private ConsumerRules consumerRules;
   private TypeBGate typeBGate;
   private SelectorInterceptors interceptors;
   private NotificationListener queueUpdates;
   private ClusterRouting cluster;
   private ActivateCallback activation;
   private final ManagementResource resource = new ManagementResource();

   public RuleFilterPlugin() {
   }

   public RuleFilterPlugin(PluginSettings settings) {
      this.settings = settings;
   }

   @Override
   public void init(Map<String, String> properties) {
      settings = PluginSettings.from(properties);
   }

   @Override
   public void registered(ActiveMQServer server) {
      BrokerPropertiesErrors.refuseStartIfAny(server.getConfiguration());
      if (this.server != null) {
         endEarlierLife(this.server);
      }
      this.server = server;
      leaveHooksWeDoNotUse(server.getConfiguration());
      RuleLanguage language = RuleLanguage.of(settings.model().tagProperty(), settings.limits());
      TypeBAddresses typeB = settings.typeBAddresses().matchedBy(server.getConfiguration().getWildcardConfiguration());
      typeBGate = new TypeBGate(language, typeB);
      ThreadLocal<ArtemisMessageView> views = ThreadLocal.withInitial(() -> new ArtemisMessageView(language.tagProperty()));
      AddressIndexes indexes = new AddressIndexes(server, settings.model(), settings.routingIndex(), views);
      registry = new SubscriptionRegistry(server, settings.model(), settings.limits(), views, indexes, typeB);
      management = new RuleManagement(registry, language, callers::current, server::getStorageManager,
            settings.changeConfirmTimeoutMs());
      rewriter = new SelectorRewriter(language);
      configuration = new ConfigurationRewriter(rewriter);
      consumerRules = new ConsumerRules(server, rewriter, language);
      interceptors = new SelectorInterceptors(server, rewriter, registry::queueFilter, registry::filterInUse);
      configuration.rewrite(server.getConfiguration());
      cluster = new ClusterRouting(server, management,
            filter -> rewriter.ruleOf(filter).map(new RuleCompiler(settings.model())::compile),
            registry.addresses()::addressRuleInForce, views, registry::copyRefiltered);
      registry.addresses().onAddressRuleChanged(cluster::addressRuleChanged);
      cluster.start();
      queueUpdates = this::onNotification;
      server.getManagementService().addNotificationListener(queueUpdates);
      SubscriptionRegistry thisLife = registry;
      ClusterRouting thisCluster = cluster;
      activation = new ActivateCallback() {
         @Override
         public void activationComplete() {
            thisLife.pruneStore();
            thisCluster.activated();
         }
      };
      server.registerActivateCallback(activation);
      resource.register(server, management, cluster, callers, settings.clusterTrustWithoutSecurity());
      checkOrder(server);
      LOG.info("RFL1000 RuleFilter: active (tag property '{}', limits {}, routing index {}, Type B on {})",
            language.tagProperty(), settings.limits(), settings.routingIndex() ? "on" : "off", typeB);
   }

   @Override
   public void unregistered(ActiveMQServer server) {
      interceptors.remove(server);
      server.getManagementService().removeNotificationListener(queueUpdates);
      resource.unregister(server);
      endEarlierLife(server);
      this.server = null;
   }

   /** The management operations, for embedding code and tests. */
   public RuleManagement management() {
      return management;
   }

   /** The subscription registry, for embedding code and tests. */
   public SubscriptionRegistry registry() {
      return registry;
   }

   /** Its part in a cluster (e.g. how many forwarded deliveries this node judged), for embedding code and benchmarks. */
   public ClusterRouting cluster() {
      return cluster;
   }

   // ---- Artemis's hooks ----

   @Override
   public void beforeCreateQueue(QueueConfiguration queueConfig) throws ActiveMQException {
      SelectorRewriter.Checked checked = rewriter.checkedFilter(queueConfig.getFilterString());
      queueConfig.setFilterString(checked.filter());
      typeBGate.check(queueConfig.getAddress(), checked.filter());
      registry.filterChecked(checked.filter(), checked.rule());
   }

   @Override
   public void beforeAddBinding(Binding binding) throws ActiveMQException {
      if (binding instanceof LocalQueueBinding local) {
         registry.beforeBind(local);
      } else {
         cluster.bindingAdded(binding);
      }
   }

   @Override
   public void afterAddBinding(Binding binding) throws ActiveMQException {
      if (!AddressIndexes.isIndex(binding)) {
         cluster.bindingBound(binding);
         registry.bindingAdded(binding);
      }
   }

   @Override
   public void afterRemoveBinding(Binding binding, Transaction tx, boolean deleteData) throws ActiveMQException {
      if (AddressIndexes.isIndex(binding)) {
         return;
      }
      if (binding instanceof LocalQueueBinding local) {
         registry.unbound(local, deleteData);
      } else {
         cluster.bindingRemoved(binding);
      }
      registry.bindingRemoved(binding);
   }

   @Override
   public void beforeAddAddress(AddressInfo addressInfo, boolean reload) throws ActiveMQException {
      configuration.rewrite(server.getConfiguration());
   }

   @Override
   public void beforeUpdateAddress(SimpleString address, EnumSet<RoutingType> routingTypes) throws ActiveMQException {
      registry.addresses().addressUpdating(address);
   }

   @Override
   public void afterUpdateAddress(AddressInfo addressInfo) throws ActiveMQException {
      registry.addresses().addressUpdated(addressInfo);
   }

   @Override
   public void beforeRemoveAddress(SimpleString address) throws ActiveMQException {
      registry.addresses().addressRemoving(address);
   }

   @Override
   public void afterRemoveAddress(SimpleString address, AddressInfo addressInfo) throws ActiveMQException {
      registry.addresses().addressRemoved(address);
   }

   @Override
   public void afterCreateSession(ServerSession session) throws ActiveMQException {
      callers.sessionCreated(session);
   }

   @Override
   public void afterCloseSession(ServerSession session, boolean failed) throws ActiveMQException {
      callers.sessionClosed(session);
   }

   @Override
   public void beforeCreateConsumer(long consumerID, QueueBinding queueBinding, SimpleString filterString,
                                    boolean browseOnly, boolean supportLargeMessage) throws ActiveMQException {
      typeBGate.check(queueBinding.getAddress(), filterString);
   }

   @Override
   public void afterCreateConsumer(ServerConsumer consumer) throws ActiveMQException {
      consumerRules.consumerCreated(consumer);
      cluster.consumerCreated(consumer);
   }

   @Override
   public void afterCloseConsumer(ServerConsumer consumer, boolean failed) throws ActiveMQException {
      consumerRules.consumerClosed(consumer);
   }

   // ---- wiring ----

   /**
    * Artemis starts a stopped server again with the same plugin and calls {@link #registered} anew, never
    * {@link #unregistered}; what an earlier life put on the server itself (not on its remoting and management services,
    * which each start makes new) leaves, so that it neither runs against a stopped journal nor sees this life's
    * messages: the activation callback, the guard of forwarded messages, consumer rules; and its meters, from the
    * metrics plugin's registry, which outlives the restart.
    */
   private void endEarlierLife(ActiveMQServer server) {
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
            registry.filtersReplaced(address);
            cluster.filterReplaced(notification.getProperties().getSimpleStringProperty(ManagementHelper.HDR_CLUSTER_NAME),
                  notification.getProperties().getSimpleStringProperty(ManagementHelper.HDR_FILTERSTRING));
         }
      }
   }

   /** Plugins that see queue creation before RuleFilter see raw rules, which Artemis's SQL parser refuses. */
   private void checkOrder(ActiveMQServer server) {
      for (ActiveMQServerBasePlugin plugin : server.getBrokerPlugins()) {
         if (plugin == this) {
            return;
         }
         if (plugin instanceof ActiveMQServerQueuePlugin) {
            LOG.warn("RFL2001 RuleFilter: plugin {} comes before RuleFilter and sees queue filters before RuleFilter turns "
                  + "raw rules into SQL; a queue created through management with a raw rule may be refused. Put "
                  + "RuleFilter first among the <broker-plugins>.", plugin.getClass().getName());
         }
      }
   }

   /**
    * broker.xml needs the full plugin interface, but Artemis calls a plugin's message hooks on every message and
    * delivery, each call allocating; RuleFilter uses none of them (nor connection, bridge or critical hooks), so it
    * leaves those lists. {@link ConsumerRules} joins the message hooks only while a consumer needs it.
    */
   private void leaveHooksWeDoNotUse(Configuration config) {
      config.getBrokerMessagePlugins().remove(this);
      config.getBrokerConnectionPlugins().remove(this);
      config.getBrokerBridgePlugins().remove(this);
      config.getBrokerCriticalPlugins().remove(this);
   }
}

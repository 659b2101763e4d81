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

import io.rulefilter.artemis.internal.PluginParts;
import io.rulefilter.artemis.log.PluginLogger;
import io.rulefilter.artemis.protocol.SelectorRewriter;
import io.rulefilter.artemis.routing.AddressIndexes;
import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.postoffice.Binding;
import org.apache.activemq.artemis.core.postoffice.QueueBinding;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.ServerConsumer;
import org.apache.activemq.artemis.core.server.ServerSession;
import org.apache.activemq.artemis.core.server.impl.AddressInfo;
import org.apache.activemq.artemis.core.server.plugin.ActiveMQServerBasePlugin;
import org.apache.activemq.artemis.core.server.plugin.ActiveMQServerPlugin;
import org.apache.activemq.artemis.core.server.plugin.ActiveMQServerQueuePlugin;
import org.apache.activemq.artemis.core.transaction.Transaction;

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
 * {@link #init} reads the properties; {@link #registered} wires the parts of this life of the server ({@link PluginLife})
 * and the management resource {@code rulefilter}. The hooks below only hand Artemis's events on to those parts.
 * RuleFilter should be the first plugin that sees queue creation: a raw rule is not SQL until it has rewritten it.
 */
public class RuleFilterPlugin implements ActiveMQServerPlugin {

   private PluginSettings settings = PluginSettings.DEFAULT;
   private ActiveMQServer server;
   private final CallerContext callers = new CallerContext();
   /** The parts wired for the server's current life (or its last one, once unregistered); null until registered. */
   private PluginLife life;
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
         life.end(this.server);
      }
      this.server = server;
      leaveHooksWeDoNotUse(server.getConfiguration());
      life = new PluginLife(server, settings, callers);
      PluginParts.put(this, life.management, life.registry, life.cluster);
      resource.register(server.getManagementService(), server.getConfiguration(), life.management, life.cluster, callers,
            settings.clusterTrustWithoutSecurity());
      checkOrder(server);
      RunningPlugins.add(this);
      PluginLogger.active(life.language.tagProperty(), settings.limits(), settings.routingIndex(), life.typeB);
   }

   @Override
   public void unregistered(ActiveMQServer server) {
      RunningPlugins.remove(this);
      life.leave(server);
      resource.unregister();
      life.end(server);
      this.server = null;
   }

   /** The server it is registered with, or null when it is not. */
   public ActiveMQServer server() {
      return server;
   }

   // ---- Artemis's hooks ----

   @Override
   public void beforeCreateQueue(QueueConfiguration queueConfig) throws ActiveMQException {
      SelectorRewriter.Checked checked = life.rewriter.checkedFilter(queueConfig.getFilterString());
      queueConfig.setFilterString(checked.filter());
      life.typeBGate.check(queueConfig.getAddress(), checked.filter());
      life.bindings.rememberCheckedFilter(checked.filter(), checked.rule());
   }

   @Override
   public void beforeAddBinding(Binding binding) throws ActiveMQException {
      if (binding instanceof LocalQueueBinding local) {
         life.bindings.beforeBind(local);
      } else {
         life.cluster.bindingAdded(binding);
      }
   }

   @Override
   public void afterAddBinding(Binding binding) throws ActiveMQException {
      if (!AddressIndexes.isIndex(binding)) {
         life.cluster.bindingBound(binding);
         life.bindings.bindingAdded(binding);
      }
   }

   @Override
   public void afterRemoveBinding(Binding binding, Transaction tx, boolean deleteData) throws ActiveMQException {
      if (AddressIndexes.isIndex(binding)) {
         return;
      }
      if (binding instanceof LocalQueueBinding local) {
         life.bindings.unbound(local, deleteData);
      } else {
         life.cluster.bindingRemoved(binding);
      }
      life.bindings.bindingRemoved(binding);
   }

   @Override
   public void beforeAddAddress(AddressInfo addressInfo, boolean reload) throws ActiveMQException {
      life.configurationRewriter.rewrite(server.getConfiguration());
   }

   @Override
   public void beforeUpdateAddress(SimpleString address, EnumSet<RoutingType> routingTypes) throws ActiveMQException {
      life.registry.addresses().addressUpdating(address);
   }

   @Override
   public void afterUpdateAddress(AddressInfo addressInfo) throws ActiveMQException {
      life.registry.addresses().addressUpdated(addressInfo);
   }

   @Override
   public void beforeRemoveAddress(SimpleString address) throws ActiveMQException {
      life.registry.addresses().addressRemoving(address);
   }

   @Override
   public void afterRemoveAddress(SimpleString address, AddressInfo addressInfo) throws ActiveMQException {
      life.registry.addresses().addressRemoved(address);
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
      life.typeBGate.check(queueBinding.getAddress(), filterString);
   }

   @Override
   public void afterCreateConsumer(ServerConsumer consumer) throws ActiveMQException {
      life.consumerRules.consumerCreated(consumer);
      life.cluster.consumerCreated(consumer);
   }

   @Override
   public void afterCloseConsumer(ServerConsumer consumer, boolean failed) throws ActiveMQException {
      life.consumerRules.consumerClosed(consumer);
   }

   // ---- its place among the server's plugins ----

   /** Plugins that see queue creation before RuleFilter see raw rules, which Artemis's SQL parser refuses. */
   private void checkOrder(ActiveMQServer server) {
      for (ActiveMQServerBasePlugin plugin : server.getBrokerPlugins()) {
         if (plugin == this) {
            return;
         }
         if (plugin instanceof ActiveMQServerQueuePlugin) {
            PluginLogger.pluginBeforeRuleFilter(plugin.getClass().getName());
         }
      }
   }

   /**
    * broker.xml needs the full plugin interface, but Artemis calls a plugin's message hooks on every message and
    * delivery, each call allocating; RuleFilter uses none of them (nor connection, bridge or critical hooks), so it
    * leaves those lists. {@link io.rulefilter.artemis.protocol.ConsumerRules} joins the message hooks only while a consumer needs it.
    */
   private void leaveHooksWeDoNotUse(Configuration config) {
      config.getBrokerMessagePlugins().remove(this);
      config.getBrokerConnectionPlugins().remove(this);
      config.getBrokerBridgePlugins().remove(this);
      config.getBrokerCriticalPlugins().remove(this);
   }
}

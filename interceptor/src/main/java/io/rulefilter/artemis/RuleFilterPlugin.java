package io.rulefilter.artemis;

import io.rulefilter.artemis.management.RuleFilterControl;
import io.rulefilter.artemis.management.RuleFilterControlMBean;
import io.rulefilter.artemis.protocol.ClientSelectorEcho;
import io.rulefilter.artemis.protocol.RawRuleSelectorInterceptor;
import io.rulefilter.artemis.protocol.SelectorRewriter;
import io.rulefilter.parse.RuleParser;
import io.rulefilter.sql.SqlTranslator;
import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.CoreAddressConfiguration;
import org.apache.activemq.artemis.core.postoffice.Binding;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;
import org.apache.activemq.artemis.core.security.SecurityAuth;
import org.apache.activemq.artemis.core.server.ActivateCallback;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.Queue;
import org.apache.activemq.artemis.core.server.ServerSession;
import org.apache.activemq.artemis.core.server.plugin.ActiveMQServerPlugin;
import org.apache.activemq.artemis.core.transaction.Transaction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.management.ObjectName;
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
 * {@link #init} reads the properties; {@link #registered} wires the rule registry, the protocol interceptors and
 * the management resource {@code rulefilter}. It must be the first plugin that sees queue creation, because a raw
 * rule is not SQL until {@link #beforeCreateQueue} has rewritten it.
 */
public class RuleFilterPlugin implements ActiveMQServerPlugin {

   private static final Logger LOG = LoggerFactory.getLogger(RuleFilterPlugin.class);

   private PluginSettings settings = PluginSettings.DEFAULT;
   private RuleRegistry registry;
   private SelectorRewriter rewriter;
   private RawRuleSelectorInterceptor incoming;
   private ClientSelectorEcho outgoing;
   private ObjectName objectName;
   private final CallerContext callers = new CallerContext();

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
      leaveHooksWeDoNotUse(server);
      registry = new RuleRegistry(server, settings, callers::current);
      rewriter = new SelectorRewriter(new RuleParser(settings.limits()), new SqlTranslator(settings.model()));
      incoming = new RawRuleSelectorInterceptor(rewriter, registry::expectClientSelector);
      outgoing = new ClientSelectorEcho(registry::clientSelector);
      server.getRemotingService().addIncomingInterceptor(incoming);
      server.getRemotingService().addOutgoingInterceptor(outgoing);
      rewriteConfiguredQueues(server);
      server.registerActivateCallback(new ActivateCallback() {
         @Override
         public void activationComplete() {
            registry.pruneStore();
         }
      });
      try {
         objectName = ObjectName.getInstance(server.getConfiguration().getJMXDomain() + ":broker="
               + ObjectName.quote(server.getConfiguration().getName()) + ",component=rulefilter");
         server.getManagementService().registerUntypedControl(RuleFilterControlMBean.RESOURCE_NAME,
               new RuleFilterControl(registry), objectName);
      } catch (Exception e) {
         throw new IllegalStateException("RuleFilter: could not register its management operations", e);
      }
      LOG.info("RuleFilter: active (tag property '{}', limits {})", settings.model().tagProperty(), settings.limits());
   }

   @Override
   public void unregistered(ActiveMQServer server) {
      server.getRemotingService().removeIncomingInterceptor(incoming);
      server.getRemotingService().removeOutgoingInterceptor(outgoing);
      try {
         server.getManagementService().unregisterUntypedControl(RuleFilterControlMBean.RESOURCE_NAME, objectName);
      } catch (Exception e) {
         LOG.warn("RuleFilter: could not unregister its management operations: {}", e.toString());
      }
   }

   /** The registry, for embedding code and tests. */
   public RuleRegistry registry() {
      return registry;
   }

   /** broker.xml may declare a queue with a raw rule as its filter; Artemis must only ever see the selector form. */
   private void rewriteConfiguredQueues(ActiveMQServer server) {
      for (CoreAddressConfiguration address : server.getConfiguration().getAddressConfigurations()) {
         for (QueueConfiguration queue : address.getQueueConfigs()) {
            if (queue.getFilterString() != null) {
               queue.setFilterString(rewriter.rewrite(queue.getFilterString()));
            }
         }
      }
   }

   @Override
   public void beforeCreateQueue(QueueConfiguration queueConfig) throws ActiveMQException {
      queueConfig.setFilterString(rewriter.rewriteQueueFilter(queueConfig.getName(), queueConfig.getFilterString(),
            registry::expectClientSelector));
   }

   @Override
   public void beforeAddBinding(Binding binding) throws ActiveMQException {
      if (binding instanceof LocalQueueBinding local) {
         registry.attach(local);
      } else {
         registry.foreignBindingAdded(binding);
      }
   }

   @Override
   public void afterRemoveBinding(Binding binding, Transaction tx, boolean deleteData) throws ActiveMQException {
      registry.bindingRemoved(binding);
   }

   @Override
   public void afterDestroyQueue(Queue queue, SimpleString address, SecurityAuth session, boolean checkConsumerCount,
                                 boolean removeConsumers, boolean autoDeleteAddress) throws ActiveMQException {
      registry.detach(queue.getName().toString());
   }

   @Override
   public void afterCreateSession(ServerSession session) throws ActiveMQException {
      callers.sessionCreated(session);
   }

   @Override
   public void afterCloseSession(ServerSession session, boolean failed) throws ActiveMQException {
      callers.sessionClosed(session);
   }

   /**
    * broker.xml needs the full plugin interface, but Artemis calls a plugin's message, consumer and connection hooks
    * on every message and delivery, each call allocating; RuleFilter uses none of them, so it leaves those lists.
    */
   private void leaveHooksWeDoNotUse(ActiveMQServer server) {
      Configuration config = server.getConfiguration();
      config.getBrokerMessagePlugins().remove(this);
      config.getBrokerConsumerPlugins().remove(this);
      config.getBrokerConnectionPlugins().remove(this);
      config.getBrokerAddressPlugins().remove(this);
      config.getBrokerBridgePlugins().remove(this);
      config.getBrokerCriticalPlugins().remove(this);
   }
}

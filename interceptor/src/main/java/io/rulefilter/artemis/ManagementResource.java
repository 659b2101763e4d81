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

import io.rulefilter.artemis.cluster.ClusterRouting;
import io.rulefilter.artemis.log.ClusterLogger;
import io.rulefilter.artemis.log.PluginLogger;
import io.rulefilter.artemis.management.RuleFilterClusterControl;
import io.rulefilter.artemis.management.RuleFilterClusterControlMBean;
import io.rulefilter.artemis.management.RuleFilterControl;
import io.rulefilter.artemis.management.RuleFilterControlMBean;
import io.rulefilter.artemis.management.RuleManagement;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.server.management.ManagementService;

import javax.management.ObjectName;

/**
 * RuleFilter's management as two resources, each on Artemis's management address and in JMX next to the broker's own
 * components: {@code rulefilter} for operators, {@code rulefilter.cluster} for the other nodes of a cluster.
 */
final class ManagementResource {

   private ObjectName operators;
   private ObjectName nodes;
   /** The management service of the life they were registered with. */
   private ManagementService service;

   /** @param trustWithoutSecurity the operator opted in to node operations on a broker without security */
   void register(ManagementService service, Configuration config, RuleManagement management, ClusterRouting cluster,
                 CallerContext callers, boolean trustWithoutSecurity) {
      this.service = service;
      try {
         String component = config.getJMXDomain() + ":broker=" + ObjectName.quote(config.getName()) + ",component=rulefilter";
         operators = ObjectName.getInstance(component);
         nodes = ObjectName.getInstance(component + ",subcomponent=cluster");
         service.registerUntypedControl(RuleFilterControlMBean.RESOURCE_NAME,
               new RuleFilterControl(management, cluster, config.getName()), operators);
         service.registerUntypedControl(RuleFilterClusterControlMBean.RESOURCE_NAME,
               new RuleFilterClusterControl(management, cluster, callers::current,
                     config.getClusterUser(), callerAuthenticated(config, trustWithoutSecurity)),
               nodes);
      } catch (Exception e) {
         throw PluginLogger.managementNotRegistered(e);
      }
   }

   /**
    * Whether a caller's user name is one Artemis authenticated: with security disabled any client may claim the cluster
    * user, and so mute another node's words or feign its forwards; the operator may accept that on a closed network.
    */
   private static boolean callerAuthenticated(Configuration config, boolean trustWithoutSecurity) {
      if (config.isSecurityEnabled() || trustWithoutSecurity) {
         return true;
      }
      if (!config.getClusterConfigurations().isEmpty()) {
         ClusterLogger.securityDisabled(PluginSettings.CLUSTER_TRUST_WITHOUT_SECURITY);
      }
      return false;
   }

   void unregister() {
      try {
         service.unregisterUntypedControl(RuleFilterClusterControlMBean.RESOURCE_NAME, nodes);
         service.unregisterUntypedControl(RuleFilterControlMBean.RESOURCE_NAME, operators);
      } catch (Exception e) {
         PluginLogger.managementNotUnregistered(e);
      }
   }
}

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
import io.rulefilter.artemis.management.RuleFilterControl;
import io.rulefilter.artemis.management.RuleFilterControlMBean;
import io.rulefilter.artemis.management.RuleManagement;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.management.ObjectName;

/**
 * RuleFilter's management operations as the resource {@code rulefilter}: on Artemis's management address, and in JMX
 * next to the broker's own components.
 */
final class ManagementResource {

   private static final Logger LOG = LoggerFactory.getLogger(ManagementResource.class);

   private ObjectName objectName;

   void register(ActiveMQServer server, RuleManagement management, ClusterRouting cluster, CallerContext callers) {
      try {
         objectName = ObjectName.getInstance(server.getConfiguration().getJMXDomain() + ":broker="
               + ObjectName.quote(server.getConfiguration().getName()) + ",component=rulefilter");
         server.getManagementService().registerUntypedControl(RuleFilterControlMBean.RESOURCE_NAME,
               new RuleFilterControl(management, cluster, cluster, server.getConfiguration().getName(),
                     callers::current, server.getConfiguration().getClusterUser()), objectName);
      } catch (Exception e) {
         throw new IllegalStateException("RFL3002 RuleFilter: could not register its management operations", e);
      }
   }

   void unregister(ActiveMQServer server) {
      try {
         server.getManagementService().unregisterUntypedControl(RuleFilterControlMBean.RESOURCE_NAME, objectName);
      } catch (Exception e) {
         LOG.warn("RFL2002 RuleFilter: could not unregister its management operations", e);
      }
   }
}

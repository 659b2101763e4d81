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
package io.rulefilter.artemis.management;

import org.apache.activemq.artemis.api.core.management.Attribute;
import org.apache.activemq.artemis.api.core.management.Operation;
import org.apache.activemq.artemis.api.core.management.Parameter;

import javax.management.MBeanOperationInfo;
import java.util.Map;

/**
 * RuleFilter's management for operators: in JMX as {@code <domain>:broker="<name>",component=rulefilter} (the web
 * console's JMX tab), and as the management resource {@code rulefilter} (call it with
 * {@code JMSManagementHelper.putOperationInvocation(message, "rulefilter", "setRule", …)}). Attributes are typed
 * (lists of subscriptions, address rules and addresses are arrays of name/value maps, JSON objects over Jolokia);
 * operations answer with JSON text. A refused call throws with a message that says why, and changes nothing.
 * <p>
 * Operations that only read are named {@code get…}, {@code list…}, {@code check}, {@code translate} and
 * {@code stats}, so that Artemis's {@code management.xml} can give them to a viewer role; every other operation
 * changes something (see the manual's "Management and the web console").
 */
public interface RuleFilterControlMBean {

   String RESOURCE_NAME = "rulefilter";

   // ---- attributes ----

   @Attribute(desc = "Every filtered subscription of this node: node, address, queue, rule in force and where it comes "
         + "from, creationRule, enabled, addressRule, exact (its SQL-92 filter means exactly the rule), indexed, routing, "
         + "matched, rejected, changedAt (epoch ms), changedAtIso (ISO-8601 with zone), changedBy, purged")
   Map<String, Object>[] getSubscriptions();

   @Attribute(desc = "Every address rule of this node: node, address, rule, changedAt (epoch ms), changedAtIso "
         + "(ISO-8601 with zone), changedBy")
   Map<String, Object>[] getAddressRules();

   @Attribute(desc = "Every address with a filtered subscription and how it is routed: address, indexed (through "
         + "RuleFilter's routing index), detail (the queue count, or why it is routed queue by queue)")
   Map<String, Object>[] getAddressRouting();

   @Attribute(desc = "How many filtered subscriptions this node has")
   int getSubscriptionCount();

   @Attribute(desc = "Messages the rules let into their subscriptions' queues, summed over this node's subscriptions")
   long getMessagesMatched();

   @Attribute(desc = "Messages the rules kept out of their subscriptions' queues, summed over this node's subscriptions")
   long getMessagesRejected();

   @Attribute(desc = "Deliveries other nodes of the cluster forwarded to this node's queues, each judged here by the "
         + "queue's rules")
   long getForwardedJudged();

   @Attribute(desc = "Of the forwarded deliveries, those the target queue's rules rejected here: what crossed the wire "
         + "in vain")
   long getForwardedRejected();

   // ---- operations that read ----

   @Operation(desc = "One subscription as JSON: its rule in force, where it comes from, switch, address rule, counters",
         impact = MBeanOperationInfo.INFO)
   String getRule(@Parameter(name = "address", desc = "the subscription's address") String address,
                  @Parameter(name = "queue", desc = "the subscription's queue") String queue);

   @Operation(desc = "The address rule as JSON, or null when the address has none", impact = MBeanOperationInfo.INFO)
   String getAddressRule(@Parameter(name = "address", desc = "the address") String address);

   @Operation(desc = "Every filtered subscription and every address rule, and what other nodes forwarded here, as JSON",
         impact = MBeanOperationInfo.INFO)
   String listRules();

   @Operation(desc = "Counters of one subscription as JSON: matched, rejected, last change", impact = MBeanOperationInfo.INFO)
   String stats(@Parameter(name = "address", desc = "the subscription's address") String address,
                @Parameter(name = "queue", desc = "the subscription's queue") String queue);

   @Operation(desc = "The canonical form of a rule; fails with the error and a caret when it is invalid",
         impact = MBeanOperationInfo.INFO)
   String check(@Parameter(name = "rule", desc = "a rule, e.g. @tag beg BS") String rule);

   @Operation(desc = "A rule's translation as JSON: rule, canonical, filter, exact, selector", impact = MBeanOperationInfo.INFO)
   String translate(@Parameter(name = "rule", desc = "a rule, e.g. @tag beg BS") String rule);

   // ---- operations that change ----

   @Operation(desc = "Sets the subscription's rule, overriding the rule it was created with; answers the subscription "
         + "as JSON", impact = MBeanOperationInfo.ACTION)
   String setRule(@Parameter(name = "address", desc = "the subscription's address") String address,
                  @Parameter(name = "queue", desc = "the subscription's queue") String queue,
                  @Parameter(name = "rule", desc = "the new rule, e.g. @tag beg BS") String rule) throws Exception;

   @Operation(desc = "Sets the subscription's rule; with purge, removes the queued messages the new rule rejects",
         impact = MBeanOperationInfo.ACTION)
   String setRule(@Parameter(name = "address", desc = "the subscription's address") String address,
                  @Parameter(name = "queue", desc = "the subscription's queue") String queue,
                  @Parameter(name = "rule", desc = "the new rule, e.g. @tag beg BS") String rule,
                  @Parameter(name = "purge", desc = "true: remove queued messages the new rule rejects") boolean purge)
         throws Exception;

   @Operation(desc = "Drops the management rule: the subscription goes back to the rule it was created with, or none",
         impact = MBeanOperationInfo.ACTION)
   String removeRule(@Parameter(name = "address", desc = "the subscription's address") String address,
                     @Parameter(name = "queue", desc = "the subscription's queue") String queue) throws Exception;

   @Operation(desc = "Sets the rule every subscription of the address must also meet; answers it as JSON",
         impact = MBeanOperationInfo.ACTION)
   String setAddressRule(@Parameter(name = "address", desc = "the address") String address,
                         @Parameter(name = "rule", desc = "the address rule, e.g. airline weq CA") String rule)
         throws Exception;

   @Operation(desc = "Removes the address rule; true when there was one", impact = MBeanOperationInfo.ACTION)
   boolean removeAddressRule(@Parameter(name = "address", desc = "the address") String address) throws Exception;

   @Operation(desc = "Turns the subscription's filtering on again", impact = MBeanOperationInfo.ACTION)
   String enable(@Parameter(name = "address", desc = "the subscription's address") String address,
                 @Parameter(name = "queue", desc = "the subscription's queue") String queue) throws Exception;

   @Operation(desc = "Turns the subscription's filtering off: it receives every message of its address; its rule is kept",
         impact = MBeanOperationInfo.ACTION)
   String disable(@Parameter(name = "address", desc = "the subscription's address") String address,
                  @Parameter(name = "queue", desc = "the subscription's queue") String queue) throws Exception;
}

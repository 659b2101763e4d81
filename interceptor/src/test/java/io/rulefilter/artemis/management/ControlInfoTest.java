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

import io.rulefilter.artemis.internal.PluginParts;
import io.rulefilter.artemis.testing.InVmBroker;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientRequestor;
import org.apache.activemq.artemis.api.core.management.ManagementHelper;
import org.junit.jupiter.api.Test;

import javax.management.DynamicMBean;
import javax.management.MBeanInfo;
import javax.management.MBeanOperationInfo;
import javax.management.MBeanParameterInfo;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a JMX client (the web console) sees of RuleFilter's two MBeans, read from the controls the broker registered:
 * named, described operations, typed attributes, and the operations between nodes kept apart from the operators'.
 */
class ControlInfoTest {

   /** The operations the viewer role's lines of the manual's management.xml let through. */
   private static final Pattern READS = Pattern.compile("get.*|list.*|is.*|check|translate|stats");
   private static final List<String> NODE_OPERATIONS = List.of("syncSubscription", "syncSubscriptions", "syncAddressRule",
         "copyForwardsAlso", "copyForwardsAlsoFrom", "copyForwardsConfirmed", "copyForwards", "copyFilterReplaced",
         "managedQueues");

   @Test
   void everyOperationAndParameterIsNamedAndDescribedAndOnlyReadsAreNamedAsReads() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         MBeanInfo info = control(broker, RuleFilterControlMBean.RESOURCE_NAME).getMBeanInfo();
         assertThat(info.getOperations()).extracting(MBeanOperationInfo::getName).doesNotContainAnyElementsOf(NODE_OPERATIONS)
               .contains("setRule", "getRule", "listRules", "setAddressRule", "enable", "disable", "check");
         for (MBeanOperationInfo op : info.getOperations()) {
            assertThat(op.getDescription()).as("description of %s", op.getName()).isNotBlank()
                  .isNotEqualTo("Operation exposed for management");
            for (MBeanParameterInfo parameter : op.getSignature()) {
               assertThat(parameter.getName()).as("a parameter of %s", op.getName()).doesNotMatch("p\\d+");
               assertThat(parameter.getDescription()).as("parameter %s of %s", parameter.getName(), op.getName())
                     .isNotBlank().isNotEqualTo(parameter.getName());
            }
            boolean reads = op.getImpact() == MBeanOperationInfo.INFO;
            assertThat(READS.matcher(op.getName()).matches()).as("%s is named as what it does (impact %d)",
                  op.getName(), op.getImpact()).isEqualTo(reads);
         }
         assertThat(Arrays.stream(info.getAttributes()).map(a -> a.getName() + ":" + !a.getDescription().isBlank()))
               .containsExactlyInAnyOrder("Subscriptions:true", "AddressRules:true", "AddressRouting:true",
                     "SubscriptionCount:true", "MessagesMatched:true", "MessagesRejected:true", "ForwardedJudged:true",
                     "ForwardedRejected:true");

         MBeanInfo nodes = control(broker, RuleFilterClusterControlMBean.RESOURCE_NAME).getMBeanInfo();
         assertThat(nodes.getOperations()).extracting(MBeanOperationInfo::getName)
               .containsExactlyInAnyOrderElementsOf(NODE_OPERATIONS);
      }
   }

   @Test
   void theAttributesShowRulesExactnessCountersAndIndexStateToJmxAndTheManagementAddress() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         for (String airline : List.of("CA", "MU", "CZ", "LH")) {
            broker.subscription("airport.events", "by-" + airline, "airline weq " + airline);
         }
         broker.subscription("airport.moves", "moves", "@tag beg MVT");
         PluginParts.management(broker.plugin()).setRule("airport.moves", "moves", "flight end 99 or @tag beg MVT", false);
         broker.routes(broker.message("airport.events", "BSM", Map.of("airline", "CA")));

         DynamicMBean control = control(broker, RuleFilterControlMBean.RESOURCE_NAME);
         assertThat(control.getAttribute("SubscriptionCount")).isEqualTo(5);
         assertThat(control.getAttribute("MessagesMatched")).isEqualTo(1L);
         assertThat(control.getAttribute("MessagesRejected")).isEqualTo(3L);
         @SuppressWarnings("unchecked")
         Map<String, Object>[] subscriptions = (Map<String, Object>[]) control.getAttribute("Subscriptions");
         Map<String, Object> moves = Arrays.stream(subscriptions).filter(s -> s.get("queue").equals("moves")).findFirst()
               .orElseThrow();
         assertThat(moves).containsEntry("rule", "flight end 99 or @tag beg MVT").containsEntry("source", "management")
               .containsEntry("creationRule", "@tag beg MVT").containsEntry("exact", false)
               .containsEntry("indexed", false);
         assertThat(Arrays.stream(subscriptions).filter(s -> s.get("queue").equals("by-CA")).findFirst().orElseThrow())
               .containsEntry("exact", true).containsEntry("indexed", true).containsEntry("matched", 1L);
         assertThat((Map<String, Object>[]) control.getAttribute("AddressRouting"))
               .containsExactly(Map.of("address", "airport.events", "indexed", true, "detail", "4 queues"),
                     Map.of("address", "airport.moves", "indexed", false, "detail", "fewer than 4 queues"));

         // the management address serialises the same attribute as JSON objects
         broker.client().start();
         try (ClientRequestor requestor = new ClientRequestor(broker.client(), "activemq.management")) {
            ClientMessage request = broker.client().createMessage(false);
            ManagementHelper.putAttribute(request, RuleFilterControlMBean.RESOURCE_NAME, "addressRouting");
            ClientMessage reply = requestor.request(request, 10_000);
            assertThat(ManagementHelper.hasOperationSucceeded(reply)).as("%s", ManagementHelper.getResult(reply)).isTrue();
            Object[] result = (Object[]) ManagementHelper.getResult(reply);
            assertThat(result).hasSize(2);
            assertThat(result[0]).isEqualTo(Map.of("address", "airport.events", "indexed", true, "detail", "4 queues"));
         }
      }
   }

   private static DynamicMBean control(InVmBroker broker, String resource) {
      return (DynamicMBean) broker.server().getManagementService().getUntypedControl(resource);
   }
}

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

import io.rulefilter.artemis.PluginSettings;
import io.rulefilter.artemis.log.ManagementRefusals;
import io.rulefilter.artemis.subscription.PeerForwarding;
import org.apache.activemq.artemis.api.core.JsonUtil;

import javax.management.NotCompliantMBeanException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** The operations between nodes, for the cluster user alone: the state they pass on goes to its owners here. */
public final class RuleFilterClusterControl extends AnnotatedMBean implements RuleFilterClusterControlMBean {

   private final RuleManagement management;
   private final CopyListener copies;
   private final Supplier<String> caller;
   private final String clusterUser;
   private final boolean callerAuthenticated;

   /** Where another node's word about one of its queues goes: this node's copy of it follows. */
   public interface CopyListener {

      /** The queue is about to accept what {@code also} forwards too; see {@link #copyForwardsAlso}. */
      void copyForwardsAlso(String node, String queue, PeerForwarding also, long epoch) throws InterruptedException;

      /** As {@link #copyForwardsAlso}, returning at once; see {@link RuleFilterClusterControlMBean#copyForwardsAlsoFrom}. */
      void copyForwardsAlsoFrom(String node, String queue, PeerForwarding also, long epoch);

      /** See {@link RuleFilterClusterControlMBean#copyForwardsConfirmed}. */
      boolean copyForwardsConfirmed(String node, String queue, long epoch);

      /** The queue accepts by {@code now}; see {@link RuleFilterClusterControlMBean#copyForwards}. */
      void copyForwards(String node, String queue, PeerForwarding now, long epoch);

      /** The queue's filter was replaced there ({@code filterString} empty: none). */
      void copyFilterReplaced(String node, String queue, String filterString, long epoch);

      /** The life of this node that answers, which other nodes compare with the last they heard of. */
      String incarnation();
   }

   /**
    * @param caller      who calls an operation
    * @param clusterUser the user other cluster nodes call as: the only one allowed these operations
    * @param callerAuthenticated Artemis authenticated the caller's user name (security on), or the operator trusts it
    *                            anyway; when false, every operation is refused
    */
   public RuleFilterClusterControl(RuleManagement management, CopyListener copies, Supplier<String> caller,
                                   String clusterUser, boolean callerAuthenticated) throws NotCompliantMBeanException {
      super(RuleFilterClusterControlMBean.class);
      this.management = management;
      this.copies = copies;
      this.caller = caller;
      this.clusterUser = clusterUser;
      this.callerAuthenticated = callerAuthenticated;
   }

   private void requireClusterNode(String operation) {
      if (!callerAuthenticated) {
         throw ManagementRefusals.nodeOperationWithoutSecurity(operation, PluginSettings.CLUSTER_TRUST_WITHOUT_SECURITY);
      }
      if (clusterUser == null || !clusterUser.equals(caller.get())) {
         throw ManagementRefusals.nodeOperationNotFromNode(operation);
      }
   }

   @Override
   public boolean syncSubscription(String address, String queue, String rule, boolean enabled, long changedAt,
                                   String changedBy) {
      requireClusterNode("syncSubscription");
      return management.syncSubscription(address, queue, rule, enabled, changedAt, changedBy);
   }

   @Override
   public String syncSubscriptions(String states) {
      requireClusterNode("syncSubscriptions");
      int applied = 0;
      List<Map<String, Object>> refused = new ArrayList<>();
      for (SharedStates.State s : SharedStates.parse(states)) {
         try {
            if (management.syncSubscription(s.address(), s.queue(), s.rule(), s.enabled(), s.changedAt(), s.changedBy())) {
               applied++;
            }
         } catch (RuntimeException e) { // as the single call's refusal: this one is not taken, the others are
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("queue", s.queue());
            entry.put("address", s.address());
            entry.put("reason", String.valueOf(e.getMessage()));
            refused.add(entry);
         }
      }
      Map<String, Object> answer = new LinkedHashMap<>();
      answer.put("applied", applied);
      answer.put("refused", refused.toArray());
      return JsonUtil.toJsonObject(answer).toString();
   }

   @Override
   public boolean syncAddressRule(String address, String rule, long changedAt, String changedBy) {
      requireClusterNode("syncAddressRule");
      return management.syncAddressRule(address, rule, changedAt, changedBy);
   }

   @Override
   public void copyForwardsAlso(String node, String queue, boolean managed, String rule, long epoch)
         throws InterruptedException {
      requireClusterNode("copyForwardsAlso");
      copies.copyForwardsAlso(node, queue, new PeerForwarding(managed, rule), epoch);
   }

   @Override
   public void copyForwardsAlsoFrom(String node, String queue, boolean managed, String rule, long epoch) {
      requireClusterNode("copyForwardsAlsoFrom");
      copies.copyForwardsAlsoFrom(node, queue, new PeerForwarding(managed, rule), epoch);
   }

   @Override
   public boolean copyForwardsConfirmed(String node, String queue, long epoch) {
      requireClusterNode("copyForwardsConfirmed");
      return copies.copyForwardsConfirmed(node, queue, epoch);
   }

   @Override
   public void copyForwards(String node, String queue, boolean managed, String rule, long epoch) {
      requireClusterNode("copyForwards");
      copies.copyForwards(node, queue, new PeerForwarding(managed, rule), epoch);
   }

   @Override
   public void copyFilterReplaced(String node, String queue, String filterString, long epoch) {
      requireClusterNode("copyFilterReplaced");
      copies.copyFilterReplaced(node, queue, filterString, epoch);
   }

   @Override
   public String managedQueues() {
      requireClusterNode("managedQueues");
      ManagedQueues managed = management.managedQueues();
      List<Map<String, Object>> queues = managed.queues().entrySet().stream().map(e -> {
         Map<String, Object> entry = new LinkedHashMap<>();
         entry.put("queue", e.getKey());
         if (e.getValue().rule() != null) {
            entry.put("rule", e.getValue().rule());
         }
         return entry;
      }).toList();
      Map<String, Object> answer = new LinkedHashMap<>();
      answer.put("epoch", managed.epoch());
      answer.put("incarnation", copies.incarnation());
      answer.put("queues", queues.toArray());
      return JsonUtil.toJsonObject(answer).toString();
   }
}

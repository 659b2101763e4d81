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

import io.rulefilter.artemis.store.StoredAddressRule;
import io.rulefilter.artemis.subscription.PeerForwarding;
import io.rulefilter.artemis.subscription.SubscriptionInfo;
import io.rulefilter.rule.Rule;
import io.rulefilter.sql.SqlFilter;
import org.apache.activemq.artemis.json.JsonArrayBuilder;
import org.apache.activemq.artemis.json.JsonObjectBuilder;
import org.apache.activemq.artemis.json.JsonValue;
import org.apache.activemq.artemis.utils.JsonLoader;

import java.util.function.Supplier;

/** The management operations, each a thin call into {@link RuleManagement}; results as JSON (Artemis's own). */
public final class RuleFilterControl implements RuleFilterControlMBean {

   private final RuleManagement management;
   private final CopyListener copies;
   private final ForwardedDeliveries forwarded;
   private final String node;
   private final Supplier<String> caller;
   private final String clusterUser;

   /** Where another node's word about one of its queues goes: this node's copy of it follows. */
   public interface CopyListener {

      /** The queue is about to accept what {@code also} forwards too; see {@link RuleFilterControlMBean#copyForwardsAlso}. */
      void copyForwardsAlso(String node, String queue, PeerForwarding also, long epoch) throws InterruptedException;

      /** The queue accepts by {@code now}; see {@link RuleFilterControlMBean#copyForwards}. */
      void copyForwards(String node, String queue, PeerForwarding now, long epoch);

      /** The queue's filter was replaced there ({@code filterString} empty: none). */
      void copyFilterReplaced(String node, String queue, String filterString, long epoch);
   }

   /**
    * @param node        the broker's name, which every answer carries: in a cluster, each node answers for its own queues
    * @param caller      who calls an operation
    * @param clusterUser the user other cluster nodes call as: the only one allowed the operations between nodes
    */
   public RuleFilterControl(RuleManagement management, CopyListener copies, ForwardedDeliveries forwarded, String node,
                            Supplier<String> caller, String clusterUser) {
      this.management = management;
      this.copies = copies;
      this.forwarded = forwarded;
      this.node = node;
      this.caller = caller;
      this.clusterUser = clusterUser;
   }

   private void requireClusterNode(String operation) {
      if (clusterUser == null || !clusterUser.equals(caller.get())) {
         throw new SecurityException(operation + " is for other nodes of the cluster only (their cluster user)");
      }
   }

   @Override
   public String setRule(String address, String queue, String rule) throws Exception {
      return setRule(address, queue, rule, false);
   }

   @Override
   public String setRule(String address, String queue, String rule, boolean purge) throws Exception {
      return json(management.setRule(address, queue, rule, purge)).build().toString();
   }

   @Override
   public String getRule(String address, String queue) {
      return json(management.get(address, queue)).build().toString();
   }

   @Override
   public String removeRule(String address, String queue) throws Exception {
      return json(management.removeRule(address, queue)).build().toString();
   }

   @Override
   public String setAddressRule(String address, String rule) throws Exception {
      return json(management.setAddressRule(address, rule)).build().toString();
   }

   @Override
   public String getAddressRule(String address) {
      return management.addressRule(address).map(r -> json(r).build().toString()).orElse(null);
   }

   @Override
   public boolean removeAddressRule(String address) throws Exception {
      return management.removeAddressRule(address);
   }

   @Override
   public String enable(String address, String queue) throws Exception {
      return json(management.setEnabled(address, queue, true)).build().toString();
   }

   @Override
   public String disable(String address, String queue) throws Exception {
      return json(management.setEnabled(address, queue, false)).build().toString();
   }

   @Override
   public String listRules() {
      JsonArrayBuilder subscriptions = JsonLoader.createArrayBuilder();
      management.list().forEach(info -> subscriptions.add(json(info)));
      JsonArrayBuilder addressRules = JsonLoader.createArrayBuilder();
      management.addressRules().forEach(rule -> addressRules.add(json(rule)));
      return JsonLoader.createObjectBuilder().add("node", node).add("subscriptions", subscriptions)
            .add("addressRules", addressRules).add("forwarded", JsonLoader.createObjectBuilder()
                  .add("judged", forwarded.forwardedJudged()).add("rejected", forwarded.forwardedRejected()))
            .build().toString();
   }

   @Override
   public long getForwardedJudged() {
      return forwarded.forwardedJudged();
   }

   @Override
   public long getForwardedRejected() {
      return forwarded.forwardedRejected();
   }

   @Override
   public String stats(String address, String queue) {
      SubscriptionInfo info = management.get(address, queue);
      return JsonLoader.createObjectBuilder().add("address", info.address()).add("queue", info.queue())
            .add("matched", info.matched()).add("rejected", info.rejected()).add("changedAt", info.changedAt())
            .add("changedBy", info.changedBy(), JsonValue.NULL).build().toString();
   }

   @Override
   public String check(String rule) {
      return management.parse(rule).canonical();
   }

   @Override
   public String translate(String rule) {
      Rule parsed = management.parse(rule);
      SqlFilter sql = management.language().translate(parsed);
      return JsonLoader.createObjectBuilder().add("rule", rule).add("canonical", parsed.canonical())
            .add("filter", sql.filter()).add("exact", sql.isExact())
            .add("selector", management.language().selector(parsed)).build().toString();
   }

   @Override
   public boolean syncSubscription(String address, String queue, String rule, boolean enabled, long changedAt,
                                   String changedBy) {
      requireClusterNode("syncSubscription");
      return management.syncSubscription(address, queue, rule, enabled, changedAt, changedBy);
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
      JsonArrayBuilder queues = JsonLoader.createArrayBuilder();
      managed.queues().forEach((queue, forwarding) -> {
         JsonObjectBuilder entry = JsonLoader.createObjectBuilder().add("queue", queue);
         queues.add(forwarding.rule() == null ? entry : entry.add("rule", forwarding.rule()));
      });
      return JsonLoader.createObjectBuilder().add("epoch", managed.epoch()).add("queues", queues).build().toString();
   }

   private JsonObjectBuilder json(SubscriptionInfo s) {
      return JsonLoader.createObjectBuilder().add("node", node).add("address", s.address()).add("queue", s.queue())
            .add("rule", s.rule(), JsonValue.NULL).add("source", s.source())
            .add("creationRule", s.creationRule(), JsonValue.NULL).add("enabled", s.enabled())
            .add("addressRule", s.addressRule(), JsonValue.NULL).add("indexed", s.indexed())
            .add("routing", s.routing()).add("matched", s.matched()).add("rejected", s.rejected())
            .add("changedAt", s.changedAt()).add("changedBy", s.changedBy(), JsonValue.NULL).add("purged", s.purged());
   }

   private static JsonObjectBuilder json(StoredAddressRule r) {
      return JsonLoader.createObjectBuilder().add("address", r.address()).add("rule", r.rule(), JsonValue.NULL)
            .add("changedAt", r.changedAt()).add("changedBy", r.changedBy(), JsonValue.NULL);
   }
}

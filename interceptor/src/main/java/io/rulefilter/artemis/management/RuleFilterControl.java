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

import io.rulefilter.artemis.routing.AddressIndexes;
import io.rulefilter.artemis.subscription.SubscriptionInfo;
import io.rulefilter.rule.Rule;
import io.rulefilter.sql.SqlFilter;

import javax.management.NotCompliantMBeanException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The operators' management: each operation a thin call into {@link RuleManagement}, answers built by {@link Views}. */
public final class RuleFilterControl extends AnnotatedMBean implements RuleFilterControlMBean {

   private final RuleManagement management;
   private final ForwardedDeliveries forwarded;
   private final Views views;

   /** @param node the broker's name, which every answer carries: in a cluster, each node answers for its own queues */
   public RuleFilterControl(RuleManagement management, ForwardedDeliveries forwarded, String node)
         throws NotCompliantMBeanException {
      super(RuleFilterControlMBean.class);
      this.management = management;
      this.forwarded = forwarded;
      this.views = new Views(node, management.language());
   }

   @Override
   public Map<String, Object>[] getSubscriptions() {
      return array(management.list().stream().map(views::subscription).toList());
   }

   @Override
   public Map<String, Object>[] getAddressRules() {
      return array(management.addressRules().stream().map(views::addressRule).toList());
   }

   @Override
   public Map<String, Object>[] getAddressRouting() {
      return array(management.addressRouting().entrySet().stream().map(e -> routing(e.getKey(), e.getValue())).toList());
   }

   @Override
   public int getSubscriptionCount() {
      return management.list().size();
   }

   @Override
   public long getMessagesMatched() {
      return management.list().stream().mapToLong(SubscriptionInfo::matched).sum();
   }

   @Override
   public long getMessagesRejected() {
      return management.list().stream().mapToLong(SubscriptionInfo::rejected).sum();
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
   public String getRule(String address, String queue) {
      return Views.json(views.subscription(management.get(address, queue)));
   }

   @Override
   public String getAddressRule(String address) {
      return management.addressRule(address).map(r -> Views.json(views.addressRule(r))).orElse(null);
   }

   @Override
   public String listRules() {
      Map<String, Object> list = views.named();
      list.put("subscriptions", getSubscriptions());
      list.put("addressRules", getAddressRules());
      Map<String, Object> forwardedHere = new LinkedHashMap<>(); // in a stable order: scripts compare this text
      forwardedHere.put("judged", forwarded.forwardedJudged());
      forwardedHere.put("rejected", forwarded.forwardedRejected());
      list.put("forwarded", forwardedHere);
      return Views.json(list);
   }

   @Override
   public String stats(String address, String queue) {
      return Views.json(views.stats(management.get(address, queue)));
   }

   @Override
   public String check(String rule) {
      return management.parse(rule).canonical();
   }

   @Override
   public String translate(String rule) {
      Rule parsed = management.parse(rule);
      SqlFilter sql = management.language().translate(parsed);
      Map<String, Object> translation = views.named();
      translation.put("rule", rule);
      translation.put("canonical", parsed.canonical());
      translation.put("filter", sql.filter());
      translation.put("exact", sql.isExact());
      translation.put("selector", management.language().selector(parsed));
      return Views.json(translation);
   }

   @Override
   public String setRule(String address, String queue, String rule) throws Exception {
      return setRule(address, queue, rule, false);
   }

   @Override
   public String setRule(String address, String queue, String rule, boolean purge) throws Exception {
      return Views.json(views.subscription(management.setRule(address, queue, rule, purge)));
   }

   @Override
   public String removeRule(String address, String queue) throws Exception {
      return Views.json(views.subscription(management.removeRule(address, queue)));
   }

   @Override
   public String setAddressRule(String address, String rule) throws Exception {
      return Views.json(views.addressRule(management.setAddressRule(address, rule)));
   }

   @Override
   public boolean removeAddressRule(String address) throws Exception {
      return management.removeAddressRule(address);
   }

   @Override
   public String enable(String address, String queue) throws Exception {
      return Views.json(views.subscription(management.setEnabled(address, queue, true)));
   }

   @Override
   public String disable(String address, String queue) throws Exception {
      return Views.json(views.subscription(management.setEnabled(address, queue, false)));
   }

   private static Map<String, Object> routing(String address, AddressIndexes.Routing routing) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("address", address);
      row.put("indexed", routing.indexed());
      row.put("detail", routing.detail());
      return row;
   }

   @SuppressWarnings("unchecked")
   private static Map<String, Object>[] array(List<Map<String, Object>> rows) {
      return rows.toArray(Map[]::new);
   }
}

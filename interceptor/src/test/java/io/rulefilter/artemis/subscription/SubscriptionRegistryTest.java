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
package io.rulefilter.artemis.subscription;

import io.rulefilter.RuleLanguage;
import io.rulefilter.artemis.internal.PluginParts;
import io.rulefilter.artemis.store.StoredAddressRule;
import io.rulefilter.artemis.store.StoredSubscription;
import io.rulefilter.artemis.testing.InVmBroker;
import io.rulefilter.rule.Rule;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;
import org.apache.activemq.artemis.core.postoffice.impl.PostOfficeImpl;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.Queue;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The registry's state as Artemis's hooks and management changes drive it, on a real in-VM broker. */
class SubscriptionRegistryTest {

   private static final RuleLanguage LANGUAGE = RuleLanguage.standard();
   private static final String EVENTS = "airport.events";

   @Test
   void aChangeWhoseQueueWentAwayWhileItWasStoredChangesNothing() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         broker.subscription(EVENTS, "bags", "@tag beg BS");
         SubscriptionRegistry registry = PluginParts.registry(broker.plugin());
         Change change = registry.prepare(EVENTS, "bags", Edit.rule(LANGUAGE.parse("@tag weq MVT")), "test", 1L);
         broker.server().destroyQueue(SimpleString.of("bags"));
         broker.subscription(EVENTS, "bags", null); // a new queue of the same name
         assertThatThrownBy(() -> registry.commit(change)).isInstanceOf(QueueGoneException.class)
               .hasMessage("RFL4004 RuleFilter: queue 'bags' was deleted while the change was being stored; nothing changed");
         assertThat(registry.queries().info(EVENTS, "bags").source()).isEqualTo(RuleSource.NONE);
      }
   }

   /** The record was stored for the address before it went; it must not stay for the new address of that name. */
   @Test
   void anAddressRuleWhoseAddressWasReplacedWhileItWasStoredLeavesNoRecord() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         broker.subscription(EVENTS, "bags", null);
         SubscriptionRegistry registry = PluginParts.registry(broker.plugin());
         Rule ca = LANGUAGE.parse("airline weq CA");
         StoredAddressRule record = registry.addresses().prepareAddressRule(EVENTS, ca, "test", 1L);
         broker.server().destroyQueue(SimpleString.of("bags"));
         broker.server().removeAddressInfo(SimpleString.of(EVENTS), null);
         broker.subscription(EVENTS, "bags", null); // the address again, under a new id
         registry.store().put(record); // stored between prepare and commit, as management does

         assertThatThrownBy(() -> registry.addresses().commitAddressRule(record, ca)).isInstanceOf(IllegalStateException.class)
               .hasMessageContaining("was deleted while the change was being stored");
         assertThat(registry.store().addressRules()).isEmpty();
         broker.restart();
         assertThat(broker.routes(broker.message(EVENTS, "BSM", Map.of("airline", "MU")))).containsExactly("bags");
      }
   }

   /** Only the routing types changed: the address is the same, and the change made for it is in force and stored. */
   @Test
   void anAddressRuleWhoseAddressWasUpdatedWhileItWasStoredIsInForceAndStoredUnderTheNewId() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         broker.subscription(EVENTS, "bags", null);
         PluginParts.management(broker.plugin()).setAddressRule(EVENTS, "airline weq CA");
         SubscriptionRegistry registry = PluginParts.registry(broker.plugin());
         Rule mu = LANGUAGE.parse("airline weq MU");
         StoredAddressRule record = registry.addresses().prepareAddressRule(EVENTS, mu, "test", System.currentTimeMillis() + 1);
         broker.server().updateAddressInfo(SimpleString.of(EVENTS), EnumSet.of(RoutingType.MULTICAST, RoutingType.ANYCAST));
         registry.store().put(record); // stored between prepare and commit, as management does

         registry.addresses().commitAddressRule(record, mu);
         long id = broker.server().getAddressInfo(SimpleString.of(EVENTS)).getId();
         assertThat(registry.addresses().addressRule(EVENTS)).map(StoredAddressRule::rule).contains("airline weq MU");
         assertThat(registry.store().addressRules().get(EVENTS))
               .isEqualTo(new StoredAddressRule(EVENTS, id, "airline weq MU", record.changedAt(), "test"));
         broker.restart();
         assertThat(PluginParts.registry(broker.plugin()).addresses().addressRule(EVENTS)).map(StoredAddressRule::rule)
               .contains("airline weq MU");
         assertThat(broker.routes(broker.message(EVENTS, "BSM", Map.of("airline", "CA")))).isEmpty();
         assertThat(broker.routes(broker.message(EVENTS, "BSM", Map.of("airline", "MU")))).containsExactly("bags");
      }
   }

   /** The other order: the update comes after the change was stored, and moves the record of the rule in force. */
   @Test
   void anAddressRuleStoredJustBeforeItsAddressWasUpdatedIsInForceAndStoredUnderTheNewId() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         broker.subscription(EVENTS, "bags", null);
         PluginParts.management(broker.plugin()).setAddressRule(EVENTS, "airline weq CA");
         SubscriptionRegistry registry = PluginParts.registry(broker.plugin());
         Rule mu = LANGUAGE.parse("airline weq MU");
         StoredAddressRule record = registry.addresses().prepareAddressRule(EVENTS, mu, "test", System.currentTimeMillis() + 1);
         registry.store().put(record);
         broker.server().updateAddressInfo(SimpleString.of(EVENTS), EnumSet.of(RoutingType.MULTICAST, RoutingType.ANYCAST));

         registry.addresses().commitAddressRule(record, mu);
         long id = broker.server().getAddressInfo(SimpleString.of(EVENTS)).getId();
         assertThat(registry.store().addressRules().get(EVENTS))
               .isEqualTo(new StoredAddressRule(EVENTS, id, "airline weq MU", record.changedAt(), "test"));
         broker.restart();
         assertThat(PluginParts.registry(broker.plugin()).addresses().addressRule(EVENTS)).map(StoredAddressRule::rule)
               .contains("airline weq MU");
      }
   }

   /** Whatever made prune drop a rule in force (an id change RuleFilter did not see), nothing filters by it after. */
   @Test
   void anAddressRulePrunedFromMemoryNoLongerFilters() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         broker.subscription(EVENTS, "bags", null);
         PluginParts.management(broker.plugin()).setAddressRule(EVENTS, "airline weq CA");
         ((PostOfficeImpl) broker.server().getPostOffice()).getAddressManager() // no plugin hook is called
               .updateAddressInfo(SimpleString.of(EVENTS), EnumSet.of(RoutingType.MULTICAST, RoutingType.ANYCAST));
         SubscriptionRegistry registry = PluginParts.registry(broker.plugin());

         registry.pruneStore();
         assertThat(registry.addresses().addressRule(EVENTS)).isEmpty();
         assertThat(registry.queries().info(EVENTS, "bags").addressRule()).isNull();
         assertThat(broker.routes(broker.message(EVENTS, "BSM", Map.of("airline", "MU"))))
               .as("no rule getRule does not show").containsExactly("bags");
      }
   }

   @Test
   void aSecondQueueOfALiveNameThatArtemisRefusesLeavesTheLiveSubscriptionAlone() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         broker.subscription(EVENTS, "bags", "@tag beg BS");
         ActiveMQServer server = broker.server();
         Queue twin = server.getQueueFactory().createQueueWith(QueueConfiguration.of(broker.queue("bags")
               .getQueueConfiguration()).setId(server.getStorageManager().generateID()), server.getPagingManager(), null);
         assertThatThrownBy(() -> server.getPostOffice().addBinding(new LocalQueueBinding(twin.getAddress(), twin,
               server.getNodeID()))).as("two creations of one name raced: Artemis refuses the second")
               .hasMessageContaining("already exists");
         SubscriptionRegistry registry = PluginParts.registry(broker.plugin());
         assertThat(registry.queries().info(EVENTS, "bags").rule()).isEqualTo("@tag beg BS");
         server.destroyQueue(SimpleString.of("bags"));
         assertThatThrownBy(() -> registry.queries().info(EVENTS, "bags")).as("nothing of the refused queue stays")
               .hasMessageContaining("no queue named 'bags'");
      }
   }

   @Test
   void aChangeWhoseQueuesFilterWasReplacedMeanwhileChangesNothing() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         broker.subscription(EVENTS, "bags", "@tag beg BS");
         SubscriptionRegistry registry = PluginParts.registry(broker.plugin());
         Change change = registry.prepare(EVENTS, "bags", Edit.enabled(false), "test", 1L);
         broker.server().updateQueue(QueueConfiguration.of("bags").setAddress(EVENTS).setRoutingType(RoutingType.MULTICAST)
               .setFilterString(LANGUAGE.selector(LANGUAGE.parse("@tag beg BP"))));
         assertThatThrownBy(() -> registry.commit(change)).hasMessageStartingWith("RFL4020 RuleFilter: ")
               .hasMessageContaining("was replaced while the change was being stored");
         assertThat(registry.queries().info(EVENTS, "bags").enabled()).isTrue();
         assertThat(registry.queries().info(EVENTS, "bags").rule()).isEqualTo("@tag beg BP");
      }
   }

   @Test
   void aStoredStateAppliesOnlyToTheQueueItWasStoredForAndItsFilter() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         broker.subscription(EVENTS, "mine", "@tag beg BS");
         broker.subscription(EVENTS, "other", "@tag beg BS");
         broker.subscription(EVENTS, "replaced", "@tag beg BS");
         String filter = broker.queue("mine").getFilter().getFilterString().toString();
         var store = PluginParts.registry(broker.plugin()).store();
         store.put(new StoredSubscription("mine", broker.queue("mine").getID(), EVENTS, filter, "@tag weq LDM", true, 1, "a"));
         store.put(new StoredSubscription("other", broker.queue("other").getID() + 1000, EVENTS, filter, "@tag weq LDM", true, 1, "a"));
         store.put(new StoredSubscription("replaced", broker.queue("replaced").getID(), EVENTS,
               LANGUAGE.selector(LANGUAGE.parse("@tag beg BP")), "@tag weq LDM", true, 1, "a"));
         broker.restart();
         SubscriptionRegistry registry = PluginParts.registry(broker.plugin());
         assertThat(registry.queries().info(EVENTS, "mine").rule()).as("its own record").isEqualTo("@tag weq LDM");
         assertThat(registry.queries().info(EVENTS, "other").rule()).as("a record of another queue id").isEqualTo("@tag beg BS");
         assertThat(registry.queries().info(EVENTS, "replaced").rule()).as("a record over another filter").isEqualTo("@tag beg BS");
         broker.restart();
         assertThat(PluginParts.registry(broker.plugin()).store().subscriptions()).as("records that matched nothing are gone")
               .containsOnlyKeys("mine");
      }
   }

   @Test
   void artemisOwnAddressesTakeNoRulesAndUnknownOnesAreNamed() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         SubscriptionRegistry registry = PluginParts.registry(broker.plugin());
         assertThatThrownBy(() -> registry.addresses().prepareAddressRule("activemq.notifications", LANGUAGE.parse("x ex"), "test", 1L))
               .hasMessageContaining("is Artemis's own");
         assertThatThrownBy(() -> registry.addresses().prepareAddressRule("nowhere", LANGUAGE.parse("x ex"), "test", 1L))
               .hasMessage("RFL4011 RuleFilter: no address named 'nowhere'");
         assertThatThrownBy(() -> registry.queries().info(EVENTS, " ")).hasMessage("RFL4014 RuleFilter: a queue name is required");
      }
   }

   @Test
   void theQueueFilterMapFollowsQueuesWithoutLocking() throws Exception {
      try (InVmBroker broker = InVmBroker.start(Map.of(), config -> { })) {
         SubscriptionRegistry registry = PluginParts.registry(broker.plugin());
         broker.subscription(EVENTS, "bags", "@tag beg BS");
         broker.subscription(EVENTS, "all", null);
         assertThat(registry.queueFilter(SimpleString.of("bags")).toString()).contains("/*rulefilter: @tag beg BS*/");
         assertThat(registry.queueFilter(SimpleString.of("all")).toString()).isEmpty();
         broker.server().destroyQueue(SimpleString.of("bags"));
         assertThat((Object) registry.queueFilter(SimpleString.of("bags"))).isNull();
      }
   }

   @Test
   void whetherAFilterIsInUseFollowsQueuesWithoutLocking() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         SubscriptionRegistry registry = PluginParts.registry(broker.plugin());
         SimpleString bags = SimpleString.of(LANGUAGE.selector(LANGUAGE.parse("@tag beg BS")));
         SimpleString baggage = SimpleString.of(LANGUAGE.selector(LANGUAGE.parse("@tag beg BP")));
         assertThat(registry.filterInUse(bags)).isFalse();
         broker.subscription(EVENTS, "bags", "@tag beg BS");
         broker.subscription(EVENTS, "bags-too", "@tag beg BS");
         broker.subscription(EVENTS, "all", null);
         assertThat(registry.filterInUse(SimpleString.of(bags.toString()))).isTrue();
         assertThat(registry.filterInUse(SimpleString.of(""))).as("no filter is no filter in use").isFalse();
         broker.server().destroyQueue(SimpleString.of("bags"));
         assertThat(registry.filterInUse(bags)).as("one queue still has it").isTrue();
         broker.server().updateQueue(QueueConfiguration.of("bags-too").setAddress(EVENTS)
               .setRoutingType(RoutingType.MULTICAST).setFilterString(baggage.toString()));
         assertThat(registry.filterInUse(bags)).isFalse();
         assertThat(registry.filterInUse(baggage)).isTrue();
         broker.server().destroyQueue(SimpleString.of("bags-too"));
         assertThat(registry.filterInUse(baggage)).isFalse();
      }
   }
}

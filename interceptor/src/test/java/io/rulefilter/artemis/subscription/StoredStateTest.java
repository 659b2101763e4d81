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
import io.rulefilter.artemis.PluginSettings;
import io.rulefilter.artemis.internal.PluginParts;
import io.rulefilter.artemis.management.RuleManagement;
import io.rulefilter.artemis.store.RuleStore;
import io.rulefilter.artemis.store.StoredAddressRule;
import io.rulefilter.artemis.store.StoredSubscription;
import io.rulefilter.artemis.testing.InVmBroker;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.management.ActiveMQServerControl;
import org.apache.activemq.artemis.api.core.management.ResourceNames;
import org.apache.activemq.artemis.core.config.CoreAddressConfiguration;
import org.apache.activemq.artemis.core.filter.impl.FilterImpl;
import org.apache.activemq.artemis.core.server.Queue;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What becomes of stored records when the broker starts again: records that apply are restored, even past limits
 * lowered since, and so are removals (tombstones), while their queue or address lives; records of queues or addresses
 * that are gone or were replaced, and records that do not parse, are dropped from the journal. On a real in-VM
 * broker, restarted on its own journal.
 */
class StoredStateTest {

   private static final RuleLanguage LANGUAGE = RuleLanguage.standard();
   private static final String EVENTS = "airport.events";

   @Test
   void theRuleAFilterCarriesIsReadFromTheSelectorFormOnly() throws Exception {
      assertThat(StoredState.ruleOf("q", null)).isNull();
      assertThat(StoredState.ruleOf("q", FilterImpl.createFilter("bagCount > 5"))).as("plain SQL").isNull();
      String selector = LANGUAGE.selector(LANGUAGE.parse("@tag beg BS and bagCount gt 5"));
      assertThat(StoredState.ruleOf("q", FilterImpl.createFilter(selector))).isEqualTo(LANGUAGE.parse("@tag beg BS and bagCount gt 5"));
      assertThat(StoredState.ruleOf("q", FilterImpl.createFilter("TRUE /*rulefilter: bagCount gt many*/")))
            .as("a carried rule that does not parse: the queue keeps its SQL filter").isNull();
   }

   @Test
   void aStoredRuleLoadsEvenWhenTheLimitsWereLoweredSince() throws Exception {
      String longRule = "@tag weq BSM and airline weq CA and flight beg CA9";
      try (InVmBroker broker = InVmBroker.start(Map.of(PluginSettings.MAX_RULE_LENGTH, "20"), config -> { })) {
         Queue bags = broker.subscription(EVENTS, "bags", "@tag beg BS");
         assertThat(longRule.length()).isGreaterThan(20);
         PluginParts.registry(broker.plugin()).store().put(new StoredSubscription("bags", bags.getID(), EVENTS,
               bags.getFilter().getFilterString().toString(), longRule, true, 1, "ops"));
         broker.restart();
         assertThat(PluginParts.registry(broker.plugin()).queries().info(EVENTS, "bags").rule()).isEqualTo(LANGUAGE.parse(longRule)
               .canonical());
         assertThat(PluginParts.registry(broker.plugin()).queries().info(EVENTS, "bags").source()).isEqualTo(RuleSource.MANAGEMENT);
      }
   }

   @Test
   void aRuleStoredBeforeVersion2KeepsItsVersion1Meaning() throws Exception {
      String v1 = "remark beg (urgent"; // version 1: the text '(urgent'; version 2 would read a list never closed
      try (InVmBroker broker = InVmBroker.start()) {
         Queue notes = broker.subscription(EVENTS, "notes", "@tag beg BS");
         PluginParts.registry(broker.plugin()).store().put(new StoredSubscription("notes", notes.getID(), EVENTS,
               notes.getFilter().getFilterString().toString(), v1, true, 1, "ops"));
         broker.restart();
         assertThat(PluginParts.registry(broker.plugin()).queries().info(EVENTS, "notes").rule()).isEqualTo("remark beg '(urgent'");
         assertThat(broker.routes(broker.message(EVENTS, null, Map.of("remark", "(urgent call")))).containsExactly("notes");
         assertThat(broker.routes(broker.message(EVENTS, null, Map.of("remark", "urgent")))).isEmpty();
      }
   }

   @Test
   void recordsThatNoLongerApplyAreDroppedAtTheNextStartAndRemovalsAreKept() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         Queue bags = broker.subscription(EVENTS, "bags", "@tag beg BS");
         Queue broken = broker.subscription(EVENTS, "broken", "@tag beg BS");
         broker.subscription("airport.gates", "gates", null);
         long eventsId = broker.server().getAddressInfo(SimpleString.of(EVENTS)).getId();
         long gatesId = broker.server().getAddressInfo(SimpleString.of("airport.gates")).getId();
         String filter = bags.getFilter().getFilterString().toString();
         RuleStore store = PluginParts.registry(broker.plugin()).store();
         store.put(new StoredSubscription("bags", bags.getID(), EVENTS, filter, null, true, 1, "ops")); // reverted: a tombstone
         store.put(new StoredSubscription("broken", broken.getID(), EVENTS, filter, "bagCount gt many", true, 1, "ops"));
         store.put(new StoredSubscription("gone", 12345, EVENTS, null, "x ex", true, 1, "ops"));
         store.put(new StoredAddressRule(EVENTS, eventsId, null, 1, "ops")); // removed: a tombstone
         store.put(new StoredAddressRule("airport.gates", gatesId + 1000, "x ex", 1, "ops")); // of an earlier address
         store.put(new StoredAddressRule("airport.nowhere", 77, "x ex", 1, "ops"));

         broker.restart();
         SubscriptionRegistry registry = PluginParts.registry(broker.plugin());
         assertThat(registry.queries().info(EVENTS, "broken").rule()).as("an unparsable stored rule is ignored").isEqualTo("@tag beg BS");
         assertThat(registry.addresses().addressRule(EVENTS)).isEmpty();
         assertThat(registry.addresses().addressRule("airport.gates")).as("the rule of an earlier address of that name").isEmpty();
         assertThat(registry.queries().info(EVENTS, "bags").changedAt()).as("the revert, with its time").isEqualTo(1);
         assertThat(registry.store().subscriptions()).containsOnlyKeys("bags");
         assertThat(registry.store().addressRules()).containsOnlyKeys(EVENTS);
      }
   }

   /** Another node may still hold the state a removal replaced: the removal must outlast a restart to win over it. */
   @Test
   void aRemovalSurvivesARestartAndStillWinsOverTheStateItReplaced() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         broker.subscription(EVENTS, "bags", "@tag beg BS");
         RuleManagement management = PluginParts.management(broker.plugin());
         long ruleSetAt = management.setAddressRule(EVENTS, "airline weq CA").changedAt();
         long disabledAt = management.setEnabled(EVENTS, "bags", false).changedAt();
         management.removeAddressRule(EVENTS);
         long enabledAt = management.setEnabled(EVENTS, "bags", true).changedAt();

         broker.restart();
         RuleManagement restarted = PluginParts.management(broker.plugin());
         assertThat(restarted.get(EVENTS, "bags").changedAt()).as("the revert keeps its time").isEqualTo(enabledAt);
         assertThat(restarted.syncSubscription(EVENTS, "bags", null, false, disabledAt, "ops"))
               .as("another node's older switch").isFalse();
         assertThat(restarted.syncAddressRule(EVENTS, "airline weq CA", ruleSetAt, "ops"))
               .as("another node's older address rule").isFalse();
         assertThat(restarted.get(EVENTS, "bags").enabled()).isTrue();
         assertThat(restarted.addressRule(EVENTS)).isEmpty();
         assertThat(broker.routes(broker.message(EVENTS, "MVT", Map.of("airline", "CA"))))
               .as("filtered by its creation rule only").isEmpty();
         assertThat(broker.routes(broker.message(EVENTS, "BSM", Map.of("airline", "MU")))).containsExactly("bags");
      }
   }

   /** What keeps removals from piling up: each is one record per queue or address, and goes with it. */
   @Test
   void aRemovalIsKeptWhileItsQueueOrAddressLivesAndGoesWithIt() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         broker.subscription(EVENTS, "bags", "@tag beg BS");
         broker.subscription(EVENTS, "gates", null);
         RuleManagement management = PluginParts.management(broker.plugin());
         management.setAddressRule(EVENTS, "airline weq CA");
         management.removeAddressRule(EVENTS);
         management.setEnabled(EVENTS, "bags", false);
         management.setEnabled(EVENTS, "bags", true);
         management.setEnabled(EVENTS, "gates", false);
         management.setEnabled(EVENTS, "gates", true);

         broker.restart();
         RuleStore store = PluginParts.registry(broker.plugin()).store();
         assertThat(store.subscriptions()).containsOnlyKeys("bags", "gates");
         assertThat(store.addressRules()).containsOnlyKeys(EVENTS);

         broker.server().destroyQueue(SimpleString.of("bags"));
         assertThat(store.subscriptions()).as("gone with its queue").containsOnlyKeys("gates");
         broker.server().destroyQueue(SimpleString.of("gates"));
         broker.server().removeAddressInfo(SimpleString.of(EVENTS), null);
         assertThat(store.subscriptions()).isEmpty();
         assertThat(store.addressRules()).as("gone with its address").isEmpty();
         broker.restart();
         assertThat(PluginParts.registry(broker.plugin()).store().subscriptions()).isEmpty();
         assertThat(PluginParts.registry(broker.plugin()).store().addressRules()).isEmpty();
      }
   }

   /** A record a failed delete ({@code RFL2101}) left behind names the address it was made for, not a new one. */
   @Test
   void theStoredRuleOfAnEarlierAddressOfThatNameFiltersNothing() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         broker.subscription(EVENTS, "bags", null);
         StoredAddressRule earlier = PluginParts.management(broker.plugin()).setAddressRule(EVENTS, "airline weq CA");
         broker.server().destroyQueue(SimpleString.of("bags"));
         broker.server().removeAddressInfo(SimpleString.of(EVENTS), null);
         broker.subscription(EVENTS, "bags", null); // the address again, under a new id
         assertThat(broker.server().getAddressInfo(SimpleString.of(EVENTS)).getId()).isNotEqualTo(earlier.addressId());
         PluginParts.registry(broker.plugin()).store().put(earlier);

         broker.restart();
         SubscriptionRegistry registry = PluginParts.registry(broker.plugin());
         assertThat(registry.addresses().addressRule(EVENTS)).isEmpty();
         assertThat(registry.queries().info(EVENTS, "bags").addressRule()).isNull();
         assertThat(broker.routes(broker.message(EVENTS, "BSM", Map.of("airline", "MU"))))
               .as("the earlier address's rule filters nothing").containsExactly("bags");
         assertThat(registry.store().addressRules()).isEmpty();
      }
   }

   /** Artemis gives an address a new id when its routing types change (updateAddress, broker.xml, createQueue). */
   @Test
   void anAddressRuleOutlivesAChangeOfItsAddresssRoutingTypes() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         broker.subscription(EVENTS, "bags", null);
         long before = broker.server().getAddressInfo(SimpleString.of(EVENTS)).getId();
         PluginParts.management(broker.plugin()).setAddressRule(EVENTS, "airline weq CA");
         ActiveMQServerControl control = (ActiveMQServerControl) broker.server().getManagementService()
               .getResource(ResourceNames.BROKER);
         control.updateAddress(EVENTS, "MULTICAST,ANYCAST");
         assertThat(broker.server().getAddressInfo(SimpleString.of(EVENTS)).getId()).as("a new id").isNotEqualTo(before);

         broker.restart();
         assertThat(PluginParts.management(broker.plugin()).addressRule(EVENTS)).map(StoredAddressRule::rule).contains("airline weq CA");
         assertThat(broker.routes(broker.message(EVENTS, "BSM", Map.of("airline", "MU")))).isEmpty();
         assertThat(broker.routes(broker.message(EVENTS, "BSM", Map.of("airline", "CA")))).containsExactly("bags");
      }
   }

   @Test
   void aRemovalOutlivesAChangeOfItsAddresssRoutingTypes() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         broker.subscription(EVENTS, "bags", null);
         RuleManagement management = PluginParts.management(broker.plugin());
         long setAt = management.setAddressRule(EVENTS, "airline weq CA").changedAt();
         management.removeAddressRule(EVENTS);
         broker.server().updateAddressInfo(SimpleString.of(EVENTS), EnumSet.of(RoutingType.MULTICAST, RoutingType.ANYCAST));

         broker.restart();
         assertThat(PluginParts.registry(broker.plugin()).store().addressRules()).as("the removal, with its time").containsOnlyKeys(EVENTS);
         assertThat(PluginParts.management(broker.plugin()).syncAddressRule(EVENTS, "airline weq CA", setAt, "ops"))
               .as("another node's older address rule").isFalse();
         assertThat(broker.routes(broker.message(EVENTS, "BSM", Map.of("airline", "MU")))).containsExactly("bags");
      }
   }

   /** A queue of a routing type its address lacks adds that type, hence a new id too. */
   @Test
   void anAddressRuleOutlivesAQueueThatAddsARoutingTypeToItsAddress() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         broker.subscription(EVENTS, "bags", null);
         PluginParts.management(broker.plugin()).setAddressRule(EVENTS, "airline weq CA");
         broker.server().createQueue(QueueConfiguration.of("gates").setAddress(EVENTS).setRoutingType(RoutingType.ANYCAST)
               .setAutoCreateAddress(true));
         assertThat(broker.server().getAddressInfo(SimpleString.of(EVENTS)).getRoutingTypes()).contains(RoutingType.ANYCAST);

         broker.restart();
         assertThat(PluginParts.management(broker.plugin()).addressRule(EVENTS)).map(StoredAddressRule::rule).contains("airline weq CA");
         assertThat(broker.routes(broker.message(EVENTS, "BSM", Map.of("airline", "MU")))).isEmpty();
      }
   }

   /** broker.xml's addresses are deployed after the journal is loaded, so after the stored rules are: they follow. */
   @Test
   void anAddressRuleOutlivesABrokerXmlChangeOfItsAddresssRoutingTypesAtStart() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         broker.subscription(EVENTS, "bags", null);
         PluginParts.management(broker.plugin()).setAddressRule(EVENTS, "airline weq CA");
         broker.server().getConfiguration().addAddressConfiguration(new CoreAddressConfiguration().setName(EVENTS)
               .addRoutingType(RoutingType.MULTICAST).addRoutingType(RoutingType.ANYCAST));

         broker.restart();
         assertThat(broker.server().getAddressInfo(SimpleString.of(EVENTS)).getRoutingTypes()).contains(RoutingType.ANYCAST);
         assertThat(PluginParts.management(broker.plugin()).addressRule(EVENTS)).map(StoredAddressRule::rule).contains("airline weq CA");
         assertThat(broker.routes(broker.message(EVENTS, "BSM", Map.of("airline", "MU")))).isEmpty();
         broker.restart();
         assertThat(PluginParts.management(broker.plugin()).addressRule(EVENTS)).map(StoredAddressRule::rule).contains("airline weq CA");
         assertThat(broker.routes(broker.message(EVENTS, "BSM", Map.of("airline", "MU")))).isEmpty();
      }
   }

   @Test
   void anAddressRuleOfTheSameAddressIsRestored() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         broker.subscription(EVENTS, "bags", "@tag beg BS");
         PluginParts.management(broker.plugin()).setAddressRule(EVENTS, "airline weq CA");
         broker.restart();
         assertThat(PluginParts.registry(broker.plugin()).addresses().addressRule(EVENTS)).get().extracting(StoredAddressRule::rule)
               .isEqualTo("airline weq CA");
         assertThat(broker.routes(broker.message(EVENTS, "BSM", Map.of("airline", "MU")))).isEmpty();
         assertThat(broker.routes(broker.message(EVENTS, "BSM", Map.of("airline", "CA")))).containsExactly("bags");
      }
   }
}

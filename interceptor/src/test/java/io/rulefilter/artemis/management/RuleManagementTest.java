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

import io.rulefilter.RuleLanguage;
import io.rulefilter.artemis.PluginSettings;
import io.rulefilter.artemis.internal.PluginParts;
import io.rulefilter.artemis.store.StoredAddressRule;
import io.rulefilter.artemis.store.StoredSubscription;
import io.rulefilter.artemis.subscription.SubscriptionInfo;
import io.rulefilter.artemis.testing.InVmBroker;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.client.ClientConsumer;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientProducer;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.core.server.Queue;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * Operators' changes, on a real in-VM broker: validated with the configured limits and the CLI's error text, stored
 * before they take effect, refused without a trace when the queue or address does not exist.
 */
class RuleManagementTest {

   private static final String EVENTS = "airport.events";

   @Test
   void aRuleIsRequiredAndAnInvalidOneIsRefusedWithTheCaretUnderTheError() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         RuleManagement management = PluginParts.management(broker.plugin());
         assertThatThrownBy(() -> management.parse(null)).isInstanceOf(IllegalArgumentException.class)
               .hasMessage("RFL4009 RuleFilter: a rule is required");
         String nl = System.lineSeparator();
         assertThatThrownBy(() -> management.parse("bagCount gt many")).isInstanceOf(IllegalArgumentException.class)
               .hasMessageStartingWith("rule error at").hasMessageContaining("expected a number after 'gt', found 'many'")
               .hasMessageEndingWith(nl + "  bagCount gt many" + nl + "              ^");
      }
   }

   @Test
   void theConfiguredLimitsApplyToManagementRules() throws Exception {
      try (InVmBroker broker = InVmBroker.start(Map.of(PluginSettings.MAX_RULE_LENGTH, "20"), config -> { })) {
         broker.subscription(EVENTS, "bags", "@tag beg BS");
         RuleManagement management = PluginParts.management(broker.plugin());
         assertThatThrownBy(() -> management.setRule(EVENTS, "bags", "@tag weq BSM and airline weq CA", false))
               .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("20");
         assertThatThrownBy(() -> management.setAddressRule(EVENTS, "@tag weq BSM and airline weq CA"))
               .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("20");
         assertThat(management.get(EVENTS, "bags").rule()).isEqualTo("@tag beg BS");
         assertThat(PluginParts.registry(broker.plugin()).store().subscriptions()).isEmpty();
      }
   }

   @Test
   void eachChangeIsStoredAndInForceAndNamesWhoMadeIt() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         broker.subscription(EVENTS, "bags", "@tag beg BS");
         RuleManagement management = PluginParts.management(broker.plugin());

         SubscriptionInfo set = management.setRule(EVENTS, "bags", "@TAG  weq MVT", false);
         assertThat(set.rule()).isEqualTo("@tag weq MVT");
         assertThat(set.changedBy()).as("no session or JMX subject here").isEqualTo("jmx (unauthenticated)");
         assertThat(set.purged()).isZero();
         assertThat(broker.routes(broker.message(EVENTS, "MVT", Map.of()))).containsExactly("bags");
         assertThat(broker.routes(broker.message(EVENTS, "BSM", Map.of()))).isEmpty();
         StoredSubscription stored = PluginParts.registry(broker.plugin()).store().subscriptions().get("bags");
         assertThat(stored.rule()).isEqualTo("@tag weq MVT");
         assertThat(stored.queueId()).isEqualTo(broker.queue("bags").getID());

         assertThat(management.setEnabled(EVENTS, "bags", false).enabled()).isFalse();
         assertThat(broker.routes(broker.message(EVENTS, "BSM", Map.of()))).as("switched off: everything").containsExactly("bags");
         assertThat(PluginParts.registry(broker.plugin()).store().subscriptions().get("bags").enabled()).isFalse();
         management.setEnabled(EVENTS, "bags", true);

         SubscriptionInfo removed = management.removeRule(EVENTS, "bags");
         assertThat(removed.rule()).as("back to the creation rule").isEqualTo("@tag beg BS");
         assertThat(PluginParts.registry(broker.plugin()).store().subscriptions().get("bags").isDefault())
               .as("a reverted state is stored as a tombstone").isTrue();
      }
   }

   @Test
   void listenersHearEachChangeInForceWithTheRuleBeforeAndWhereItWasMadeAndCannotBreakIt() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         broker.subscription(EVENTS, "bags", "@tag beg BS");
         RuleManagement management = PluginParts.management(broker.plugin());
         List<String> heard = new CopyOnWriteArrayList<>();
         management.addChangeListener(new ChangeListener() {
            @Override
            public void subscriptionChanged(SubscriptionInfo before, SubscriptionInfo after, Origin origin, String from) {
               heard.add(after.queue() + ": " + before.rule() + (before.enabled() ? "" : " (off)") + " -> " + after.rule()
                     + (after.enabled() ? "" : " (off)") + " by " + after.changedBy() + " on " + origin);
            }

            @Override
            public void addressRuleChanged(String before, StoredAddressRule after, Origin origin, String from) {
               heard.add(after.address() + ": " + before + " -> " + after.rule() + " by " + after.changedBy() + " on "
                     + origin);
            }
         });
         management.addChangeListener(new ChangeListener() { // heard after the first, and its failure breaks nothing
            @Override
            public void subscriptionChanged(SubscriptionInfo before, SubscriptionInfo after, Origin origin, String from) {
               throw new IllegalStateException("a listener that fails");
            }

            @Override
            public void addressRuleChanged(String before, StoredAddressRule after, Origin origin, String from) {
               throw new IllegalStateException("a listener that fails");
            }
         });

         management.setRule(EVENTS, "bags", "@tag weq MVT", false);
         assertThatThrownBy(() -> management.setRule(EVENTS, "bags", "@tag weq", false))
               .isInstanceOf(IllegalArgumentException.class);
         assertThatThrownBy(() -> management.setRule(EVENTS, "nobody", "@tag weq BSM", false));
         management.setEnabled(EVENTS, "bags", false);
         management.removeRule(EVENTS, "bags");
         management.setAddressRule(EVENTS, "airline weq CA");
         assertThat(management.removeAddressRule(EVENTS)).isTrue();
         assertThat(management.removeAddressRule(EVENTS)).as("none to remove").isFalse();
         long later = System.currentTimeMillis() + 1000;
         assertThat(management.syncSubscription(EVENTS, "bags", "@tag weq BSM", true, later, "ops@node2")).isTrue();
         assertThat(management.syncSubscription(EVENTS, "bags", "@tag weq BPM", true, later - 500, "ops@node2"))
               .as("older than this node's state").isFalse();
         assertThat(management.syncAddressRule(EVENTS, "airline weq MU", later, "ops@node2")).isTrue();
         assertThat(management.syncAddressRule("airport.crew", null, later, "ops@node2")).as("a removal of none").isFalse();

         String jmx = "jmx (unauthenticated)";
         assertThat(heard).containsExactly(
               "bags: @tag beg BS -> @tag weq MVT by " + jmx + " on THIS_NODE",
               "bags: @tag weq MVT -> @tag weq MVT (off) by " + jmx + " on THIS_NODE",
               "bags: @tag weq MVT (off) -> @tag beg BS (off) by " + jmx + " on THIS_NODE",
               EVENTS + ": null -> airline weq CA by " + jmx + " on THIS_NODE",
               EVENTS + ": airline weq CA -> null by " + jmx + " on THIS_NODE",
               "bags: @tag beg BS (off) -> @tag weq BSM by ops@node2 on OTHER_NODE",
               EVENTS + ": null -> airline weq MU by ops@node2 on OTHER_NODE");
         assertThat(management.get(EVENTS, "bags").rule()).as("the failing listener undid nothing").isEqualTo("@tag weq BSM");
      }
   }

   /**
    * A queue's filter replaced through Artemis (here its updateQueue, called without a user, as a broker.xml reload
    * calls it) is a change in force like any other: heard with the rule before and after; a filter whose rule is not
    * taken changes nothing and is not heard of, nor is a plain SQL filter replaced by another.
    */
   @Test
   void listenersHearAFilterReplacedThroughArtemisButNotOneRefused() throws Exception {
      try (InVmBroker broker = InVmBroker.start(Map.of(PluginSettings.MAX_RULE_LENGTH, "30"), config -> { })) {
         broker.subscription(EVENTS, "bags", "@tag beg BS");
         broker.subscription(EVENTS, "plain", null);
         RuleManagement management = PluginParts.management(broker.plugin());
         management.setRule(EVENTS, "bags", "@tag weq MVT", false);
         List<String> heard = new CopyOnWriteArrayList<>();
         management.addChangeListener(new ChangeListener() {
            @Override
            public void subscriptionChanged(SubscriptionInfo before, SubscriptionInfo after, Origin origin, String from) {
               heard.add(after.queue() + ": " + before.rule() + " (" + before.source() + ") -> " + after.rule() + " ("
                     + after.source() + ") by " + after.changedBy() + " on " + origin);
               assertThat(after.changedAt()).isCloseTo(System.currentTimeMillis(), within(10_000L));
            }

            @Override
            public void addressRuleChanged(String before, StoredAddressRule after, Origin origin, String from) {
               heard.add(after.address() + ": " + before + " -> " + after.rule());
            }
         });

         replaceFilter(broker, "bags", RuleLanguage.standard().selector(RuleLanguage.standard().parse("@tag weq BSM")));
         replaceFilter(broker, "bags", RuleLanguage.standard().selector(RuleLanguage.standard()
               .parse("@tag weq BSM and airline weq CA and station weq PEK")));
         replaceFilter(broker, "plain", "airline = 'CA'");

         assertThat(management.get(EVENTS, "bags").rule()).as("the longer rule not taken").isEqualTo("@tag weq BSM");
         assertThat(heard).containsExactly("bags: @tag weq MVT (management) -> @tag weq BSM (selector) by Artemis "
               + "(broker.xml reload or updateQueue) on ARTEMIS");
      }
   }

   private static void replaceFilter(InVmBroker broker, String queue, String filter) throws Exception {
      broker.server().updateQueue(QueueConfiguration.of(queue).setAddress(EVENTS).setRoutingType(RoutingType.MULTICAST)
            .setFilterString(filter));
   }

   @Test
   void settingARuleWithPurgeRemovesTheQueuedMessagesItRejects() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         ClientSession session = broker.client();
         Queue bags = broker.subscription(EVENTS, "bags", "@tag beg B");
         try (ClientProducer producer = session.createProducer(EVENTS)) {
            for (String tag : new String[] {"BSM", "BPM", "BSM", "BTM"}) {
               ClientMessage message = session.createMessage(true);
               message.putStringProperty("JMSType", tag);
               producer.send(message);
            }
         }
         InVmBroker.awaitIntake(bags);
         assertThat(bags.getMessageCount()).isEqualTo(4);

         SubscriptionInfo info = PluginParts.management(broker.plugin()).setRule(EVENTS, "bags", "@tag weq BSM", true);
         assertThat(info.purged()).isEqualTo(2);
         session.start();
         try (ClientConsumer consumer = session.createConsumer("bags")) {
            assertThat(InVmBroker.receiveAll(consumer, "JMSType")).containsExactly("BSM", "BSM");
         }
      }
   }

   @Test
   void changesToWhatDoesNotExistAreRefusedAndLeaveNothingStored() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         broker.subscription(EVENTS, "bags", "@tag beg BS");
         RuleManagement management = PluginParts.management(broker.plugin());
         assertThatThrownBy(() -> management.setRule(EVENTS, "nope", "@tag weq BSM", false))
               .hasMessage("RFL4016 RuleFilter: no queue named 'nope' on address 'airport.events'");
         assertThatThrownBy(() -> management.setEnabled("elsewhere", "bags", false)).hasMessageContaining("bags");
         assertThatThrownBy(() -> management.setAddressRule("nowhere", "x ex"))
               .hasMessage("RFL4011 RuleFilter: no address named 'nowhere'");
         assertThat(PluginParts.registry(broker.plugin()).store().subscriptions()).isEmpty();
         assertThat(PluginParts.registry(broker.plugin()).store().addressRules()).isEmpty();
      }
   }

   /** Every node re-sends its removals at each peer connect: where there is nothing to remove, nothing happens. */
   @Test
   void anotherNodesRemovalOfARuleThisNodeNeverHadIsASilentNoOp() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         broker.subscription(EVENTS, "bags", null);
         RuleManagement management = PluginParts.management(broker.plugin());
         long at = System.currentTimeMillis();
         assertThat(management.syncAddressRule(EVENTS, null, at, "ops")).isFalse();
         assertThat(management.syncAddressRule("airport.nowhere", null, at, "ops")).as("no such address here").isFalse();
         assertThat(management.storedAddressRules()).isEmpty();

         management.syncAddressRule(EVENTS, "airline weq CA", at, "ops");
         assertThat(management.syncAddressRule(EVENTS, null, at + 1, "ops")).as("wins over an older rule held here").isTrue();
         assertThat(management.addressRule(EVENTS)).isEmpty();
         assertThat(management.storedAddressRules().get(EVENTS).changedAt()).isEqualTo(at + 1);
      }
   }

   @Test
   void anAddressRuleIsSetReadAndRemovedOnce() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         broker.subscription(EVENTS, "bags", "@tag beg BS");
         RuleManagement management = PluginParts.management(broker.plugin());
         assertThat(management.removeAddressRule(EVENTS)).as("nothing to remove").isFalse();
         assertThat(management.setAddressRule(EVENTS, "airline  weq CA").rule()).isEqualTo("airline weq CA");
         assertThat(management.addressRule(EVENTS)).isPresent();
         assertThat(management.addressRules()).hasSize(1);
         assertThat(broker.routes(broker.message(EVENTS, "BSM", Map.of("airline", "MU")))).isEmpty();
         assertThat(management.removeAddressRule(EVENTS)).isTrue();
         assertThat(management.removeAddressRule(EVENTS)).isFalse();
         assertThat(management.addressRule(EVENTS)).isEmpty();
         assertThat(broker.routes(broker.message(EVENTS, "BSM", Map.of("airline", "MU")))).containsExactly("bags");
      }
   }
}

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

import io.rulefilter.RuleLanguage;
import io.rulefilter.artemis.internal.PluginParts;
import io.rulefilter.artemis.management.PeerChanges;
import io.rulefilter.artemis.management.RuleManagement;
import io.rulefilter.artemis.store.StoredAddressRule;
import io.rulefilter.artemis.subscription.PeerForwarding;
import io.rulefilter.artemis.subscription.SubscriptionInfo;
import io.rulefilter.artemis.subscription.SubscriptionRegistry;
import io.rulefilter.artemis.testing.InVmPair;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A rule change is confirmed by the journal, replication to the backup included, before it is put in force and the
 * call returns; one the backup does not confirm in time is refused and changes nothing: not what is in force, nor
 * what this broker's journal would load at its next start.
 */
class UnconfirmedChangeTest {

   private static final String EVENTS = "airport.events";
   private static final String GATES = "airport.gates";
   /** Far beyond a scheduling stall of the loaded test machine: the changes before the pause are confirmed. */
   private static final String CONFIRM_TIMEOUT_MS = "5000";
   private static final RuleLanguage LANGUAGE = RuleLanguage.standard();
   private static final String NOT_CONFIRMED = "not confirmed";

   @Test
   void aChangeTheBackupDoesNotConfirmIsRefusedAndChangesNothing() throws Exception {
      try (InVmPair pair = InVmPair.start(Map.of(PluginSettings.CHANGE_CONFIRM_TIMEOUT, CONFIRM_TIMEOUT_MS))) {
         subscription(pair.primary(), EVENTS, "loads", "@tag beg LD");
         subscription(pair.primary(), EVENTS, "all", "@tag weq MVT");
         subscription(pair.primary(), GATES, "gates", "@tag weq GTE");
         RuleManagement management = PluginParts.management(InVmPair.plugin(pair.primary()));
         management.setRule(EVENTS, "loads", "@tag weq LDM", false);
         management.setAddressRule(EVENTS, "not airline weq XX");

         RecordedPeers peers = new RecordedPeers();
         management.passChangesTo(peers);

         pair.backupStopsAcknowledging();
         assertThatThrownBy(() -> management.setRule(EVENTS, "loads", "@tag weq BSM", false))
               .hasMessageStartingWith("RFL4003 RuleFilter: ").hasMessageContaining(NOT_CONFIRMED)
               .hasMessageContaining("nothing changed");
         assertThatThrownBy(() -> management.setEnabled(EVENTS, "all", false)).hasMessageContaining(NOT_CONFIRMED);
         assertThat(peers.told).as("other nodes forward what either state accepts first, then the old state again")
               .containsExactly("also loads: @tag weq BSM", "only loads: @tag weq LDM", "also all: everything",
                     "only all: creation rule");
         assertThatThrownBy(() -> management.setAddressRule(EVENTS, "airline weq BA")).hasMessageContaining(NOT_CONFIRMED);
         assertThatThrownBy(() -> management.removeAddressRule(EVENTS)).hasMessageContaining(NOT_CONFIRMED);
         assertThatThrownBy(() -> management.setAddressRule(GATES, "airline weq BA")).as("a first address rule")
               .hasMessageContaining(NOT_CONFIRMED);

         SubscriptionRegistry registry = PluginParts.registry(InVmPair.plugin(pair.primary()));
         assertThat(registry.queries().info(EVENTS, "loads").rule()).isEqualTo("@tag weq LDM");
         assertThat(registry.queries().info(EVENTS, "all").enabled()).isTrue();
         assertThat(registry.queries().info(EVENTS, "all").addressRule()).isEqualTo("not airline weq XX");
         assertThat(registry.queries().info(GATES, "gates").addressRule()).isNull();

         pair.backup().stop(); // the primary starts again on its own journal
         pair.primary().stop();
         pair.primary().start();
         assertThat(pair.primary().waitForActivation(30, TimeUnit.SECONDS)).isTrue();
         SubscriptionRegistry restarted = PluginParts.registry(InVmPair.plugin(pair.primary()));
         assertThat(restarted.queries().info(EVENTS, "loads").rule()).isEqualTo("@tag weq LDM");
         assertThat(restarted.queries().info(EVENTS, "all").enabled()).isTrue();
         assertThat(restarted.queries().info(EVENTS, "all").addressRule()).isEqualTo("not airline weq XX");
         assertThat(restarted.queries().info(GATES, "gates").addressRule()).isNull();
      }
   }

   private static void subscription(ActiveMQServer server, String address, String queue, String rule) throws Exception {
      server.createQueue(QueueConfiguration.of(queue).setAddress(address).setRoutingType(RoutingType.MULTICAST)
            .setFilterString(LANGUAGE.selector(LANGUAGE.parse(rule))).setAutoCreateAddress(true));
   }

   /** What a cluster's other nodes are told to forward to this node's queues. */
   private static final class RecordedPeers implements PeerChanges {

      final List<String> told = new CopyOnWriteArrayList<>();

      @Override
      public void subscriptionChanged(SubscriptionInfo subscription) {
      }

      @Override
      public void addressRuleChanged(StoredAddressRule rule) {
      }

      @Override
      public void forwardingWidens(String queue, PeerForwarding from, PeerForwarding to) {
         told.add("also " + queue + ": " + describe(to));
      }

      @Override
      public void forwardingChanged(String queue, PeerForwarding now) {
         told.add("only " + queue + ": " + describe(now));
      }

      private static String describe(PeerForwarding forwarding) {
         return !forwarding.managed() ? "creation rule" : forwarding.isEverything() ? "everything" : forwarding.rule();
      }

      @Override
      public long epoch() {
         return 0;
      }
   }
}

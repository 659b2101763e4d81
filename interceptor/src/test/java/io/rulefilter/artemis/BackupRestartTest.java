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
import io.rulefilter.artemis.management.RuleManagement;
import io.rulefilter.artemis.subscription.RuleSource;
import io.rulefilter.artemis.subscription.SubscriptionRegistry;
import io.rulefilter.artemis.testing.InVmPair;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Artemis restarts an HA broker in place, on the same server object with the same plugin instance: a backup that
 * lost its primary while a quorum vote or the network check says the primary is still alive, a backup that gave way
 * to its primary on fail-back. Whatever the plugin did in an earlier life of the broker must not touch the rules
 * of the next: a backup restarted before it was ever active keeps every rule, switch and address rule when it takes
 * over, in force and in the journal.
 */
class BackupRestartTest {

   private static final String EVENTS = "airport.events";
   private static final RuleLanguage LANGUAGE = RuleLanguage.standard();

   @Test
   void aBackupRestartedInPlaceKeepsEveryRuleWhenItTakesOver() throws Exception {
      try (InVmPair pair = InVmPair.start()) {
         subscription(pair.primary(), "loads", null);
         subscription(pair.primary(), "all", "@tag weq MVT");
         RuleManagement management = PluginParts.management(InVmPair.plugin(pair.primary()));
         management.setRule(EVENTS, "loads", "@tag weq LDM", false);
         management.setEnabled(EVENTS, "all", false);
         management.setAddressRule(EVENTS, "not airline weq XX");

         // what SharedNothingBackupActivation does on FAILURE_RETRY: stop(false), start(), on the same server
         pair.backup().stop(false);
         pair.startBackup();
         pair.failOver();
         assertEveryRule(PluginParts.registry(InVmPair.plugin(pair.backup())));
         assertThat(PluginParts.registry(InVmPair.plugin(pair.backup())).store().subscriptions())
               .as("the management rule and the switch, in the journal for the next start").containsKeys("loads", "all");

         pair.backup().stop(); // the former backup, primary now, starts again on its journal
         pair.backup().start();
         assertThat(pair.backup().waitForActivation(30, TimeUnit.SECONDS)).isTrue();
         assertEveryRule(PluginParts.registry(InVmPair.plugin(pair.backup())));
      }
   }

   private static void assertEveryRule(SubscriptionRegistry registry) {
      assertThat(registry.queries().info(EVENTS, "loads").rule()).isEqualTo("@tag weq LDM");
      assertThat(registry.queries().info(EVENTS, "loads").source()).isEqualTo(RuleSource.MANAGEMENT);
      assertThat(registry.queries().info(EVENTS, "all").enabled()).isFalse();
      assertThat(registry.queries().info(EVENTS, "all").addressRule()).isEqualTo("not airline weq XX");
   }

   private static void subscription(ActiveMQServer server, String queue, String rule) throws Exception {
      server.createQueue(QueueConfiguration.of(queue).setAddress(EVENTS).setRoutingType(RoutingType.MULTICAST)
            .setFilterString(rule == null ? null : LANGUAGE.selector(LANGUAGE.parse(rule))).setAutoCreateAddress(true));
   }
}

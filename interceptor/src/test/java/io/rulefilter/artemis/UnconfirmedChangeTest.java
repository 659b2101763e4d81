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
import io.rulefilter.artemis.management.RuleManagement;
import io.rulefilter.artemis.subscription.SubscriptionRegistry;
import io.rulefilter.artemis.testing.InVmPair;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.junit.jupiter.api.Test;

import java.util.Map;
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
   private static final RuleLanguage LANGUAGE = RuleLanguage.standard();
   private static final String NOT_CONFIRMED = "not confirmed";

   @Test
   void aChangeTheBackupDoesNotConfirmIsRefusedAndChangesNothing() throws Exception {
      try (InVmPair pair = InVmPair.start(Map.of(PluginSettings.CHANGE_CONFIRM_TIMEOUT, "500"))) {
         subscription(pair.primary(), "loads", "@tag beg LD");
         subscription(pair.primary(), "all", "@tag weq MVT");
         RuleManagement management = InVmPair.plugin(pair.primary()).management();
         management.setRule(EVENTS, "loads", "@tag weq LDM", false);
         management.setAddressRule(EVENTS, "not airline weq XX");

         pair.backupStopsAcknowledging();
         assertThatThrownBy(() -> management.setRule(EVENTS, "loads", "@tag weq BSM", false))
               .hasMessageContaining(NOT_CONFIRMED).hasMessageContaining("nothing changed");
         assertThatThrownBy(() -> management.setEnabled(EVENTS, "all", false)).hasMessageContaining(NOT_CONFIRMED);
         assertThatThrownBy(() -> management.setAddressRule(EVENTS, "airline weq BA")).hasMessageContaining(NOT_CONFIRMED);
         assertThatThrownBy(() -> management.removeAddressRule(EVENTS)).hasMessageContaining(NOT_CONFIRMED);

         SubscriptionRegistry registry = InVmPair.plugin(pair.primary()).registry();
         assertThat(registry.info(EVENTS, "loads").rule()).isEqualTo("@tag weq LDM");
         assertThat(registry.info(EVENTS, "all").enabled()).isTrue();
         assertThat(registry.info(EVENTS, "all").addressRule()).isEqualTo("not airline weq XX");

         pair.backup().stop(); // the primary starts again on its own journal
         pair.primary().stop();
         pair.primary().start();
         assertThat(pair.primary().waitForActivation(30, TimeUnit.SECONDS)).isTrue();
         SubscriptionRegistry restarted = InVmPair.plugin(pair.primary()).registry();
         assertThat(restarted.info(EVENTS, "loads").rule()).isEqualTo("@tag weq LDM");
         assertThat(restarted.info(EVENTS, "all").enabled()).isTrue();
         assertThat(restarted.info(EVENTS, "all").addressRule()).isEqualTo("not airline weq XX");
      }
   }

   private static void subscription(ActiveMQServer server, String queue, String rule) throws Exception {
      server.createQueue(QueueConfiguration.of(queue).setAddress(EVENTS).setRoutingType(RoutingType.MULTICAST)
            .setFilterString(LANGUAGE.selector(LANGUAGE.parse(rule))).setAutoCreateAddress(true));
   }
}

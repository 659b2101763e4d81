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
import io.rulefilter.artemis.management.RuleFilterControlMBean;
import io.rulefilter.artemis.testing.InVmPair;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A backup that has not taken over has registered RuleFilter's management operations (JMX, the web console's
 * Jolokia) but loaded no subscription yet: asked, it says that it is not active, instead of answering that there
 * are no rules (which an operator checking the backup would take for rules lost) or no such queue.
 */
class PassiveBackupManagementTest {

   private static final String EVENTS = "airport.events";
   private static final String NOT_ACTIVE = "this broker is not active";
   private static final RuleLanguage LANGUAGE = RuleLanguage.standard();

   @Test
   void aBackupThatHasNotTakenOverSaysSoAndShowsEveryRuleOnceItHas() throws Exception {
      try (InVmPair pair = InVmPair.start()) {
         subscription(pair.primary(), "loads", "@tag beg LD");
         PluginParts.management(InVmPair.plugin(pair.primary())).setRule(EVENTS, "loads", "@tag weq LDM", false);
         PluginParts.management(InVmPair.plugin(pair.primary())).setAddressRule(EVENTS, "not airline weq XX");

         RuleFilterControlMBean backup = control(pair.backup());
         assertThatThrownBy(backup::listRules).hasMessageStartingWith("RFL4021 RuleFilter: ").hasMessageContaining(NOT_ACTIVE);
         assertThatThrownBy(() -> backup.getRule(EVENTS, "loads")).hasMessageContaining(NOT_ACTIVE);
         assertThatThrownBy(() -> backup.getAddressRule(EVENTS)).hasMessageContaining(NOT_ACTIVE);
         assertThatThrownBy(() -> backup.setRule(EVENTS, "loads", "@tag weq BSM")).hasMessageContaining(NOT_ACTIVE);
         assertThatThrownBy(() -> backup.disable(EVENTS, "loads")).hasMessageContaining(NOT_ACTIVE);

         pair.failOver();
         RuleFilterControlMBean active = control(pair.backup());
         assertThat(active.getRule(EVENTS, "loads")).contains("\"rule\":\"@tag weq LDM\"", "\"source\":\"management\"");
         assertThat(active.listRules()).contains("\"queue\":\"loads\"", "\"rule\":\"not airline weq XX\"");
      }
   }

   /**
    * A change refused on the backup (or any call before the journal is loaded) leaves nothing behind: the backup
    * loads every management rule, switch and address rule of the journal when it takes over.
    */
   @Test
   void aChangeRefusedOnTheBackupKeepsEveryRuleItFailsOverWith() throws Exception {
      try (InVmPair pair = InVmPair.start()) {
         subscription(pair.primary(), "loads", "@tag beg LD");
         subscription(pair.primary(), "all", "@tag weq MVT");
         PluginParts.management(InVmPair.plugin(pair.primary())).setRule(EVENTS, "loads", "@tag weq LDM", false);
         PluginParts.management(InVmPair.plugin(pair.primary())).setEnabled(EVENTS, "all", false);
         PluginParts.management(InVmPair.plugin(pair.primary())).setAddressRule(EVENTS, "not airline weq XX");

         RuleFilterControlMBean backup = control(pair.backup());
         assertThatThrownBy(() -> backup.setAddressRule(EVENTS, "airline weq BA")).hasMessageContaining(NOT_ACTIVE);
         assertThatThrownBy(() -> backup.removeAddressRule(EVENTS)).hasMessageContaining(NOT_ACTIVE);

         pair.failOver();
         RuleFilterControlMBean active = control(pair.backup());
         assertThat(active.getRule(EVENTS, "loads")).contains("\"rule\":\"@tag weq LDM\"", "\"source\":\"management\"");
         assertThat(active.getRule(EVENTS, "all")).contains("\"enabled\":false");
         assertThat(active.getAddressRule(EVENTS)).contains("\"rule\":\"not airline weq XX\"");
      }
   }

   /** What JMX and management messages call: the resource RuleFilter registered with the broker's management. */
   private static RuleFilterControlMBean control(ActiveMQServer server) {
      return (RuleFilterControlMBean) server.getManagementService().getUntypedControl(RuleFilterControlMBean.RESOURCE_NAME);
   }

   private static void subscription(ActiveMQServer server, String queue, String rule) throws Exception {
      server.createQueue(QueueConfiguration.of(queue).setAddress(EVENTS).setRoutingType(RoutingType.MULTICAST)
            .setFilterString(LANGUAGE.selector(LANGUAGE.parse(rule))).setAutoCreateAddress(true));
   }
}

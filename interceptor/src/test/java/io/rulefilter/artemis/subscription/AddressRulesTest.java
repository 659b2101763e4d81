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
import io.rulefilter.artemis.server.ServerParts;
import io.rulefilter.artemis.store.StoredAddressRule;
import io.rulefilter.artemis.testing.InVmBroker;
import io.rulefilter.rule.Rule;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.server.impl.AddressInfo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import org.junit.jupiter.api.Test;

/** Address rules, on a real in-VM broker: a change applies to the very address it was prepared for, or not at all. */
class AddressRulesTest {

   private static final RuleLanguage LANGUAGE = RuleLanguage.standard();
   private static final Rule CA = LANGUAGE.parse("airline weq CA");

   @Test
   void aPreparedRuleIsInForceOnceCommittedAndGoneOnceRemoved() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         broker.subscription("airport.gates", "gates", null);
         broker.subscription("airport.events", "bags", null);
         AddressRules rules = rulesOf(broker);
         rules.commit(rules.prepare("airport.gates", CA, "ops", 2), CA);
         StoredAddressRule events = rules.prepare("airport.events", CA, "ops", 1);
         rules.commit(events, CA);

         assertThat(rules.get("airport.events").stored()).isEqualTo(events);
         assertThat(rules.stored()).extracting(StoredAddressRule::address).containsExactly("airport.events", "airport.gates");
         assertThat(rules.stored("airport.events")).contains(events);

         rules.commit(rules.prepare("airport.events", null, "ops", 3), null);
         assertThat(rules.get("airport.events")).isNull();
         assertThat(rules.remove("airport.gates")).isTrue();
         assertThat(rules.remove("airport.gates")).isFalse();
      }
   }

   @Test
   void aChangeToAnAddressDeletedSinceItWasPreparedChangesNothing() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         broker.subscription("airport.events", "bags", null);
         AddressRules rules = rulesOf(broker);
         StoredAddressRule record = rules.prepare("airport.events", CA, "ops", 1);
         broker.server().destroyQueue(SimpleString.of("bags"));
         broker.server().removeAddressInfo(SimpleString.of("airport.events"), null);

         assertThatThrownBy(() -> rules.commit(record, CA)).isInstanceOf(IllegalStateException.class)
               .hasMessageContaining("was deleted");
         assertThat(rules.get("airport.events")).isNull();
      }
   }

   @Test
   void onlyAnAddressThatTakesRulesHasOne() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         AddressRules rules = rulesOf(broker);
         assertThatThrownBy(() -> rules.prepare("airport.nowhere", CA, "ops", 1))
               .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no address named");
         assertThatThrownBy(() -> rules.stored("activemq.management")).isInstanceOf(IllegalArgumentException.class);
      }
   }

   /** A temporary address has no journal record, hence id 0, which a stored record takes for "any address". */
   @Test
   void aTemporaryAddressTakesNoRule() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         broker.server().addAddressInfo(new AddressInfo("airport.reply").addRoutingType(RoutingType.MULTICAST)
               .setTemporary(true));
         AddressRules rules = rulesOf(broker);
         assertThatThrownBy(() -> rules.prepare("airport.reply", CA, "ops", 1)).isInstanceOf(IllegalArgumentException.class)
               .hasMessage("RFL4013 RuleFilter: address 'airport.reply' is temporary: it goes with its connection and is never stored, so "
                     + "it takes no rules");
      }
   }

   private static AddressRules rulesOf(InVmBroker broker) {
      ServerParts parts = ServerParts.of(broker.server());
      return new AddressRules(new RuleAddresses(parts.postOffice().postOffice(), parts.reservedPrefixes()),
            RuleLanguage.of(PluginSettings.DEFAULT.model().tagProperty(), PluginSettings.DEFAULT.limits()));
   }
}

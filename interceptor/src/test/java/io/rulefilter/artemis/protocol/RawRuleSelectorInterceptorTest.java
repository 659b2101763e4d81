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
package io.rulefilter.artemis.protocol;

import io.rulefilter.RuleLanguage;
import io.rulefilter.artemis.PluginSettings;
import io.rulefilter.artemis.internal.PluginParts;
import io.rulefilter.artemis.testing.InVmBroker;
import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Core clients' queue filters in the selector form: their rule is checked once, when Artemis creates the queue, and a
 * client is refused what it was refused before, also where it would join a queue that already has its filter.
 */
class RawRuleSelectorInterceptorTest {

   private static final RuleLanguage LANGUAGE = RuleLanguage.standard();
   private static final String EVENTS = "airport.events";
   private static final String THREE_CONDITIONS = "airline weq CA and bagCount gt 2 and @tag beg BS";

   @Test
   void aRuleInTheSelectorFormIsCheckedWhenTheQueueIsCreated() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         ClientSession client = broker.client();
         String form = LANGUAGE.selector(LANGUAGE.parse(THREE_CONDITIONS));
         client.createSharedQueue(shared("bags", form));
         assertThat(PluginParts.registry(broker.plugin()).queries().info(EVENTS, "bags").rule()).isEqualTo(THREE_CONDITIONS);
         assertThat(broker.queue("bags").getFilter().getFilterString().toString()).isEqualTo(form);
         client.createSharedQueue(shared("bags", form)); // joins it
         assertThatThrownBy(() -> client.createSharedQueue(shared("damaged", "TRUE /*rulefilter: x gt many*/")))
               .isInstanceOf(ActiveMQException.class).hasMessageContaining("the rule in this selector is not valid")
               .hasMessageContaining("expected a number after 'gt', found 'many'");
         assertThat(broker.queue("damaged")).isNull();
      }
   }

   @Test
   void aRuleTheLimitsNowRefuseIsRefusedAlsoWhereItsQueueExists() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         String form = LANGUAGE.selector(LANGUAGE.parse(THREE_CONDITIONS));
         broker.subscription(EVENTS, "bags", THREE_CONDITIONS);
         broker.restart(Map.of(PluginSettings.MAX_CONDITIONS, "2"));
         assertThat(PluginParts.registry(broker.plugin()).queries().info(EVENTS, "bags").rule()).as("a stored rule still loads")
               .isEqualTo(THREE_CONDITIONS);
         ClientSession client = broker.client();
         assertThatThrownBy(() -> client.createSharedQueue(shared("bags", form))).as("joining the queue with its filter")
               .isInstanceOf(ActiveMQException.class).hasMessageContaining("filter");
         for (String queue : new String[] {"more-bags", "other"}) {
            String filter = queue.equals("other") ? LANGUAGE.selector(LANGUAGE.parse(THREE_CONDITIONS + " and x ex")) : form;
            assertThatThrownBy(() -> client.createSharedQueue(shared(queue, filter))).as("a new queue")
                  .isInstanceOf(ActiveMQException.class).hasMessageContaining("more than the limit of 2 conditions");
            assertThat(broker.queue(queue)).isNull();
         }
      }
   }

   private static QueueConfiguration shared(String queue, String filter) {
      return QueueConfiguration.of(queue).setAddress(SimpleString.of(EVENTS)).setRoutingType(RoutingType.MULTICAST)
            .setFilterString(filter).setDurable(true);
   }
}

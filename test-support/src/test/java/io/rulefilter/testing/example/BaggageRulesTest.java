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
package io.rulefilter.testing.example;

import io.rulefilter.testing.AirportMessage;
import io.rulefilter.testing.RuleFilterExtension;
import io.rulefilter.testing.Subscriber;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class BaggageRulesTest {
   @RegisterExtension
   static RuleFilterExtension broker = new RuleFilterExtension();

   AirportMessage bsm = AirportMessage.tagged("BSM").with("airline", "CA").with("bagCount", 3);
   AirportMessage mvt = AirportMessage.tagged("MVT").with("airline", "CA");

   @Test
   void sortationGetsBaggageMessagesOnly() throws Exception {
      broker.assertThatRule("@tag beg BS").delivers(bsm).of(bsm, mvt);
   }

   @Test
   void aChangedRuleTakesEffectAtOnce() throws Exception {
      Subscriber sorter = broker.subscribe("airport.events", "sorter", "@tag weq MVT");
      broker.setRule(sorter, "airline weq CA and bagCount gt 2");
      broker.publish("airport.events", bsm, mvt);
      sorter.assertReceived(bsm);
   }
}

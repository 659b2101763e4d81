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
package io.rulefilter.artemis.routing;

import io.rulefilter.artemis.server.ServerParts;
import io.rulefilter.artemis.testing.InVmBroker;
import io.rulefilter.message.MessageModel;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The indexes built alone from a broker's parts, and the monitor their state needs, asserted where it is needed. */
class AddressIndexesAloneTest {

   @Test
   void theIndexesAreBuiltFromTheBrokersPartsAndRefuseACallWithoutThePostOfficesMonitor() throws Exception {
      try (InVmBroker broker = InVmBroker.start()) {
         broker.subscription("airport.events", "bsm", "@tag weq BSM");
         ServerParts parts = ServerParts.of(broker.server());
         AddressIndexes indexes = new AddressIndexes(parts, MessageModel.DEFAULT, true,
               ThreadLocal.withInitial(() -> new ArtemisMessageView(MessageModel.DEFAULT.tagProperty())));

         assertThatThrownBy(() -> indexes.forget("airport.events")).isInstanceOf(AssertionError.class)
               .hasMessageContaining("post office's monitor");
         synchronized (parts.postOffice().monitor()) {
            indexes.bindingsChanged(broker.queue("bsm").getAddress());
            assertThat(indexes.routing("airport.events"))
                  .isEqualTo(new AddressIndexes.Routing(false, "fewer than 4 queues"));
         }
      }
   }
}

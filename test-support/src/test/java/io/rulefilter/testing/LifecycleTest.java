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
package io.rulefilter.testing;

import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.config.DivertConfiguration;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestClassOrder;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** One broker for a class and its nested classes, emptied between tests. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@TestClassOrder(ClassOrderer.OrderAnnotation.class)
class LifecycleTest {

   @RegisterExtension
   static RuleFilterExtension broker = new RuleFilterExtension();

   static final AirportMessage BSM = AirportMessage.tagged("BSM").with("airline", "CA");

   /** When the broker started, by the wall clock, as seen by the first test. */
   static long startedAt;

   @Test
   @Order(1)
   void aTestLeavesADivertBehind() throws Exception {
      startedAt = startedAt();
      broker.subscribe("airport.events", "sorter", "@tag beg BS");
      broker.getServer().getActiveMQServer().deployDivert(new DivertConfiguration().setName("copy")
            .setAddress("airport.events").setForwardingAddress("airport.copies").setExclusive(false));
      assertThat(broker.getServer().getActiveMQServer().getPostOffice().getBinding(SimpleString.of("copy"))).isNotNull();
   }

   @Test
   @Order(2)
   void theNextTestFindsNoDivert() throws Exception {
      assertThat(broker.getServer().getActiveMQServer().getPostOffice().getBinding(SimpleString.of("copy"))).isNull();
      Subscriber copies = broker.subscribe("airport.copies", "copies", null);
      Subscriber sorter = broker.subscribe("airport.events", "sorter", "@tag beg BS");
      broker.publish("airport.events", BSM);
      sorter.assertReceived(BSM);
      copies.assertReceived();
   }

   private static long startedAt() {
      return System.currentTimeMillis() - broker.getServer().getActiveMQServer().getUptimeMillis();
   }

   @Nested
   @Order(1)
   class FirstNestedClass {
      @Test
      void usesTheClassBroker() throws Exception {
         assertThat(startedAt()).as("the class broker's start").isCloseTo(startedAt, within(50L));
         broker.subscribe("airport.events", "nested", "@tag beg BS");
      }
   }

   /** JUnit calls the outer class's extension once more for each nested class: the broker must outlive them. */
   @Nested
   @Order(2)
   class SecondNestedClass {
      @Test
      void findsTheClassBrokerStillRunningAndEmpty() throws Exception {
         assertThat(startedAt()).as("the class broker's start").isCloseTo(startedAt, within(50L));
         assertThat(broker.locateQueue("nested")).isNull();
         Subscriber sorter = broker.subscribe("airport.events", "nested", "@tag beg BS");
         broker.publish("airport.events", BSM);
         sorter.assertReceived(BSM);
      }
   }
}

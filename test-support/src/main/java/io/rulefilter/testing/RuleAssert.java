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

import jakarta.jms.JMSException;
import org.apache.activemq.artemis.api.core.ActiveMQException;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Assertions on what a rule delivers, run through the broker: {@code broker.assertThatRule("@tag beg BS")
 * .delivers(bsm).of(bsm, mvt)} creates a subscription with the rule on an address of its own, publishes the messages
 * and checks which arrive.
 */
public final class RuleAssert {

   private final RuleFilterExtension broker;
   private final String rule;

   RuleAssert(RuleFilterExtension broker, String rule) {
      this.broker = broker;
      this.rule = rule;
      broker.language().parse(rule); // an invalid rule fails here, with its error and position
   }

   /** The messages the rule should deliver; name all the messages it sees with {@link Delivery#of}. */
   public Delivery delivers(AirportMessage... expected) {
      return new Delivery(Arrays.asList(expected));
   }

   /** The rule should deliver none of the messages given to {@link Delivery#of}. */
   public Delivery deliversNothing() {
      return new Delivery(List.of());
   }

   /** The second half of {@link #delivers}. */
   public final class Delivery {
      private final List<AirportMessage> expected;

      private Delivery(List<AirportMessage> expected) {
         this.expected = expected;
      }

      /** Publishes {@code published} to a subscription with the rule and asserts it received exactly the expected. */
      public void of(AirportMessage... published) throws JMSException, ActiveMQException {
         List<AirportMessage> all = Arrays.asList(published);
         if (!all.containsAll(expected)) {
            List<AirportMessage> missing = new ArrayList<>(expected);
            missing.removeAll(all);
            throw new IllegalArgumentException("delivers(...) names messages that of(...) does not publish: " + missing);
         }
         List<AirportMessage> wanted = all.stream().filter(expected::contains).toList();
         Subscriber subscriber = broker.subscribeAlone(rule);
         broker.publish(subscriber.address(), published);
         List<AirportMessage> actual = subscriber.received();
         if (!actual.equals(wanted)) {
            throw new AssertionError(new DeliveryReport("a subscriber", rule, null, broker.language()).of(wanted, actual));
         }
      }
   }
}

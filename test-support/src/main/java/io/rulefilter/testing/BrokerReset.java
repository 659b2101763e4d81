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

import org.apache.activemq.artemis.api.core.ActiveMQAddressDoesNotExistException;
import org.apache.activemq.artemis.api.core.ActiveMQNonExistentQueueException;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.postoffice.Binding;
import org.apache.activemq.artemis.core.postoffice.impl.DivertBinding;
import org.apache.activemq.artemis.core.postoffice.impl.LocalQueueBinding;
import org.apache.activemq.artemis.core.server.ActiveMQServer;

import java.util.ArrayList;
import java.util.List;

/**
 * Empties a running broker between tests: every divert, queue and address a test made goes, and with its address
 * each address rule. Each
 * step runs even when an earlier one failed; what is already gone is no failure.
 */
final class BrokerReset {

   private final ActiveMQServer server;
   private final List<Exception> failures = new ArrayList<>();

   private BrokerReset(ActiveMQServer server) {
      this.server = server;
   }

   static void empty(ActiveMQServer server) {
      BrokerReset reset = new BrokerReset(server);
      reset.run();
      if (!reset.failures.isEmpty()) {
         IllegalStateException failure = new IllegalStateException("could not empty the broker for the next test");
         reset.failures.forEach(failure::addSuppressed);
         throw failure;
      }
   }

   private void run() {
      for (Binding binding : server.getPostOffice().getAllBindings().toList()) {
         if (binding instanceof DivertBinding) {
            attempt(() -> server.destroyDivert(binding.getUniqueName()));
         }
      }
      for (Binding binding : server.getPostOffice().getAllBindings().toList()) {
         if (binding instanceof LocalQueueBinding local && !local.getQueue().isInternalQueue()) {
            attempt(() -> server.destroyQueue(local.getQueue().getName(), null, false, true));
         }
      }
      for (SimpleString address : List.copyOf(server.getPostOffice().getAddresses())) {
         if (!address.toString().startsWith("activemq.")) {
            attempt(() -> server.removeAddressInfo(address, null, true));
         }
      }
   }

   private void attempt(Step step) {
      try {
         step.run();
      } catch (ActiveMQNonExistentQueueException | ActiveMQAddressDoesNotExistException gone) {
         // removed meanwhile (a temporary queue with its consumer, an address with its last queue): nothing to do
      } catch (Exception e) {
         failures.add(e);
      }
   }

   @FunctionalInterface
   private interface Step {
      void run() throws Exception;
   }
}
